// SPDX-License-Identifier: MIT
// A live exploration of racy programs, publishing after every execution: at every snapshot the defects
// list and the defects counter equal what the explorer's own result says after that many executions
// (non-fatal race reports included), and the last snapshot carries the explorer's result. Pausing
// holds the exploration in the explorer (a Paused snapshot, nothing published meanwhile, no blocked
// callback); snapshots come at most once per interval; an exception out of the engine ends the run
// as an internal error, not as cancelled.
#include "engine/debugger/LiveExploration.hpp"
#include "engine/debugger/ProgramExploration.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/interpreter/Interpreter.hpp"
#include "tests/ScratchFiles.hpp"

#include <QtTest>

#include <condition_variable>
#include <mutex>

using namespace weft;
using namespace weft::debugger;
using weft::testing::ScratchFiles;

class tst_LiveExploration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defectsAtEverySnapshot_data();
    void defectsAtEverySnapshot();
    void pauseLivesInTheExplorer();
    void snapshotsAtMostEveryInterval();
    void internalErrorIsNotCancelled();
    void atomicSectionRounds_data();
    void atomicSectionRounds();
};

namespace {

std::shared_ptr<const LoadedProgram> load(const std::string &file, const std::vector<std::string> &defines = {}) {
    auto loaded = loadProgram(file, defines);
    if (!loaded)
        return nullptr;
    return std::make_shared<const LoadedProgram>(std::move(*loaded));
}

/// The explorer's own result after at most `executions` executions.
ExplorationResult resultAfter(const program::Program &program, const interpreter::InterpreterOptions &options,
                              std::uint64_t executions) {
    interpreter::Interpreter machine(program, options);
    ScheduledExecutor executor(machine);
    ExplorationOptions bounded;
    bounded.maxExecutions = executions;
    return Explorer(executor, bounded).run();
}

/// Every snapshot a live exploration publishes, in order (published on its worker thread).
struct Recorder {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<SnapshotPtr> snapshots;

    LiveExploration::Publish publish() {
        return [this](SnapshotPtr s) {
            {
                std::lock_guard lock(mutex);
                snapshots.push_back(std::move(s));
            }
            changed.notify_all();
        };
    }
    /// Waits until a published snapshot satisfies `done`.
    template <typename F> SnapshotPtr waitFor(F done) {
        std::unique_lock lock(mutex);
        SnapshotPtr found;
        changed.wait(lock, [&] {
            for (const SnapshotPtr &s : snapshots)
                if (done(*s))
                    found = s;
            return found != nullptr;
        });
        return found;
    }
};

} // namespace

void tst_LiveExploration::defectsAtEverySnapshot_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("sc");
    QTest::newRow("lost_update example, sync") << QStringLiteral(WEFT_EXAMPLES "/lost_update.c") << false;
    QTest::newRow("sc_lost_update, sc") << QStringLiteral(WEFT_TEST_PROGRAMS "/sc_lost_update/sc_lost_update.c") << true;
    QTest::newRow("sc_fig1, sc") << QStringLiteral(WEFT_TEST_PROGRAMS "/sc_fig1/sc_fig1.c") << true;
    QTest::newRow("sc_readers, sc") << QStringLiteral(WEFT_TEST_PROGRAMS "/sc_readers/sc_readers.c") << true;
}

void tst_LiveExploration::defectsAtEverySnapshot() {
    QFETCH(QString, file);
    QFETCH(bool, sc);
    const auto program = load(file.toStdString());
    QVERIFY(program);
    interpreter::InterpreterOptions options;
    options.model = sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;

    Recorder recorder;
    LiveExploration::Settings settings{{}, options, 7, std::chrono::steady_clock::duration::zero()};
    LiveExploration live(program, settings, recorder.publish());
    live.wait();

    const ExplorationResult final = resultAfter(program->program, options, 0);
    QVERIFY(final.statistics.defects > 0);
    bool raceSeen = false;
    for (const Defect &d : final.defects)
        raceSeen = raceSeen || d.kind == DefectKind::DataRace;
    QVERIFY(raceSeen); // non-fatal reports: the executions go on after them
    QVERIFY(!recorder.snapshots.empty());
    std::uint64_t executions = 0;
    for (const SnapshotPtr &s : recorder.snapshots) {
        QCOMPARE(s->run, 7u);
        if (s->statistics.executions == 0) {
            QCOMPARE(s->statistics.defects, 0u);
            continue;
        }
        QVERIFY(s->statistics.executions >= executions);
        executions = s->statistics.executions;
        const ExplorationResult expected = resultAfter(program->program, options, executions);
        const QByteArray where = QStringLiteral("snapshot %1 after %2 executions").arg(s->serial).arg(executions).toUtf8();
        QVERIFY2(s->statistics.defects == expected.statistics.defects, where.constData());
        QVERIFY2(s->defects && s->defects->size() == expected.defects.size(), where.constData());
        for (std::size_t i = 0; i < expected.defects.size(); ++i) {
            const DefectRecord &shown = (*s->defects)[i];
            QVERIFY2(shown.kind == expected.defects[i].kind, where.constData());
            QVERIFY2(shown.occurrences == expected.defects[i].occurrences, where.constData());
            QVERIFY2(shown.schedule == expected.defects[i].schedule.toString(), where.constData());
            QVERIFY2(!shown.location.empty(), where.constData());
        }
        // A red leaf in the tree is a defect in the list.
        for (std::size_t n = 0; n < s->tree.size(); ++n)
            if (s->tree[n].isLeaf && s->tree[n].leaf == LeafKind::Defect)
                QVERIFY2(!s->defects->empty(), where.constData());
    }
    const SnapshotPtr &last = recorder.snapshots.back();
    QVERIFY(last->isFinished());
    QCOMPARE(last->stopReason, StopReason::Completed);
    QVERIFY(last->result);
    QCOMPARE(last->result->statistics.defects, final.statistics.defects);
    QCOMPARE(last->result->defects.size(), final.defects.size());
    QCOMPARE(executions, final.statistics.executions);
}

