// SPDX-License-Identifier: MIT
// What the GUI suites share to set up a real main window: the test programs' paths, showing the
// window until it is active (keyboard tests need the focus), an event outside a run, and the words of a
// list left in a text (the English left in a French window).
#pragma once

#include "app/gui/MainWindow.hpp"
#include "engine/debugger/EventChoice.hpp"

#include <algorithm>

#include <QRegularExpression>
#include <QSet>
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

/// The words of `text` that are in `words`, outside the parts `skipped` matches (quoted program text).
inline QStringList wordsLeft(const QString &text, const QSet<QString> &words, const QRegularExpression &skipped) {
    static const QRegularExpression word(QStringLiteral("[\\p{L}_]+")); // whole words: "façon" is not "on"
    QString bare = text;
    bare.remove(skipped);
    QStringList found;
    for (auto it = word.globalMatch(bare); it.hasNext();)
        if (const QString w = it.next().captured(); words.contains(w))
            found << w;
    return found;
}

} // namespace weft::gui::test
