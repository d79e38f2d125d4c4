// SPDX-License-Identifier: MIT
#include "app/gui/RecentFilesMenu.hpp"

#include <QFileInfo>
#include <QSettings>

namespace weft::gui {

namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFilesMenu::RecentFilesMenu(QWidget *parent) : QMenu(tr("&Recent Files"), parent) {
    setObjectName(QStringLiteral("recentFilesMenu"));
    setToolTipsVisible(true);
    rebuild();
}

QStringList RecentFilesMenu::files() const { return QSettings().value(kKey).toStringList(); }

void RecentFilesMenu::add(const QString &path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxFiles)
        list.removeLast();
    QSettings().setValue(kKey, list);
    rebuild();
}

void RecentFilesMenu::rebuild() {
    clear();
    const QStringList list = files();
    for (int i = 0; i < list.size(); ++i) {
        const QString path = list[i];
        QAction *a = addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        a->setToolTip(path);
        if (i < 9)
            a->setShortcut(QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, path] { Q_EMIT fileChosen(path); });
    }
    if (list.isEmpty())
        addAction(tr("(none yet)"))->setEnabled(false);
}

} // namespace weft::gui
