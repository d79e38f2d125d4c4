// SPDX-License-Identifier: MIT
// File ▸ Recent Files: the last files opened, kept in QSettings ("recentFiles"), newest first.
// GUI thread only.
#pragma once

#include <QMenu>

namespace weft::gui {

class RecentFilesMenu final : public QMenu {
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 8;

    explicit RecentFilesMenu(QWidget *parent = nullptr);
    /// Puts `path` first (and saves the list).
    void add(const QString &path);
    QStringList files() const;

Q_SIGNALS:
    void fileChosen(const QString &path);

private:
    void rebuild();
};

} // namespace weft::gui
