// SPDX-License-Identifier: MIT
// Tests the Explorer's controls and reports: defects with replayable schedules, cancellation from
// another thread, bounds, option validation, non-deterministic programs, and the exploration tree.
#include "engine/base/Message.hpp"
#include "engine/results/ExplorationTree.hpp"
#include "tests/model/InterleavingEnumerator.hpp"
#include "tests/model/ModelExploration.hpp"
#include "tests/model/Programs.hpp"

#include <QtTest>
#include <atomic>
#include <thread>

using namespace weft;
using namespace weft::model;

namespace {

/// Two threads each read x in one critical section and write x+1 in another; main asserts x == 2.
class LostUpdate final : public ModelProgram {
public:
    std::string name() const override { return "lost-update"; }
    void reset() override { x = 0; }
    ModelTask main(ModelThread &self) override {
        const ThreadId a = co_await self.create([this](ModelThread &t) { return increment(t); });
        const ThreadId b = co_await self.create([this](ModelThread &t) { return increment(t); });
        co_await self.join(a);
        co_await self.join(b);
        co_await self.check(x == 2, "x == 2");
    }
    ModelTask increment(ModelThread &self) {
        co_await self.lock(1);
        const int tmp = x;
        co_await self.unlock(1);
        co_await self.lock(1);
        x = tmp + 1;
        co_await self.unlock(1);
    }
    int x = 0;
};

/// N threads each lock and unlock one mutex: N! maximal configurations.
class Factorial final : public ModelProgram {
public:
    explicit Factorial(int n) : m_n(n) {}
    std::string name() const override { return "factorial"; }
    ModelTask main(ModelThread &self) override {
        for (int i = 0; i < m_n; ++i)
            co_await self.create([](ModelThread &t) { return body(t); });
    }
    static ModelTask body(ModelThread &self) {
        co_await self.lock(1);
        co_await self.unlock(1);
    }
    int m_n;
};

/// Takes a different branch on every second execution: not deterministic.
class Flaky final : public ModelProgram {
public:
    std::string name() const override { return "flaky"; }
    void reset() override { ++m_runs; }
    ModelTask main(ModelThread &self) override {
        if (m_runs % 2 == 0)
            co_await self.lock(2);
        co_await self.create([](ModelThread &t) { return Factorial::body(t); });
        co_await self.lock(1);
        co_await self.unlock(1);
    }
    int m_runs = 0;
};

/// Locks m1 in odd runs and m2 in even ones, then takes m3, which a child takes too: the second run
/// replays the first's lock of m1 and locks m2.
class Swapping final : public ModelProgram {
public:
    std::string name() const override { return "swapping"; }
    void reset() override { ++m_runs; }
    static ModelTask child(ModelThread &t) {
        co_await t.lock(3);
        co_await t.unlock(3);
    }
    ModelTask main(ModelThread &self) override {
        co_await self.lock(m_runs % 2 ? 1 : 2);
        co_await self.create([](ModelThread &t) { return child(t); });
        co_await self.lock(3);
        co_await self.unlock(3);
    }
    int m_runs = 0;
};

class Recorder final : public ExplorationObserver {
public:
    void onNewEvent(EventId) override { ++events; }
    void onExecution(const ExecutionSummary &s) override {
        tree.add(s);
        ++executions;
        if (stopAt && s.index == stopAt)
            stop->request_stop();
    }
    ExplorationTree tree;
    std::uint64_t events = 0;
    std::atomic<std::uint64_t> executions = 0;
    std::uint64_t stopAt = 0;
    std::stop_source *stop = nullptr;
};

/// T1 reads x 2,000 times, T2 (created after it) writes x: the first run's conflicting extensions
/// are T2's write before each prefix of T1's reads, 2,000 placements.
class ManyReads final : public ModelProgram {
public:
    std::string name() const override { return "many reads"; }
    static ModelTask reader(ModelThread &t) {
        for (int i = 0; i < 2000; ++i)
            co_await t.read(0);
    }
    static ModelTask writer(ModelThread &t) { co_await t.write(0, 1); }
    ModelTask main(ModelThread &self) override {
        co_await self.create([](ModelThread &t) { return reader(t); });
        co_await self.create([](ModelThread &t) { return writer(t); });
    }
};

/// Requests a stop once `after` events exist, and counts the events made after that.
class EventCanceller final : public ExplorationObserver {
public:
    EventCanceller(std::stop_source &stop, std::uint64_t after) : m_stop(stop), m_after(after) {}
    void onNewEvent(EventId) override {
        if (++events == m_after)
            m_stop.request_stop();
    }
    std::uint64_t events = 0;

private:
    std::stop_source &m_stop;
    std::uint64_t m_after;
};

/// T1 sets x under mutex 1 and then locks and unlocks mutex 2 forever; T2, created after it, checks
/// under mutex 1 that x is set. Every run is cut at the action bound; the failing order needs T2's
/// lock before T1's, which only exists because the cut run lets T2 take its steps.
class StarvedChecker final : public ModelProgram {
public:
    std::string name() const override { return "starved-checker"; }
    void reset() override { x = 0; }
    ModelTask main(ModelThread &self) override {
        co_await self.create([this](ModelThread &t) { return setter(t); });
        co_await self.create([this](ModelThread &t) { return checker(t); });
    }
    ModelTask setter(ModelThread &self) {
        co_await self.lock(1);
        x = 1;
        co_await self.unlock(1);
        for (;;) {
            co_await self.lock(2);
            co_await self.unlock(2);
        }
    }
    ModelTask checker(ModelThread &self) {
        co_await self.lock(1);
        co_await self.check(x == 1, "x == 1");
        co_await self.unlock(1);
    }
    int x = 0;
};

} // namespace

