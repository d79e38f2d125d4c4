// SPDX-License-Identifier: MIT
// A live exploration of racy programs, publishing after every execution: at every snapshot the defects
// list and the defects counter equal what the explorer's own result says after that many executions
// (non-fatal race reports included), and the last snapshot carries the explorer's result. Pausing
// holds the exploration in the explorer (a Paused snapshot, nothing published meanwhile, no blocked
// callback); snapshots come at most once per interval; an exception out of the engine ends the run
// as an internal error, not as cancelled. With two jobs (work split between both workers): the same counts,
// defects, events, causality, immediate conflicts and executions (configurations) as one job, every snapshot's
// views consistent, every execution replayable; pause holds both workers, cancel keeps what they found.
#include "engine/debugger/LiveExploration.hpp"
#include "engine/debugger/ProgramExploration.hpp"
#include "engine/debugger/Replay.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/interpreter/Interpreter.hpp"
#include "tests/ScratchFiles.hpp"

#include <QtTest>

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

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
    void severalJobsShowOneJobsExploration_data();
    void severalJobsShowOneJobsExploration();
    void severalJobsPauseAndCancel();
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

namespace {

/// Interns events of snapshots by their history (action and predecessors' classes): two events of any
/// snapshots interned in one Canon get one class exactly when their histories are the same (what the
/// engine's canonical keys hash).
class Canon {
public:
    std::vector<std::uint32_t> classes(const ExplorationSnapshot &s) {
        std::vector<std::uint32_t> out(s.events.size());
        for (std::size_t e = 0; e < s.events.size(); ++e) { // ids are topological: predecessors come first
            const EventRecord &r = s.events[e];
            std::vector<std::int64_t> key{std::int64_t(r.action.kind), std::int64_t(r.action.thread),
                                          std::int64_t(r.action.object), r.action.value};
            for (EventId p : {r.threadPred, r.otherPred})
                key.push_back(p == kNoEvent ? -1 : std::int64_t(out[p]));
            std::vector<std::int64_t> extras;
            for (std::uint32_t i = 0; i < r.extraCount; ++i)
                extras.push_back(out[s.extraPredecessors[r.extraBegin + i]]);
            std::sort(extras.begin(), extras.end());
            key.insert(key.end(), extras.begin(), extras.end());
            out[e] = m_ids.try_emplace(std::move(key), std::uint32_t(m_ids.size())).first->second;
        }
        return out;
    }

private:
    std::map<std::vector<std::int64_t>, std::uint32_t> m_ids;
};

/// Causality (a < b) and immediate conflict of a snapshot's events, as pairs of classes.
struct Relations {
    std::set<std::pair<std::uint32_t, std::uint32_t>> causality, conflicts;
    friend bool operator==(const Relations &, const Relations &) = default;
};

Relations relationsOf(const ExplorationSnapshot &s, const std::vector<std::uint32_t> &c) {
    Relations out;
    const std::size_t n = s.events.size(), words = (n + 63) / 64;
    std::vector<std::uint64_t> below(n * words, 0); // row e: the events strictly below e
    for (std::size_t e = 0; e < n; ++e)
        for (EventId p : s.predecessors(EventId(e))) {
            below[e * words + p / 64] |= std::uint64_t{1} << (p % 64);
            for (std::size_t w = 0; w < words; ++w)
                below[e * words + w] |= below[p * words + w];
        }
    for (std::size_t e = 0; e < n; ++e)
        for (std::size_t p = 0; p < e; ++p)
            if (below[e * words + p / 64] >> (p % 64) & 1)
                out.causality.insert({c[p], c[e]});
    for (std::size_t i = 0; i < s.conflicts.size(); ++i) {
        const auto [a, b] = std::minmax(c[s.conflicts[i].earlier], c[s.conflicts[i].later]);
        out.conflicts.insert({a, b});
    }
    return out;
}

/// The tree's executions: each leaf's configuration (the classes of its path's events, sorted) and how it ended.
/// One job's and several jobs' are the same set (the maximal configurations are exact); the trees themselves are
/// the same when the workers pick the clues one job picks, which is likely, not certain (engine/explorer/README.md,
/// "Deterministic defects"): a configuration may be reached through another linearisation.
std::multiset<std::pair<std::vector<std::uint32_t>, int>> executionsOf(const ExplorationSnapshot &s,
                                                                       const std::vector<std::uint32_t> &c) {
    std::multiset<std::pair<std::vector<std::uint32_t>, int>> out;
    for (std::size_t n = 0; n < s.tree.size(); ++n) {
        if (!s.tree[n].isLeaf)
            continue;
        std::vector<std::uint32_t> configuration;
        for (EventId e : s.pathTo(ExplorationTree::NodeId(n)))
            configuration.push_back(c[e]);
        std::sort(configuration.begin(), configuration.end());
        out.emplace(std::move(configuration), int(s.tree[n].leaf));
    }
    return out;
}

/// Whether the tree's nodes are in depth-first order, as one job's tree has them: each node hangs on the path
/// from the root to the node before it (each execution leaves the one before at some node of its path).
bool inDfsOrder(const ExplorationSnapshot &s) {
    for (std::size_t n = 1; n < s.tree.size(); ++n) {
        ExplorationTree::NodeId a = ExplorationTree::NodeId(n - 1);
        while (a != s.tree[n].parent && a != ExplorationTree::kRoot)
            a = s.tree[a].parent;
        if (a != s.tree[n].parent)
            return false;
    }
    return true;
}

/// What any snapshot's views need to hold together: the events counted are the events listed, one leaf per
/// execution numbered 1, 2, ... in the order of the tree's log, and each defect's execution is a defect leaf.
bool consistent(const ExplorationSnapshot &s) {
    std::uint64_t leaves = 0;
    for (std::size_t n = 0; n < s.tree.size(); ++n)
        if (s.tree[n].isLeaf && s.tree[n].execution != ++leaves)
            return false;
    bool defectsLeaves = true;
    for (const DefectRecord &d : *s.defects) {
        const auto leaf = s.leafOf(d.execution);
        defectsLeaves = defectsLeaves && leaf != ExplorationTree::kRoot && s.tree[leaf].leaf == LeafKind::Defect;
    }
    return s.events.size() == s.statistics.events && leaves == s.statistics.executions && defectsLeaves;
}

/// The last snapshot of a live exploration with `jobs` jobs. Several jobs split the work from the first
/// execution on and at any depth, and the run is repeated until the second worker got some (a small program
/// may be explored by the first before the second starts): `split` says whether it did, `allConsistent` whether
/// every snapshot published was (consistent()).
SnapshotPtr exploreLive(const std::shared_ptr<const LoadedProgram> &program,
                        const interpreter::InterpreterOptions &options, unsigned jobs, bool *split = nullptr,
                        bool *allConsistent = nullptr) {
    for (int attempt = 0;; ++attempt) {
        Recorder recorder;
        LiveExploration::Settings settings{{}, options, 1, std::chrono::milliseconds(1)};
        settings.exploration.jobs = jobs;
        settings.exploration.splitDepth = 1;
        LiveExploration live(program, settings, recorder.publish());
        live.wait();
        const bool wasSplit = live.parallelItems() > 1;
        if (split)
            *split = wasSplit;
        if (allConsistent)
            *allConsistent = std::all_of(recorder.snapshots.begin(), recorder.snapshots.end(),
                                         [](const SnapshotPtr &s) { return consistent(*s); });
        if (jobs == 1 || wasSplit || attempt == 50)
            return recorder.snapshots.back();
    }
}

} // namespace

