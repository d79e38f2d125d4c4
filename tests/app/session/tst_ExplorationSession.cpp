// SPDX-License-Identifier: MIT
// ExplorationSession: explores on its worker thread and publishes snapshots that match what the
// explorer computes (counts, events, conflicts, tree, defects); Pause holds the worker, Cancel stops a
// long exploration and keeps its results; the GUI thread keeps processing events meanwhile; a file
// that does not compile gives diagnostics and keeps the program and results loaded before. Nothing
// here waits a fixed time or asserts on a clock: the tests wait for signals and for the worker held.
#include "app/session/ExplorationSession.hpp"
#include "engine/debugger/ProgramLoader.hpp"
#include "engine/debugger/Replay.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/interpreter/Interpreter.hpp"
#include "engine/unfolding/ImmediateConflicts.hpp"

#include <QtTest>

#include <set>

using namespace weft;
using namespace weft::session;
using namespace std::chrono_literals;

class tst_ExplorationSession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lostUpdateToTheEnd();
    void scModelExploresAndReplaysMemoryEvents();
    void snapshotsMatchTheExplorer();
    void pauseHoldsTheWorker();
    void cancelStopsQuicklyAndKeepsResults();
    void guiThreadStaysResponsive();
    void compileErrorGivesDiagnostics();
    void failedLoadKeepsTheResults();
    void compilesOffTheGuiThread();
    void twoJobsAsOneJob();
};

static QString testProgram(const char *name) {
    return QStringLiteral(WEFT_TEST_PROGRAMS "/%1/%1.c").arg(QLatin1String(name));
}

static const std::vector<std::string> kLongDispatcher{"PARAM1=5", "PARAM2=4"};

void tst_ExplorationSession::lostUpdateToTheEnd() {
    ExplorationSession session;
    QVERIFY(session.load(testProgram("lost_update")));
    QCOMPARE(session.state(), ExplorationSession::State::Ready);
    QSignalSpy published(&session, &ExplorationSession::snapshotPublished);
    QSignalSpy finished(&session, &ExplorationSession::finished);
    QVERIFY(session.start());
    QVERIFY(!session.start()); // one exploration at a time
    QVERIFY(finished.wait(60000));
    QCOMPARE(session.state(), ExplorationSession::State::Finished);
    QVERIFY(published.count() >= 1);

    const SnapshotPtr s = session.snapshot();
    QVERIFY(s && s->isFinished());
    QCOMPARE(s->stopReason, StopReason::Completed);
    QCOMPARE(s->statistics.maximalConfigurations, 6u);
    QCOMPARE(s->statistics.sleepSetBlocked, 0u);
    QCOMPARE(s->statistics.executions, 6u);
    QCOMPARE(s->statistics.events, 71u);
    QCOMPARE(s->statistics.defects, 1u);
    QCOMPARE(s->events.size(), 71u);
    QCOMPARE(s->defects->size(), 1u);
    const DefectRecord &d = s->defects->front();
    QCOMPARE(d.kind, DefectKind::AssertionFailure);
    QCOMPARE(d.occurrences, 4u);
    QVERIFY2(QString::fromStdString(d.location).endsWith(QStringLiteral("lost_update.c:30:5")), d.location.c_str());
    QCOMPARE(d.spot.line, 30u);
    QVERIFY(!d.schedule.empty());
    QVERIFY(QString::fromStdString(d.message).startsWith(QStringLiteral("lost_update.c:30:5: assertion")));

    // The tree: one leaf per execution, four of them defects; every published snapshot was the same run.
    std::size_t leaves = 0, defects = 0;
    for (std::size_t n = 0; n < s->tree.size(); ++n)
        if (s->tree[n].isLeaf) {
            ++leaves;
            defects += s->tree[n].leaf == LeafKind::Defect;
        }
    QCOMPARE(leaves, 6u);
    QCOMPARE(defects, 4u);
    std::uint64_t serial = 0;
    for (const auto &args : published) {
        const auto p = args.front().value<SnapshotPtr>();
        QCOMPARE(p->run, s->run);
        QVERIFY(p->serial > serial);
        serial = p->serial;
    }
    // Events know their object and where the thread stood.
    for (std::size_t e = 0; e < s->events.size(); ++e) {
        const EventRecord &r = s->events[e];
        QCOMPARE(r.id, EventId(e));
        if (r.action.kind == ActionKind::MutexLock)
            QCOMPARE(s->objectText(r), std::string("'m'"));
        if (r.action.kind == ActionKind::MutexLock || r.action.kind == ActionKind::ThreadCreate)
            QVERIFY2(r.spot.line > 0, qPrintable(QStringLiteral("event %1 has no line").arg(e)));
    }
}