class tst_Explorer : public QObject {
    Q_OBJECT
private slots:
    void defectsCarryReplayableSchedules();
    void observerSeesEveryEventAndExecution();
    void cancelFromObserver();
    void cancelFromAnotherThread();
    void cancelInsideConflictingExtensions();
    void boundsStopEarly();
    void contextSwitchBoundNeedsOptimal();
    void nondeterminismIsReported();
    void cutRunsLetStarvedThreadsIn();
    void eachEndEndsTheProgramOnce();
    void endsMatchBruteForce();
};

void tst_Explorer::defectsCarryReplayableSchedules() {
    LostUpdate program;
    const ExplorationResult r = exploreModel(program, {});
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.maximalConfigurations, 6u); // C(4,2) orders of four critical sections
    QCOMPARE(r.statistics.defects, 1u);
    QCOMPARE(r.defects.size(), std::size_t(1));
    const Defect &d = r.defects[0];
    QCOMPARE(d.kind, DefectKind::AssertionFailure);
    QCOMPARE(d.message, std::string("assertion failed: x == 2"));
    QCOMPARE(d.occurrences, 4u); // both reads before both writes: 4 of the 6 orders
    QCOMPARE(d.thread, ThreadId(0));
    // Replaying the schedule reproduces the failure and the same trace.
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    const Execution e = executor.run(d.schedule);
    QCOMPARE(e.end, ExecutionEnd::Fault);
    QCOMPARE(e.fault->message, d.message);
    QCOMPARE(e.actions, d.trace);
}

void tst_Explorer::observerSeesEveryEventAndExecution() {
    auto program = makeFig2();
    Recorder recorder;
    const ExplorationResult r = exploreModel(*program, {}, &recorder);
    QCOMPARE(recorder.events, r.statistics.events);
    QCOMPARE(recorder.executions.load(), r.statistics.executions);
    const auto &nodes = recorder.tree.nodes();
    QCOMPARE(recorder.tree.leaves().size(), std::size_t(3));
    // Fig. 2: a deadlock configuration ([14]) and two others; alternatives after the first leaf.
    int defects = 0, alternatives = 0;
    for (const auto &n : nodes) {
        defects += n.isLeaf && n.leaf == LeafKind::Defect;
        alternatives += n.afterAlternative;
    }
    QCOMPARE(defects, 1);
    QCOMPARE(alternatives, 2);
    QCOMPARE(r.defects.at(0).kind, DefectKind::Deadlock);
    // Every leaf's path is a sequence of events whose predecessors come earlier on the path.
    for (auto leaf : recorder.tree.leaves()) {
        const std::vector<EventId> path = recorder.tree.pathTo(leaf);
        QVERIFY(!path.empty());
        QCOMPARE(nodes[leaf].isLeaf, true);
    }
}

void tst_Explorer::cancelFromObserver() {
    Factorial program(7); // 5040 configurations
    std::stop_source stop;
    Recorder recorder;
    recorder.stopAt = 100;
    recorder.stop = &stop;
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, {});
    explorer.setObserver(&recorder);
    const ExplorationResult r = explorer.run(stop.get_token());
    QCOMPARE(r.stopReason, StopReason::Cancelled);
    QCOMPARE(r.statistics.executions, 100u);
    QCOMPARE(r.statistics.maximalConfigurations, 100u);
    QVERIFY(r.statistics.events > 0);
}

void tst_Explorer::cancelFromAnotherThread() {
    Factorial program(8); // 40320 configurations
    Recorder recorder;
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, {});
    explorer.setObserver(&recorder);
    ExplorationResult result;
    std::jthread worker([&](std::stop_token token) { result = explorer.run(token); });
    while (recorder.executions.load() < 50)
        std::this_thread::yield();
    worker.request_stop();
    worker.join();
    QCOMPARE(result.stopReason, StopReason::Cancelled);
    QVERIFY(result.statistics.maximalConfigurations >= 50);
    QVERIFY(result.statistics.maximalConfigurations < 40320);
    QCOMPARE(result.statistics.executions, recorder.executions.load());
}