void tst_LiveExploration::severalJobsShowOneJobsExploration_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("defines");
    QTest::addColumn<bool>("sc");
    const auto program = [](const char *name) { return QStringLiteral(WEFT_TEST_PROGRAMS "/%1/%1.c").arg(name); };
    QTest::newRow("lost_update") << program("lost_update") << QStringList() << false;
    QTest::newRow("blocked3") << program("blocked3") << QStringList() << false;
    QTest::newRow("dispatcher(3,2)") << program("dispatcher") << QStringList{"PARAM1=3", "PARAM2=2"} << false;
    QTest::newRow("multiprodcon") << program("multiprodcon") << QStringList() << false;
    QTest::newRow("pi") << program("pi") << QStringList() << false;
    QTest::newRow("sync_barrier") << program("sync_barrier") << QStringList() << false;
    QTest::newRow("sync_rwlock") << program("sync_rwlock") << QStringList() << false;
    QTest::newRow("sync_destroy") << program("sync_destroy") << QStringList() << false;
    QTest::newRow("sync_destroy_objects RWLOCK") << program("sync_destroy_objects") << QStringList{"RWLOCK"} << false;
    QTest::newRow("ssbexp") << program("ssbexp") << QStringList() << false;
    QTest::newRow("sc_lost_update, sc") << program("sc_lost_update") << QStringList() << true;
    QTest::newRow("sc_fig1, sc") << program("sc_fig1") << QStringList() << true;
    QTest::newRow("sc_readers, sc") << program("sc_readers") << QStringList() << true;
}

