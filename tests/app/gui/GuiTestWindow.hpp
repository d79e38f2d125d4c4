// SPDX-License-Identifier: MIT
// What the GUI suites share to set up a real main window: the test programs' paths, showing the
// window until it is active (keyboard tests need the focus), and an event outside a run.
#pragma once

#include "app/gui/MainWindow.hpp"
#include "engine/debugger/EventChoice.hpp"

#include <algorithm>

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

/// An event in immediate conflict with one of `run`'s events and not in `run`, or kNoEvent.
inline EventId eventOutside(const ExplorationSnapshot &snapshot, const std::vector<EventId> &run) {
    for (EventId e : run)
        for (EventId other : debugger::immediateConflicts(snapshot, e))
            if (std::find(run.begin(), run.end(), other) == run.end())
                return other;
    return kNoEvent;
}

} // namespace weft::gui::test