void tst_Explorer::cancelInsideConflictingExtensions() {
    // The first run has 2,009 events; its extensions 2,000 more (one run: they are made before the
    // execution bound is checked). A stop requested while they are made ends the walk within 16
    // placements (it used to run to its end: after an execution of millions of reads that took
    // minutes past the deadline).
    ManyReads program;
    std::stop_source never;
    EventCanceller counter(never, 0);
    {
        ModelMachine machine(program);
        ScheduledExecutor executor(machine);
        ExplorationOptions one;
        one.maxExecutions = 1;
        Explorer explorer(executor, one);
        explorer.setObserver(&counter);
        QCOMPARE(explorer.run(never.get_token()).stopReason, StopReason::ExecutionLimit);
    }
    QCOMPARE(counter.events, std::uint64_t{4009});
    std::stop_source stop;
    EventCanceller canceller(stop, 2100);
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, {});
    explorer.setObserver(&canceller);
    const ExplorationResult r = explorer.run(stop.get_token());
    QCOMPARE(r.stopReason, StopReason::Cancelled);
    QCOMPARE(r.statistics.executions, 1u);
    QVERIFY2(canceller.events <= 2100 + 16, std::to_string(canceller.events).c_str());
}

void tst_Explorer::boundsStopEarly() {
    Factorial program(7);
    ExplorationOptions options;
    options.maxExecutions = 10;
    ExplorationResult r = exploreModel(program, options);
    QCOMPARE(r.stopReason, StopReason::ExecutionLimit);
    QCOMPARE(r.statistics.executions, 10u);

    options = {};
    options.timeoutSeconds = 1e-9;
    r = exploreModel(program, options);
    QCOMPARE(r.stopReason, StopReason::Timeout);

    options = {};
    options.maxEvents = 20;
    r = exploreModel(program, options);
    QCOMPARE(r.stopReason, StopReason::EventLimit);
    QCOMPARE(r.diagnostics.size(), std::size_t(1));

    options = {};
    options.contextSwitchBound = 0; // no alternative anywhere after a context switch
    r = exploreModel(program, options);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QVERIFY(r.statistics.maximalConfigurations < 5040);
    options.contextSwitchBound.reset();
    QCOMPARE(exploreModel(program, options).statistics.maximalConfigurations, 5040u);
}

void tst_Explorer::contextSwitchBoundNeedsOptimal() {
    Factorial program(3);
    ExplorationOptions options;
    options.policy = AltPolicy::kPartial(2);
    options.contextSwitchBound = 3;
    QCOMPARE(options.validate().size(), std::size_t(1));
    const ExplorationResult r = exploreModel(program, options);
    QCOMPARE(r.statistics.executions, 0u);
    QCOMPARE(r.diagnostics.at(0).text, std::string("a context-switch bound needs the optimal policy"));
}

void tst_Explorer::nondeterminismIsReported() {
    Flaky program;
    const ExplorationResult r = exploreModel(program, {});
    QCOMPARE(r.stopReason, StopReason::Nondeterminism);
    QCOMPARE(r.defects.size(), std::size_t(1));
    QCOMPARE(r.defects[0].kind, DefectKind::Nondeterminism);
    QVERIFY(r.diagnostics.at(0).text.find("did not replay deterministically") != std::string::npos);
    // The divergence as data (a window words it in its language), its actions messages too: the
    // second run of Swapping locks m2 where the first locked m1.
    Swapping swapping;
    const ExplorationResult swapped = exploreModel(swapping, {});
    QCOMPARE(swapped.stopReason, StopReason::Nondeterminism);
    const Message said = parseMessage(swapped.diagnostics.at(0).text);
    QCOMPARE(int(said.kind), int(MessageKind::NotDeterministic));
    const Message divergence = parseMessage(said.args.at(0));
    QCOMPARE(int(divergence.kind), int(MessageKind::ReplayExpected));
    QCOMPARE(divergence.args, std::vector<std::string>({"2", "0", "lock m1", "0", "lock m2"}));
    QCOMPARE(parseMessage(divergence.args[2]), (Message{MessageKind::ActLock, {"m1"}}));
}

void tst_Explorer::cutRunsLetStarvedThreadsIn() {
    // Lowest-thread-first runs T1 up to the bound; the drain lets T2 lock mutex 1 there, so the
    // order where T2 locks first is explored and fails (before the drain: one run, no failure).
    StarvedChecker program;
    ModelMachine machine(program);
    ScheduledExecutor executor(machine, ExecutionLimits{200, 50});
    Explorer explorer(executor, {});
    const ExplorationResult r = explorer.run();
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.maximalConfigurations, 2u); // the two orders of the mutex-1 sections
    bool failed = false, cut = false;
    for (const Defect &d : r.defects) {
        failed |= d.kind == DefectKind::AssertionFailure && d.message == "assertion failed: x == 1";
        cut |= d.kind == DefectKind::StepBound;
    }
    QVERIFY(failed);
    QVERIFY(cut);
    QVERIFY(std::any_of(r.diagnostics.begin(), r.diagnostics.end(),
                        [](const Diagnostic &d) { return d.text.find("was cut") != std::string::npos; }));
}

