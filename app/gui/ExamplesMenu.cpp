// SPDX-License-Identifier: MIT
#include "app/gui/ExamplesMenu.hpp"

#include <QCoreApplication>
#include <QDir>

namespace weft::gui {

ExamplesMenu::ExamplesMenu(QWidget *parent) : QMenu(tr("E&xamples"), parent) {
    setObjectName(QStringLiteral("examplesMenu"));
    setToolTipsVisible(true);
    connect(this, &QMenu::aboutToShow, this, &ExamplesMenu::refresh);
    refresh();
}

QString ExamplesMenu::examplesDir() {
    const QString fromEnvironment = qEnvironmentVariable("WEFT_EXAMPLES_DIR");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    const QString installed = QCoreApplication::applicationDirPath() + QStringLiteral("/../share/weft/examples");
    if (QDir(installed).exists())
        return QDir::cleanPath(installed);
    return QStringLiteral(WEFT_GUI_EXAMPLES_DIR);
}

void ExamplesMenu::refresh() {
    clear();
    const QDir dir(examplesDir());
    const QStringList files = dir.entryList({QStringLiteral("*.c")}, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        QAction *a = addAction(name);
        const QString path = dir.filePath(name);
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] { Q_EMIT exampleChosen(path); });
    }
    if (files.isEmpty())
        addAction(tr("(no examples found)"))->setEnabled(false);
}

} // namespace weft::gui