void tst_ExplorationSession::scModelExploresAndReplaysMemoryEvents() {
    // `weft gui --model sc`: the unprotected lost update has 4 traces, 2 failing; reads and writes
    // of x are events named after x, and a counterexample replays under the same model.
    ExplorationSession session;
    interpreter::InterpreterOptions sc;
    sc.model = interpreter::MemoryModel::Sc;
    session.setInterpreterOptions(sc);
    QVERIFY(session.load(testProgram("sc_lost_update")));
    QSignalSpy finished(&session, &ExplorationSession::finished);
    QVERIFY(session.start());
    QVERIFY(finished.wait(60000));
    const SnapshotPtr s = session.snapshot();
    QCOMPARE(s->statistics.maximalConfigurations, 4u);
    QCOMPARE(s->statistics.sleepSetBlocked, 0u);
    std::size_t writes = 0;
    for (std::size_t e = 0; e < s->events.size(); ++e)
        if (const EventRecord &r = s->events[e]; r.action.kind == ActionKind::MemWrite) {
            ++writes;
            QCOMPARE(s->objectText(r), std::string("'x'"));
        }
    QVERIFY(writes >= 2);
    const DefectRecord *lost = nullptr;
    for (const DefectRecord &d : *s->defects)
        if (d.kind == DefectKind::AssertionFailure)
            lost = &d;
    QVERIFY(lost);
    QCOMPARE(lost->occurrences, 2u);
    auto schedule = Schedule::parse(lost->schedule);
    QVERIFY(schedule);
    debugger::Replay replay(session.program()->program, *schedule, sc);
    QVERIFY(replay.endsInDefect());
    // The failing read of x, then main's end at the assertion.
    const auto &steps = replay.trace().steps;
    QCOMPARE(steps.back().action.kind, ActionKind::ProgramEnd);
    QVERIFY(QString::fromStdString(replay.describe(steps.end()[-2].action)).contains(QStringLiteral("x")));
}

void tst_ExplorationSession::snapshotsMatchTheExplorer() {
    // The same program explored directly: the snapshot holds the same events and the same conflicts.
    auto loaded = debugger::loadProgram(testProgram("lost_update").toStdString(), {}, {});
    QVERIFY(loaded);
    interpreter::Interpreter machine(loaded->program);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, {});
    QCOMPARE(explorer.run().statistics.maximalConfigurations, 6u);
    const Unfolding &u = explorer.unfolding();
    std::set<std::pair<EventId, EventId>> conflicts;
    for (EventId e = 0; e < u.size(); ++e)
        for (EventId x : immediateConflicts(u, e))
            conflicts.insert({std::min(e, x), std::max(e, x)});

    ExplorationSession session;
    QVERIFY(session.load(testProgram("lost_update")));
    QSignalSpy finished(&session, &ExplorationSession::finished);
    session.start();
    QVERIFY(finished.wait(60000));
    const SnapshotPtr s = session.snapshot();
    QCOMPARE(s->events.size(), u.size());
    const std::vector<std::uint32_t> depths = u.causalDepths();
    for (EventId e = 0; e < u.size(); ++e) {
        QCOMPARE(s->events[e].thread, u.event(e).thread());
        QCOMPARE(s->events[e].threadPred, u.event(e).threadPred);
        QCOMPARE(s->events[e].otherPred, u.event(e).otherPred);
        QCOMPARE(s->events[e].depth, depths[e]);
        QVERIFY(s->events[e].action == u.event(e).action);
    }
    std::set<std::pair<EventId, EventId>> published;
    for (std::size_t i = 0; i < s->conflicts.size(); ++i) {
        QVERIFY(i == 0 || s->conflicts[i - 1].later <= s->conflicts[i].later);
        published.insert({s->conflicts[i].earlier, s->conflicts[i].later});
    }
    QCOMPARE(s->conflicts.size(), published.size()); // each conflict once
    QVERIFY(!conflicts.empty());
    QVERIFY(published == conflicts);
}

