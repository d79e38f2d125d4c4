// SPDX-License-Identifier: MIT
// File ▸ Examples: the bundled classroom programs (resources/examples/*.c), listed each time the menu
// opens; an empty or missing folder shows a disabled "no examples" entry. GUI thread only.
#pragma once

#include <QMenu>

namespace weft::gui {

class ExamplesMenu final : public QMenu {
    Q_OBJECT
public:
    explicit ExamplesMenu(QWidget *parent = nullptr);

    /// Where the examples are: $WEFT_EXAMPLES_DIR, else the installed share/weft/examples next to the
    /// executable, else the source tree's resources/examples.
    static QString examplesDir();
    /// Re-reads the folder (also done when the menu is about to show).
    void refresh();

Q_SIGNALS:
    void exampleChosen(const QString &path);
};

} // namespace weft::gui