void tst_LiveExploration::severalJobsShowOneJobsExploration() {
    // Two jobs against one: the same counts and defects (as the result and as the views list them), an event
    // structure with the same events, causality and immediate conflicts (compared by history), and, at the end,
    // the same executions in the tree (configurations and how they ended). Every execution of the tree replays.
    QFETCH(QString, file);
    QFETCH(QStringList, defines);
    QFETCH(bool, sc);
    std::vector<std::string> d;
    for (const QString &x : defines)
        d.push_back(x.toStdString());
    const auto program = load(file.toStdString(), d);
    QVERIFY(program);
    interpreter::InterpreterOptions options;
    options.model = sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;

    const SnapshotPtr one = exploreLive(program, options, 1);
    bool split = false, allConsistent = false;
    const SnapshotPtr two = exploreLive(program, options, 2, &split, &allConsistent);
    QVERIFY2(split, "the second worker never got work");
    QVERIFY(allConsistent); // the live snapshots (arrival order) as well as the last one (DFS order)
    for (const SnapshotPtr &s : {one, two}) {
        QVERIFY(s->isFinished());
        QCOMPARE(s->stopReason, StopReason::Completed);
        QCOMPARE(s->events.size(), s->statistics.events);
    }
    const Statistics &a = one->statistics, &b = two->statistics;
    QCOMPARE(b.maximalConfigurations, a.maximalConfigurations);
    QCOMPARE(b.sleepSetBlocked, a.sleepSetBlocked);
    QCOMPARE(b.assumeBlocked, a.assumeBlocked);
    QCOMPARE(b.executions, a.executions);
    QCOMPARE(b.events, a.events);
    QCOMPARE(b.defects, a.defects);
    QCOMPARE(two->result->statistics.events, b.events); // the workers' keys agree with the display
    QCOMPARE(two->defects->size(), one->defects->size());
    for (std::size_t i = 0; i < one->defects->size(); ++i) {
        const DefectRecord &x = (*one->defects)[i], &y = (*two->defects)[i];
        QCOMPARE(y.kind, x.kind);
        QCOMPARE(y.message, x.message);
        QCOMPARE(y.location, x.location);
        QCOMPARE(y.schedule, x.schedule);
        QCOMPARE(y.execution, x.execution);
        QCOMPARE(y.occurrences, x.occurrences);
        const auto leaf = two->leafOf(y.execution);
        QVERIFY(leaf != ExplorationTree::kRoot);
        QCOMPARE(two->tree[leaf].leaf, LeafKind::Defect);
    }

    Canon canon;
    const std::vector<std::uint32_t> ca = canon.classes(*one), cb = canon.classes(*two);
    QCOMPARE(std::set<std::uint32_t>(cb.begin(), cb.end()), std::set<std::uint32_t>(ca.begin(), ca.end()));
    QCOMPARE(std::set<std::uint32_t>(ca.begin(), ca.end()).size(), ca.size()); // one event per history
    QVERIFY(relationsOf(*two, cb) == relationsOf(*one, ca));
    QVERIFY(!relationsOf(*one, ca).causality.empty());
    QVERIFY(executionsOf(*two, cb) == executionsOf(*one, ca));
    QVERIFY(inDfsOrder(*one));
    QVERIFY(inDfsOrder(*two)); // the last snapshot lays the executions out as one job's tree does

    // Each execution of the tree replays to its end, step for step.
    for (std::size_t n = 0; n < two->tree.size(); ++n) {
        if (!two->tree[n].isLeaf || two->tree[n].leaf == LeafKind::SleepBlocked)
            continue;
        const std::vector<EventId> events = two->pathTo(ExplorationTree::NodeId(n));
        Schedule schedule;
        for (EventId e : events)
            schedule.append(two->events[e].action);
        Replay replay(program->program, schedule, options);
        QCOMPARE(replay.eventCount(), events.size());
    }
}