void tst_ExplorationSession::pauseHoldsTheWorker() {
    ExplorationSession session;
    QVERIFY(session.load(testProgram("dispatcher"), kLongDispatcher));
    QSignalSpy finished(&session, &ExplorationSession::finished);
    session.start();
    QTRY_VERIFY_WITH_TIMEOUT(session.snapshot() && session.snapshot()->statistics.executions >= 5, 30000);
    session.pause();
    QCOMPARE(session.state(), ExplorationSession::State::Paused);
    QTRY_VERIFY_WITH_TIMEOUT(session.snapshot()->phase == ExplorationPhase::Paused, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(session.isHeld(), 10000); // the worker waits in the explorer
    const std::uint64_t executions = session.snapshot()->statistics.executions;
    const std::uint64_t serial = session.snapshot()->serial;
    QCoreApplication::processEvents(); // a delivery queued meanwhile would arrive now
    QVERIFY(session.isHeld());
    QCOMPARE(session.snapshot()->serial, serial); // nothing published, nothing explored
    QCOMPARE(session.snapshot()->statistics.executions, executions);
    session.resume();
    QCOMPARE(session.state(), ExplorationSession::State::Running);
    QTRY_VERIFY_WITH_TIMEOUT(session.snapshot()->statistics.executions > executions, 10000);
    session.pause();
    session.cancel(); // cancelling a paused exploration ends it too
    QVERIFY(finished.wait(10000));
    QCOMPARE(session.snapshot()->stopReason, StopReason::Cancelled);
}

void tst_ExplorationSession::cancelStopsQuicklyAndKeepsResults() {
    ExplorationSession session;
    QVERIFY(session.load(testProgram("dispatcher"), kLongDispatcher));
    QSignalSpy finished(&session, &ExplorationSession::finished);
    session.start();
    QTRY_VERIFY_WITH_TIMEOUT(session.snapshot() && session.snapshot()->statistics.executions >= 50, 30000);
    session.cancel();
    QVERIFY(finished.wait(10000)); // stops between two executions (the whole run takes far longer)
    QCOMPARE(session.state(), ExplorationSession::State::Finished);

    const SnapshotPtr s = session.snapshot();
    QVERIFY(s->isFinished());
    QCOMPARE(s->stopReason, StopReason::Cancelled);
    QVERIFY(s->statistics.executions >= 50);
    QCOMPARE(s->statistics.maximalConfigurations + s->statistics.sleepSetBlocked, s->statistics.executions);
    QCOMPARE(s->events.size(), s->statistics.events);
    std::size_t leaves = 0;
    for (std::size_t n = 0; n < s->tree.size(); ++n)
        leaves += s->tree[n].isLeaf;
    QCOMPARE(leaves, s->statistics.executions);
    // Still browsable, and a new exploration can start.
    QVERIFY(session.start());
    session.cancel();
    QVERIFY(finished.wait(10000));
}

void tst_ExplorationSession::guiThreadStaysResponsive() {
    // The GUI thread runs its event loop while an exploration is live: snapshots are delivered and
    // queued calls run while the worker explores, and while it holds paused in the middle of the run.
    ExplorationSession session;
    QVERIFY(session.load(testProgram("dispatcher"), kLongDispatcher));
    QSignalSpy published(&session, &ExplorationSession::snapshotPublished);
    QSignalSpy finished(&session, &ExplorationSession::finished);
    session.start();
    QVERIFY(published.wait(30000));
    session.pause();
    QTRY_VERIFY_WITH_TIMEOUT(session.isHeld(), 30000);
    QVERIFY(session.isExploring());
    bool ran = false;
    QMetaObject::invokeMethod(this, [&] { ran = true; }, Qt::QueuedConnection);
    QTRY_VERIFY(ran);
    const std::uint64_t executions = session.snapshot()->statistics.executions;
    session.resume();
    QTRY_VERIFY_WITH_TIMEOUT(session.snapshot()->statistics.executions > executions, 30000);
    QVERIFY(session.isExploring());
    QVERIFY(!session.snapshot()->isFinished());
    for (const auto &args : published)
        QVERIFY(!args.front().value<SnapshotPtr>()->isFinished());
    session.cancel();
    QVERIFY(finished.wait(10000));
}

void tst_ExplorationSession::compileErrorGivesDiagnostics() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.c"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("int main(void) {\n    return 1 +;\n}\n");
    file.close();
    ExplorationSession session;
    QSignalSpy failed(&session, &ExplorationSession::loadFailed);
    QVERIFY(!session.load(path));
    QCOMPARE(failed.count(), 1);
    QVERIFY(!session.hasProgram());
    QVERIFY(!session.start());
    QVERIFY(!session.diagnostics().empty());
    const Diagnostic &d = session.diagnostics().front();
    QCOMPARE(d.severity, Severity::Error);
    QCOMPARE(d.line, 2u);
    QVERIFY(QString::fromStdString(d.file).endsWith(QStringLiteral("broken.c")));
}