void tst_LiveExploration::pauseLivesInTheExplorer() {
    // DISP(5,4): thousands of executions, far more than run before the pause is seen.
    const auto program = load(WEFT_TEST_PROGRAMS "/dispatcher/dispatcher.c", {"PARAM1=5", "PARAM2=4"});
    QVERIFY(program);
    Recorder recorder;
    LiveExploration::Settings settings{{}, {}, 1, std::chrono::steady_clock::duration::zero()};
    LiveExploration live(program, settings, recorder.publish());
    live.pause();
    QVERIFY(live.isPaused());
    const SnapshotPtr paused = recorder.waitFor([](const ExplorationSnapshot &s) { return s.phase == ExplorationPhase::Paused; });
    std::size_t publishedWhilePaused = 0;
    {
        std::lock_guard lock(recorder.mutex);
        publishedWhilePaused = recorder.snapshots.size();
        QCOMPARE(recorder.snapshots.back().get(), paused.get()); // nothing after the Paused one
    }
    live.resume();
    const SnapshotPtr later = recorder.waitFor([&](const ExplorationSnapshot &s) {
        return s.phase == ExplorationPhase::Running && s.serial > paused->serial && s.statistics.executions > paused->statistics.executions;
    });
    QVERIFY(later);
    {
        std::lock_guard lock(recorder.mutex);
        QVERIFY(recorder.snapshots.size() > publishedWhilePaused);
    }
    live.pause();
    recorder.waitFor([&](const ExplorationSnapshot &s) { return s.phase == ExplorationPhase::Paused && s.serial > later->serial; });
    live.cancel(); // a stop request ends the pause
    live.wait();
    const SnapshotPtr last = recorder.snapshots.back();
    QVERIFY(last->isFinished());
    QCOMPARE(last->stopReason, StopReason::Cancelled);
    QVERIFY(last->result);
}

void tst_LiveExploration::snapshotsAtMostEveryInterval() {
    // With an interval longer than the run: the empty start, the first execution and the end only.
    const auto program = load(WEFT_TEST_PROGRAMS "/dispatcher/dispatcher.c", {"PARAM1=5", "PARAM2=2"});
    QVERIFY(program);
    Recorder recorder;
    LiveExploration live(program, {{}, {}, 1, std::chrono::hours(1)}, recorder.publish());
    live.wait();
    QCOMPARE(recorder.snapshots.size(), 3u);
    QCOMPARE(recorder.snapshots[0]->statistics.executions, 0u);
    QCOMPARE(recorder.snapshots[1]->statistics.executions, 1u);
    QVERIFY(recorder.snapshots[2]->isFinished());
    QCOMPARE(recorder.snapshots[2]->statistics.executions, 137u); // DISP(5,2)
}