void tst_LiveExploration::severalJobsPauseAndCancel() {
    // Two jobs on DISP(5,4): paused, every worker holds (a Paused snapshot last, nothing published while held);
    // resumed, it goes on; cancelled, it keeps what it found, the display and the tree agreeing with the counts.
    const auto program = load(WEFT_TEST_PROGRAMS "/dispatcher/dispatcher.c", {"PARAM1=5", "PARAM2=4"});
    QVERIFY(program);
    Recorder recorder;
    LiveExploration::Settings settings{{}, {}, 1, std::chrono::steady_clock::duration::zero()};
    settings.exploration.jobs = 2;
    LiveExploration live(program, settings, recorder.publish());
    recorder.waitFor([](const ExplorationSnapshot &s) { return s.statistics.executions >= 300; });
    live.pause();
    recorder.waitFor([](const ExplorationSnapshot &s) { return s.phase == ExplorationPhase::Paused; });
    QTRY_VERIFY_WITH_TIMEOUT(live.isHeld(), 30000);
    std::size_t published = 0;
    SnapshotPtr held;
    {
        std::lock_guard lock(recorder.mutex);
        published = recorder.snapshots.size();
        held = recorder.snapshots.back();
    }
    QCOMPARE(held->phase, ExplorationPhase::Paused);
    QVERIFY(live.isHeld());
    {
        std::lock_guard lock(recorder.mutex);
        QCOMPARE(recorder.snapshots.size(), published); // held: nothing explored, nothing published
    }
    live.resume();
    recorder.waitFor([&](const ExplorationSnapshot &s) {
        return s.phase == ExplorationPhase::Running && s.statistics.executions > held->statistics.executions;
    });
    live.cancel();
    live.wait();
    QVERIFY(live.parallelItems() > 1); // both workers explored
    const SnapshotPtr last = recorder.snapshots.back();
    QVERIFY(last->isFinished());
    QCOMPARE(last->stopReason, StopReason::Cancelled);
    QVERIFY(last->result);
    const Statistics &st = last->statistics;
    QVERIFY(st.executions > held->statistics.executions);
    QCOMPARE(st.maximalConfigurations + st.sleepSetBlocked + st.assumeBlocked, st.executions);
    QCOMPARE(last->events.size(), st.events);
    QCOMPARE(last->result->statistics.events, st.events);
    std::uint64_t leaves = 0;
    for (std::size_t n = 0; n < last->tree.size(); ++n)
        if (last->tree[n].isLeaf)
            QCOMPARE(last->tree[n].execution, ++leaves); // one job's numbering: 1, 2, ... in DFS order
    QCOMPARE(leaves, st.executions);
}

QTEST_GUILESS_MAIN(tst_LiveExploration)
#include "tst_LiveExploration.moc"