void tst_ExplorationSession::failedLoadKeepsTheResults() {
    QTemporaryDir dir;
    const QString broken = dir.filePath(QStringLiteral("broken.c"));
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("int main(void) { return 1 +; }\n");
    file.close();
    ExplorationSession session;
    const QString dispatcher = testProgram("dispatcher");
    QVERIFY(session.load(dispatcher, kLongDispatcher));
    QSignalSpy finished(&session, &ExplorationSession::finished);
    session.start();
    QTRY_VERIFY_WITH_TIMEOUT(session.snapshot() && session.snapshot()->statistics.executions >= 5, 30000);
    // Loading cancels the running exploration; its last snapshot still arrives, and stays.
    QVERIFY(!session.load(broken));
    QCOMPARE(session.diagnostics().front().line, 1u);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(session.state(), ExplorationSession::State::Finished);
    QVERIFY(session.snapshot() && session.snapshot()->isFinished());
    QCOMPARE(session.snapshot()->stopReason, StopReason::Cancelled);
    QVERIFY(session.snapshot()->statistics.executions >= 5);
    QVERIFY(session.hasProgram());
    QCOMPARE(session.fileName(), dispatcher);
    QVERIFY(session.start()); // the kept program explores again
    session.cancel();
    QVERIFY(finished.wait(10000));
}

void tst_ExplorationSession::compilesOffTheGuiThread() {
    // While Clang compiles, the GUI thread's event loop runs: a call queued before load() runs before
    // it returns (a compile on the GUI thread would leave it queued).
    ExplorationSession session;
    bool ran = false;
    QMetaObject::invokeMethod(this, [&] { ran = true; }, Qt::QueuedConnection);
    QVERIFY(session.load(testProgram("lost_update")));
    QVERIFY(ran);
    QVERIFY(session.hasProgram());
}

void tst_ExplorationSession::twoJobsAsOneJob() {
    // Two jobs (the work split from the first execution on, at any depth) deliver to the GUI thread what one job
    // delivers: the same counts, defects and number of events; paused at once, the workers hold (nothing more is
    // published) until resumed.
    auto explore = [](unsigned jobs, bool pause) {
        ExplorationSession session;
        ExplorationOptions options;
        options.jobs = jobs;
        options.splitDepth = 1;
        session.setOptions(options);
        if (!session.load(testProgram("dispatcher"), {"PARAM1=4", "PARAM2=3"}))
            return SnapshotPtr();
        QSignalSpy finished(&session, &ExplorationSession::finished);
        session.start();
        if (pause) {
            session.pause(); // before the run can end: the workers hold after their first executions
            if (!QTest::qWaitFor([&] { return session.isHeld(); }, 30000))
                return SnapshotPtr();
            QCoreApplication::processEvents(); // a delivery queued before the workers held arrives now
            const std::uint64_t serial = session.snapshot()->serial;
            QCoreApplication::processEvents();
            if (!session.isHeld() || session.snapshot()->serial != serial ||
                session.snapshot()->phase != ExplorationPhase::Paused)
                return SnapshotPtr();
            session.resume();
        }
        if (!finished.wait(120000))
            return SnapshotPtr();
        return session.snapshot();
    };
    const SnapshotPtr one = explore(1, false);
    const SnapshotPtr two = explore(2, true);
    QVERIFY(one && two);
    QCOMPARE(two->stopReason, StopReason::Completed);
    QCOMPARE(two->statistics.maximalConfigurations, one->statistics.maximalConfigurations);
    QCOMPARE(two->statistics.sleepSetBlocked, one->statistics.sleepSetBlocked);
    QCOMPARE(two->statistics.executions, one->statistics.executions);
    QCOMPARE(two->statistics.events, one->statistics.events);
    QCOMPARE(two->events.size(), one->events.size());
    QCOMPARE(two->conflicts.size(), one->conflicts.size());
    QCOMPARE(two->defects->size(), one->defects->size());
}

QTEST_MAIN(tst_ExplorationSession)
#include "tst_ExplorationSession.moc"