void tst_LiveExploration::internalErrorIsNotCancelled() {
    const auto program = load(WEFT_TEST_PROGRAMS "/lost_update/lost_update.c");
    QVERIFY(program);
    Recorder recorder;
    bool thrown = false;
    // The client's callback failing on the first running snapshot stands for any exception out of the engine.
    LiveExploration live(program, {{}, {}, 1, std::chrono::steady_clock::duration::zero()}, [&](SnapshotPtr s) {
        if (s->statistics.executions == 1 && !thrown) {
            thrown = true;
            throw std::runtime_error("simulated failure");
        }
        recorder.publish()(std::move(s));
    });
    live.wait();
    QVERIFY(thrown);
    QVERIFY(!recorder.snapshots.empty());
    const SnapshotPtr last = recorder.snapshots.back();
    QVERIFY(last->isFinished());
    QCOMPARE(last->stopReason, StopReason::InternalError);
    QVERIFY(!last->result);
    QCOMPARE(last->diagnostics.size(), 1u);
    QVERIFY(QString::fromStdString(last->diagnostics.front().text).contains(QStringLiteral("simulated failure")));
    QVERIFY(last->statistics.executions >= 1);
}

void tst_LiveExploration::atomicSectionRounds_data() {
    // Under sc the objects atomic sections touch are learnt by exploring (SectionRounds): a round that
    // meets a new one ends and the next starts. Two sections against plain accesses (a read never sees
    // the section half done) and a lock made of atomic functions (SV-COMP's style).
    QTest::addColumn<QString>("source");
    QTest::newRow("section against a plain read") << QStringLiteral(R"(
#include <pthread.h>
#include <assert.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x, y;
void *writer(void *arg) { __VERIFIER_atomic_begin(); x = 1; y = 1; x = 2; __VERIFIER_atomic_end(); return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    int r = x;
    int s = y;
    assert(r != 1);
    assert(r != 2 || s == 1);
    pthread_join(t, 0);
    return 0;
}
)");
    QTest::newRow("lock made of atomic functions") << QStringLiteral(R"(
#include <pthread.h>
#include <assert.h>
extern void __VERIFIER_assume(int);
int taken, count;
void __VERIFIER_atomic_acquire(void) { __VERIFIER_assume(taken == 0); taken = 1; }
void __VERIFIER_atomic_release(void) { taken = 0; }
void *worker(void *arg) {
    __VERIFIER_atomic_acquire();
    int seen = count;
    count = seen + 1;
    __VERIFIER_atomic_release();
    return 0;
}
int main(void) {
    pthread_t t[3];
    for (int i = 0; i < 3; ++i)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 3; ++i)
        pthread_join(t[i], 0);
    assert(count == 3);
    return 0;
}
)");
}

void tst_LiveExploration::atomicSectionRounds() {
    // The live exploration (desktop app, weft dap) runs the same rounds as the command line: its last
    // snapshot is the last round's, with the same result; every round restarts the views (a new round
    // number, its logs from empty), and no round ends in a replay that fails to reproduce its trail.
    QFETCH(QString, source);
    const ScratchFiles files;
    const auto program = load(files.write("sections.c", source.toStdString()));
    QVERIFY(program);
    interpreter::InterpreterOptions options;
    options.model = interpreter::MemoryModel::Sc;
    options.races = interpreter::RaceMode::Ignore;

    ProgramExploration cli(program->program, options, {});
    const ExplorationResult expected = cli.run();
    QCOMPARE(expected.stopReason, StopReason::Completed);
    QVERIFY(cli.rounds() >= 2);
    QVERIFY(expected.defects.empty());

    Recorder recorder;
    LiveExploration live(program, {{}, options, 3, std::chrono::steady_clock::duration::zero()}, recorder.publish());
    live.wait();
    const SnapshotPtr last = recorder.snapshots.back();
    QVERIFY(last->isFinished());
    QCOMPARE(last->stopReason, StopReason::Completed);
    QCOMPARE(last->round, cli.rounds());
    QVERIFY(last->result);
    QCOMPARE(last->result->statistics.maximalConfigurations, expected.statistics.maximalConfigurations);
    QCOMPARE(last->result->statistics.assumeBlocked, expected.statistics.assumeBlocked);
    QCOMPARE(last->result->statistics.events, expected.statistics.events);
    QCOMPARE(last->result->defects.size(), 0u);
    QCOMPARE(last->events.size(), std::size_t(expected.statistics.events));
    // Rounds in order, each from its first execution; within a round the logs only grow.
    const ExplorationSnapshot *previous = nullptr;
    for (const SnapshotPtr &s : recorder.snapshots) {
        QCOMPARE(s->run, 3u);
        QVERIFY(s->stopReason != StopReason::Nondeterminism);
        if (previous && previous->isContinuedBy(*s)) {
            QVERIFY(s->events.size() >= previous->events.size());
            QVERIFY(s->statistics.executions >= previous->statistics.executions);
        } else {
            QCOMPARE(s->round, previous ? previous->round + 1 : 1u);
            QCOMPARE(s->statistics.executions, 0u);
        }
        previous = s.get();
    }
}

QTEST_GUILESS_MAIN(tst_LiveExploration)
#include "tst_LiveExploration.moc"
