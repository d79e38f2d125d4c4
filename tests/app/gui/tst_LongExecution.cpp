// SPDX-License-Identifier: MIT
// A 400,005-event execution in a real main window (offscreen), driven like a user: double-clicking its
// defect loads it on a worker thread with a progress bar and Cancel in the status bar (the window keeps
// handling events: the test itself runs on its event loop); Cancel stops it and leaves nothing loaded;
// the second try stands on the failing step with its line marked, holding a bounded number of states;
// short steps happen at once, F8 across the trace runs on the worker too (cancellable, keeping the step
// it reached).
#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "engine/debugger/Replay.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/source/SourceEditor.hpp"
#include "views/threads/ThreadsModel.hpp"
#include "views/trace/TraceModel.hpp"

#include <QProgressBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace weft;
using namespace weft::gui;

namespace {
// long_execution.c with N=100000: main's start and create, T1's start, 4N locks and unlocks, T1's exit,
// main's join, and the end of the program at main's failing assertion.
constexpr std::size_t kEvents = 4 * 100000 + 6;
} // namespace

class tst_LongExecution : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void loadIsCancelled();
    void loadStandsOnTheFailingStep();
    void stepsCostTheirDistance();
    void exploringAgainDropsALoad();

private:
    /// Activates the defects list's first row as a double-click does.
    void openDefect();
    ReplayController *replay() const { return m_window->replay(); }

    std::unique_ptr<MainWindow> m_window;
};

void tst_LongExecution::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    m_window->setCompileFlags({"N=100000"}, {});
    QVERIFY(test::showAndActivate(*m_window, QSize(1400, 900)));
    QVERIFY(m_window->openFile(test::testProgram("long_execution")));
    QSignalSpy finished(&m_window->session(), &session::ExplorationSession::finished);
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QVERIFY(finished.wait(300000));
    QCOMPARE(m_window->session().snapshot()->statistics.maximalConfigurations, 1u);
    QCOMPARE(m_window->defectsView()->model()->rowCount(), 1);
}

void tst_LongExecution::openDefect() {
    QTreeView *defects = m_window->defectsView();
    const QModelIndex first = defects->model()->index(0, 0);
    defects->setCurrentIndex(first);
    defects->setFocus();
    QTest::keyClick(defects, Qt::Key_Return); // as a double-click
}

void tst_LongExecution::loadIsCancelled() {
    QSignalSpy started(replay(), &ReplayController::loadStarted);
    QSignalSpy cancelled(replay(), &ReplayController::loadCancelled);
    QSignalSpy loaded(replay(), &ReplayController::loaded);
    openDefect();
    // The window returned at once: the execution loads in the background, progress and Cancel shown.
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.front().front().value<std::size_t>(), kEvents);
    QVERIFY(replay()->isLoading());
    QVERIFY(!replay()->hasReplay());
    QVERIFY(replay()->loadProgressWidget()->isVisible());
    QVERIFY(!replay()->stepEventAction()->isEnabled());
    QVERIFY(m_window->cancelAction()->isEnabled());
    auto *cancel = replay()->loadProgressWidget()->findChild<QToolButton *>(QStringLiteral("loadCancelButton"));
    QVERIFY(cancel && cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!replay()->isLoading());
    QVERIFY(!replay()->hasReplay());
    QVERIFY(!replay()->loadProgressWidget()->isVisible());
    QCOMPARE(replay()->traceModel()->rowCount(), 0);
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("cancelled")));
    // Whatever the worker had done by then is dropped: a later turn of the event loop loads nothing.
    QSignalSpy positions(replay(), &ReplayController::positionChanged);
    QCoreApplication::processEvents();
    QCOMPARE(loaded.count(), 0);
    QVERIFY(!replay()->hasReplay());
}

