// SPDX-License-Identifier: MIT
// What the GUI suites share to set up a real main window: the test programs' paths and showing the
// window until it is active (keyboard tests need the focus).
#pragma once

#include "app/gui/MainWindow.hpp"

#include <QString>
#include <QtTest>

namespace weft::gui::test {

inline QString testProgram(const char *name) {
    return QStringLiteral(WEFT_TEST_PROGRAMS "/%1/%1.c").arg(QLatin1String(name));
}

/// Shows `window` at `size` and waits until it is the active window; false if it never is.
inline bool showAndActivate(MainWindow &window, QSize size = QSize(1200, 800)) {
    window.resize(size);
    window.show();
    window.activateWindow();
    return QTest::qWaitForWindowActive(&window);
}

} // namespace weft::gui::test