void tst_Explorer::eachEndEndsTheProgramOnce() {
    // T1 and T2 fail at once, T3 locks twice: the two ends conflict, so each is explored as the one that
    // ends the program, after T3 has run (2 maximal configurations, both failures found). A defect's
    // schedule ends with its end (Explorer::buildReplay puts it last) and replays to the same trace.
    for (const AltPolicy policy : {AltPolicy::optimal(), AltPolicy::kPartial(1), AltPolicy::sourceDpor()}) {
        auto program = makeFailuresBesideALocker();
        ExplorationOptions options;
        options.policy = policy;
        const ExplorationResult r = exploreModel(*program, options);
        QCOMPARE(r.stopReason, StopReason::Completed);
        QCOMPARE(r.statistics.maximalConfigurations, 2u);
        QCOMPARE(r.statistics.defects, 2u);
        std::vector<ThreadId> failed;
        for (const Defect &d : r.defects) {
            failed.push_back(d.thread);
            QCOMPARE(d.message, "assertion failed: T" + std::to_string(d.thread));
            QCOMPARE(d.trace.back(), (Action{ActionKind::ProgramEnd, d.thread, kProgramEndObject}));
            QCOMPARE(std::count_if(d.trace.begin(), d.trace.end(), [](const Action &a) { return a.thread == 3; }),
                     std::ptrdiff_t(6)); // T3 ran to its exit before the end
            ModelMachine machine(*program);
            ScheduledExecutor executor(machine);
            const Execution e = executor.run(d.schedule);
            QCOMPARE(e.end, ExecutionEnd::Fault);
            QCOMPARE(e.actions, d.trace);
        }
        std::ranges::sort(failed);
        QCOMPARE(failed, (std::vector<ThreadId>{1, 2}));
    }
    // One end: one configuration.
    QCOMPARE(exploreModel(*makeFailuresBesideALocker(kNoThread, true), {}).statistics.maximalConfigurations, 1u);
    // T2 fails inside an atomic section: its end waits as any end does, so both ends are explored after T3 ran.
    const ExplorationResult inSection = exploreModel(*makeFailuresBesideALocker(2), {});
    QCOMPARE(inSection.statistics.maximalConfigurations, 2u);
    QCOMPARE(inSection.statistics.sleepSetBlocked, 0u);
    QCOMPARE(inSection.defects.size(), std::size_t(2));
}

void tst_Explorer::endsMatchBruteForce() {
    // Configurations, events and failing traces against the brute-force enumerator, which runs ends by the same
    // rules: also with an end inside an atomic section, beside a locker of other mutexes or of the sections' lock
    // (before session 18 such an end ran at once: 1 configuration where brute force counted a trace for each
    // prefix of the other threads' steps, 46).
    struct Variant {
        ThreadId inSection;
        bool secondPasses, lockerInSections;
        std::uint64_t traces;
    };
    for (const Variant v : {Variant{kNoThread, false, false, 2}, Variant{kNoThread, true, false, 1},
                            Variant{1, false, false, 2}, Variant{2, false, false, 2}, Variant{1, true, false, 1},
                            Variant{1, false, true, 6}, Variant{1, true, true, 3}}) {
        auto program = makeFailuresBesideALocker(v.inSection, v.secondPasses, v.lockerInSections);
        ModelMachine machine(*program);
        const EnumerationResult truth =
            InterleavingEnumerator(machine, InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
        QVERIFY(truth.complete);
        QCOMPARE(truth.traces, v.traces);
        for (const AltPolicy policy : {AltPolicy::optimal(), AltPolicy::kPartial(1), AltPolicy::sourceDpor()}) {
            ExplorationOptions options;
            options.policy = policy;
            const ExplorationResult r = exploreModel(*program, options);
            QCOMPARE(r.statistics.maximalConfigurations, truth.traces);
            QCOMPARE(r.statistics.events, truth.events);
            QCOMPARE(r.statistics.sleepSetBlocked, 0u);
            // Every run ends with a failure; the report keeps one defect per failing check.
            QCOMPARE(truth.faults, truth.traces);
            QCOMPARE(r.defects.size(), std::size_t(v.secondPasses ? 1 : 2));
        }
    }
}

QTEST_APPLESS_MAIN(tst_Explorer)
#include "tst_Explorer.moc"