void tst_LongExecution::loadStandsOnTheFailingStep() {
    QSignalSpy loaded(replay(), &ReplayController::loaded);
    QSignalSpy progress(replay()->loadProgressBar(), &QProgressBar::valueChanged);
    openDefect();
    QVERIFY(replay()->isLoading());
    QVERIFY(loaded.wait(300000));
    QVERIFY(progress.count() > 0); // the bar moved while tracing
    QVERIFY(!replay()->isLoading());
    QVERIFY(!replay()->loadProgressWidget()->isVisible());
    const debugger::Replay *r = replay()->replay();
    QVERIFY(r);
    QCOMPARE(r->eventCount(), kEvents);
    QVERIFY(r->atEnd());
    QCOMPARE(replay()->traceModel()->rowCount(), int(kEvents) + 1); // the events, then the failing step
    QCOMPARE(replay()->traceModel()->position(), kEvents);
    // The failing step: main's assertion, its line marked in the editor.
    QCOMPARE(m_window->editor()->currentLine(), 32);
    const QModelIndex t0 = replay()->threadsModel()->indexOf(0, -1);
    QVERIFY(t0.siblingAtColumn(views::ThreadsModel::State)
                .data()
                .toString()
                .startsWith(QStringLiteral("stopped: assertion")));
    QVERIFY(
        m_window->statusBar()->currentMessage().contains(QStringLiteral("End of the interleaving (400006 events)")));
    // Memory per step is bounded: a bounded number of states is kept, not one per event.
    QVERIFY(r->checkpoints().count() <= 64);
}

void tst_LongExecution::stepsCostTheirDistance() {
    // Back one step, to the start, one step: at once (no background work). Then F8 across the whole
    // trace runs on the worker like a load (Cancel stops it where it got to), and arrives at the end.
    QSignalSpy started(replay(), &ReplayController::loadStarted);
    QTest::keyClick(m_window.get(), Qt::Key_F10, Qt::ShiftModifier);
    QCOMPARE(replay()->traceModel()->position(), kEvents - 1);
    QTest::keyClick(m_window.get(), Qt::Key_F10, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(replay()->traceModel()->position(), 0u);
    QTest::keyClick(m_window.get(), Qt::Key_F10);
    QCOMPARE(replay()->traceModel()->position(), 1u);
    QCOMPARE(started.count(), 0);

    QSignalSpy cancelled(replay(), &ReplayController::loadCancelled);
    QTest::keyClick(m_window.get(), Qt::Key_F8);
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.back().front().value<std::size_t>(), kEvents - 1);
    QVERIFY(replay()->isLoading() && replay()->hasReplay());
    QVERIFY(!replay()->stepEventAction()->isEnabled());
    QTest::keyClick(m_window.get(), Qt::Key_F5, Qt::ShiftModifier); // Cancel
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!replay()->isLoading() && replay()->hasReplay()); // the replay stays where it got to
    const std::size_t reached = replay()->replay()->position();
    QVERIFY(reached >= 1 && reached <= kEvents);
    QCOMPARE(replay()->traceModel()->position(), reached);
    QCoreApplication::processEvents(); // what the worker posted is dropped
    QCOMPARE(replay()->replay()->position(), reached);

    QSignalSpy finished(replay(), &ReplayController::jumpFinished);
    replay()->restart();
    QTest::keyClick(m_window.get(), Qt::Key_F8);
    QCOMPARE(started.count(), 2);
    QVERIFY(finished.wait(300000));
    QVERIFY(replay()->replay()->atEnd());
    QCOMPARE(replay()->traceModel()->position(), kEvents);
    QVERIFY(replay()->stepBackAction()->isEnabled());
    QVERIFY(replay()->replay()->checkpoints().count() <= 64);
}

void tst_LongExecution::exploringAgainDropsALoad() {
    // F5 while an execution loads: the views restart and whatever the worker had done never shows up.
    QSignalSpy loaded(replay(), &ReplayController::loaded);
    openDefect();
    QVERIFY(replay()->isLoading());
    QSignalSpy finished(&m_window->session(), &session::ExplorationSession::finished);
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QVERIFY(!replay()->isLoading());
    QVERIFY(!replay()->loadProgressWidget()->isVisible());
    QVERIFY(finished.wait(300000));
    QCOMPARE(loaded.count(), 0);
    QVERIFY(!replay()->hasReplay());
    QCOMPARE(replay()->traceModel()->rowCount(), 0);
}

QTEST_MAIN(tst_LongExecution)
#include "tst_LongExecution.moc"
