// SPDX-License-Identifier: MIT
// Tests ScheduledExecutor with the model machine: replay, free mode, sleep sets, deadlock reports,
// invalid schedules, program misuse of mutexes and threads, the per-execution limits, and when a program's end
// (a fault, exit) runs.
#include "engine/execution/ScheduledExecutor.hpp"
#include "tests/model/ModelMachine.hpp"
#include "tests/model/Programs.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::model;

namespace {

/// main creates two threads that each lock and unlock mutex 1; main joins both.
class TwoLockers final : public ModelProgram {
public:
    std::string name() const override { return "two-lockers"; }
    ModelTask main(ModelThread &self) override {
        const ThreadId a = co_await self.create([](ModelThread &t) { return body(t); });
        const ThreadId b = co_await self.create([](ModelThread &t) { return body(t); });
        co_await self.join(a);
        co_await self.join(b);
    }
    static ModelTask body(ModelThread &self) {
        co_await self.lock(1);
        co_await self.unlock(1);
    }
};

class BadUnlock final : public ModelProgram {
public:
    std::string name() const override { return "bad-unlock"; }
    ModelTask main(ModelThread &self) override { co_await self.unlock(7); }
};

class JoinUnknown final : public ModelProgram {
public:
    std::string name() const override { return "join-unknown"; }
    ModelTask main(ModelThread &self) override { co_await self.join(42); }
};

/// The sc model: T1 reads x twice, T2 writes y, T3 reads x then writes it.
class ReadersAndWriter final : public ModelProgram {
public:
    std::string name() const override { return "readers-and-writer"; }
    ModelTask main(ModelThread &self) override {
        co_await self.create([](ModelThread &t) { return reader(t); });
        co_await self.create([](ModelThread &t) { return other(t); });
        co_await self.create([](ModelThread &t) { return readThenWrite(t); });
    }
    static ModelTask reader(ModelThread &self) {
        co_await self.read(1);
        co_await self.read(1);
    }
    static ModelTask readThenWrite(ModelThread &self) {
        co_await self.read(1);
        co_await self.write(1, 5);
    }
    static ModelTask other(ModelThread &self) { co_await self.write(2, 1); }
};

/// Creates threads forever (each one creates the next).
class EndlessCreator final : public ModelProgram {
public:
    std::string name() const override { return "endless-creator"; }
    ModelTask main(ModelThread &self) override { return chain(self); }
    static ModelTask chain(ModelThread &self) {
        co_await self.create([](ModelThread &t) { return chain(t); });
    }
};

/// Locks and unlocks forever.
class Spinner final : public ModelProgram {
public:
    std::string name() const override { return "spinner"; }
    ModelTask main(ModelThread &self) override { return spin(self); }
    static ModelTask spin(ModelThread &self) {
        for (;;) {
            co_await self.lock(1);
            co_await self.unlock(1);
        }
    }
};

/// T1 locks and unlocks forever; T2, created after it, fails at once.
class StarvedFailure final : public ModelProgram {
public:
    std::string name() const override { return "starved-failure"; }
    ModelTask main(ModelThread &self) override {
        co_await self.create([](ModelThread &t) { return Spinner::spin(t); });
        co_await self.create([](ModelThread &t) { return fail(t); });
    }
    static ModelTask fail(ModelThread &self) { co_await self.check(false, "T2 ran"); }
};

/// Main creates threads forever (`while (1) pthread_create(...)`); each fails at once, or `quiet` ones exit.
class EndlessSpawner final : public ModelProgram {
public:
    explicit EndlessSpawner(bool quiet) : m_quiet(quiet) {}
    std::string name() const override { return "endless-spawner"; }
    ModelTask main(ModelThread &self) override {
        for (;;) {
            if (m_quiet)
                co_await self.create([](ModelThread &t) { return quiet(t); });
            else
                co_await self.create([](ModelThread &t) { return StarvedFailure::fail(t); });
        }
    }
    static ModelTask quiet(ModelThread &) { co_return; }

private:
    bool m_quiet;
};

/// Main locks and unlocks 60 times: 120 actions and a few more.
class ShortLocker final : public ModelProgram {
public:
    std::string name() const override { return "short-locker"; }
    ModelTask main(ModelThread &self) override {
        for (int i = 0; i < 60; ++i) {
            co_await self.lock(1);
            co_await self.unlock(1);
        }
    }
};

/// One run of `program` under `limits`: `schedule`, then free mode.
Execution runWithLimits(ModelProgram &program, ExecutionLimits limits, const Schedule &schedule = {}) {
    ModelMachine machine(program);
    ScheduledExecutor executor(machine, limits);
    return executor.run(schedule);
}

std::string threadsOf(const Execution &e) {
    std::string out;
    for (const Action &a : e.actions)
        out += std::to_string(a.thread);
    return out;
}

} // namespace

class tst_ScheduledExecutor : public QObject {
    Q_OBJECT
private slots:
    void freeModeRunsLowestThreadFirst();
    void replayThenFreeMode();
    void sleepingThreadWaitsForAnotherLock();
    void allSleepingIsSleepBlocked();
    void sleepingAccessWakesOnDependentAccess();
    void deadlockNamesTheWaiters();
    void invalidScheduleDiverges();
    void scheduleText();
    void misuseIsADefect();
    void limitsBoundAnExecution();
    void boundDrainsStarvedThreads();
    void endWaitsForTheOtherThreads();
    void replayedLastEndIsTheOneThatRuns();
    void sleepingEndBesideARunnableOne();
    void endInsideASectionWaitsLikeAnyEnd();
    void endPastTheActionBoundRunsAtOnce();
    void endWaitsABoundedNumberOfActions();
};

void tst_ScheduledExecutor::freeModeRunsLowestThreadFirst() {
    TwoLockers program;
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    const Execution e = executor.run({});
    QCOMPARE(e.end, ExecutionEnd::Finished);
    // main: start, create, create; T1 runs to exit; T2; then main joins and exits.
    QCOMPARE(threadsOf(e), std::string("000") + "1111" + "0" + "2222" + "00"); // main blocks on join T1
    QCOMPARE(e.actions[1], (Action{ActionKind::ThreadCreate, 0, 1}));
    QVERIFY(!e.fault);
    // Determinism: the same schedule gives the same actions.
    QCOMPARE(executor.run({}).actions, e.actions);
}

void tst_ScheduledExecutor::replayThenFreeMode() {
    TwoLockers program;
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    Schedule s = *Schedule::parse("0*3,2*2");
    const Execution e = executor.run(s);
    QCOMPARE(e.end, ExecutionEnd::Finished);
    // T1 starts, then waits for T2's lock; main waits to join T1.
    QCOMPARE(threadsOf(e), std::string("000") + "22" + "1" + "2" + "111" + "0" + "2" + "00");
}

void tst_ScheduledExecutor::sleepingThreadWaitsForAnotherLock() {
    TwoLockers program;
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    Schedule s = *Schedule::parse("0*3,1,2");
    s.sleeping.push_back({1, 1}); // T1 sleeps on mutex 1 until T2 locks it
    const Execution e = executor.run(s);
    QCOMPARE(e.end, ExecutionEnd::Finished);
    // T2's lock wakes T1, which then waits for the unlock and runs before T2's exit.
    QCOMPARE(threadsOf(e), std::string("00012") + "22" + "111" + "0" + "2" + "00");
}

void tst_ScheduledExecutor::allSleepingIsSleepBlocked() {
    TwoLockers program;
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    Schedule s = *Schedule::parse("0*3,1,2");
    s.sleeping = {{1, 1}, {2, 1}};
    const Execution e = executor.run(s);
    QCOMPARE(e.end, ExecutionEnd::SleepBlocked);
    QCOMPARE(e.actions.size(), std::size_t(5));
}

void tst_ScheduledExecutor::sleepingAccessWakesOnDependentAccess() {
    // Sleep sets use the dependence function: a sleeping read wakes on another thread's write to its
    // location (not on a read, nor on a write elsewhere); a sleeping write on any access to it.
    ReadersAndWriter program;
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    Schedule s = *Schedule::parse("0*4,1,2,3");
    s.sleeping.push_back({1, 1, ActionKind::MemRead});
    Execution e = executor.run(s);
    QCOMPARE(e.end, ExecutionEnd::Finished);
    // T2's write of y does not wake T1, nor does T3's read of x; T3's write of x does.
    QCOMPARE(threadsOf(e), std::string("0000123") + "0" + "22" + "33" + "111" + "3");

    // T3 has read x in the replay and sleeps on its write: T1's read of x wakes it.
    Schedule w = *Schedule::parse("0*4,1,2,3*2");
    w.sleeping.push_back({3, 1, ActionKind::MemWrite});
    e = executor.run(w);
    QCOMPARE(e.end, ExecutionEnd::Finished);
    QCOMPARE(threadsOf(e), std::string("00001233") + "0" + "111" + "22" + "33");
    // Asleep on a location nobody touches, it never wakes.
    w.sleeping = {{3, 9, ActionKind::MemWrite}};
    QCOMPARE(executor.run(w).end, ExecutionEnd::SleepBlocked);
}

void tst_ScheduledExecutor::deadlockNamesTheWaiters() {
    auto program = makeBlocked2();
    ModelMachine machine(*program);
    ScheduledExecutor executor(machine);
    const Execution e = executor.run({});
    QCOMPARE(e.end, ExecutionEnd::Deadlock);
    QVERIFY(e.fault);
    QCOMPARE(e.fault->kind, DefectKind::Deadlock);
    QCOMPARE(e.fault->message, std::string("T2 waits for lock m1"));
    QCOMPARE(e.blocked.size(), std::size_t(1));
    QCOMPARE(e.blocked[0].thread, ThreadId(2));
}

void tst_ScheduledExecutor::invalidScheduleDiverges() {
    TwoLockers program;
    ModelMachine machine(program);
    ScheduledExecutor executor(machine);
    // Thread 5 never exists; thread 1 does not exist before main's first create.
    for (const char *text : {"0,5", "1", "0*3,1*4,1"}) {
        const Execution e = executor.run(*Schedule::parse(text));
        QVERIFY2(e.end == ExecutionEnd::Diverged, text);
        QVERIFY(e.fault);
        QCOMPARE(e.fault->kind, DefectKind::Nondeterminism);
    }
    const Execution e = executor.run(*Schedule::parse("0*3,1,2,2,1"));
    QCOMPARE(e.end, ExecutionEnd::Diverged);
    QCOMPARE(e.fault->message, std::string("schedule step 7: thread T1 is blocked (lock m1)"));
}

void tst_ScheduledExecutor::scheduleText() {
    Schedule s;
    s.replay = {0, 0, 0, 1, 2, 2};
    QCOMPARE(s.toString(), std::string("0*3,1,2*2"));
    auto parsed = Schedule::parse(" 0*3, 1 ,2*2 ");
    QVERIFY(parsed);
    QCOMPARE(parsed->replay, s.replay);
    QVERIFY(Schedule::parse("")->replay.empty());
    for (const char *bad : {"x", "1*", "1*0", "-1", "0,,1", "1*2*3", "99999999999"}) {
        auto r = Schedule::parse(bad);
        QVERIFY2(!r, bad);
        QCOMPARE(r.error().size(), std::size_t(1));
        QVERIFY(r.error()[0].text.find("invalid schedule item") == 0);
    }
    QCOMPARE(Schedule::parse("0,1,zz").error()[0].column, 5u);

    // Three or more single steps of consecutive threads print as a range, FIRST-LAST, which parses back; two
    // do not, nor a run broken by a repeated thread or a choice. Old texts stay valid.
    Schedule many;
    many.replay.assign(4096, 0);
    for (ThreadId t = 1; t < 4096; ++t)
        many.replay.push_back(t);
    QCOMPARE(many.toString(), std::string("0*4096,1-4095"));
    QCOMPARE(Schedule::parse(many.toString())->replay, many.replay);
    Schedule mixed;
    mixed.replay = {0, 1, 2, 3, 3, 4, 5, 6, 7, 9, 10};
    mixed.choices = {{6, -1}};
    QCOMPARE(mixed.toString(), std::string("0-2,3*2,4,5=-1,6,7,9,10"));
    const auto back = Schedule::parse(mixed.toString());
    QCOMPARE(back->replay, mixed.replay);
    QCOMPARE(back->choices, mixed.choices);
    QCOMPARE(Schedule::parse("0*2, 2-4 ,1")->replay, (std::vector<ThreadId>{0, 0, 2, 3, 4, 1}));
    QCOMPARE(Schedule::parse("0,1,2,3")->toString(), std::string("0-3"));
    // A range of a million threads prints as it was written, without a list of a million items on the way (the
    // fuzzer's "9-99999989" made toString ask for 4 GB).
    const auto wide = Schedule::parse("9-1000009,3*2,4,5,7");
    QVERIFY(wide);
    QCOMPARE(wide->replay.size(), std::size_t(1000006));
    QCOMPARE(wide->toString(), std::string("9-1000009,3*2,4,5,7"));
    for (const char *bad : {"3-1", "2-2", "1-", "-3", "1-2*2", "1-x", "1-99999999999"}) {
        auto r = Schedule::parse(bad);
        QVERIFY2(!r, bad);
        QVERIFY(r.error()[0].text.find("FIRST-LAST") != std::string::npos);
    }
}

void tst_ScheduledExecutor::misuseIsADefect() {
    BadUnlock bad;
    ModelMachine m1(bad);
    ScheduledExecutor e1(m1);
    Execution r1 = e1.run({});
    QCOMPARE(r1.end, ExecutionEnd::Fault);
    QCOMPARE(r1.fault->kind, DefectKind::ModelViolation);
    QCOMPARE(r1.fault->message, std::string("T0 unlocks m7, which it does not hold"));
    QCOMPARE(r1.actions.size(), std::size_t(1)); // the unlock did not happen

    JoinUnknown join;
    ModelMachine m2(join);
    ScheduledExecutor e2(m2);
    Execution r2 = e2.run({});
    QCOMPARE(r2.end, ExecutionEnd::Fault);
    QCOMPARE(r2.fault->message, std::string("T0 joins T42, which this execution never created"));
}

void tst_ScheduledExecutor::limitsBoundAnExecution() {
    EndlessCreator creator;
    const Execution r1 = runWithLimits(creator, ExecutionLimits{1000000, 50});
    QCOMPARE(r1.end, ExecutionEnd::LimitReached);
    QCOMPARE(r1.fault->kind, DefectKind::StepBound);
    QCOMPARE(r1.fault->message, std::string("more than 50 threads in one execution"));

    Spinner spinner;
    const Execution r2 = runWithLimits(spinner, ExecutionLimits{1000, 50});
    QCOMPARE(r2.end, ExecutionEnd::LimitReached);
    QCOMPARE(r2.actions.size(), 1000 + ScheduledExecutor::kDrainTurn); // main alone drains its turn
}

void tst_ScheduledExecutor::boundDrainsStarvedThreads() {
    // T1 locks and unlocks forever and, lowest first, would run alone up to the bound; the drain
    // lets T2 start, and its failure is the run's end.
    StarvedFailure starved;
    const Execution r1 = runWithLimits(starved, ExecutionLimits{1000, 50});
    QCOMPARE(r1.end, ExecutionEnd::Fault);
    QCOMPARE(r1.fault->kind, DefectKind::AssertionFailure);
    QCOMPARE(r1.fault->thread, ThreadId(2));
    QVERIFY(r1.actions.size() > 1000);
    // The drain goes to the thread with the fewest actions since the bound, the lowest first: T1
    // once, then T2.
    QCOMPARE(r1.actions[1000].thread, ThreadId(1));
    QCOMPARE(r1.actions[1001].thread, ThreadId(2));

    // A run whose threads all finish within their drain turn ends as if there were no bound.
    ShortLocker shortLocker;
    const Execution r2 = runWithLimits(shortLocker, ExecutionLimits{100, 50});
    QCOMPARE(r2.end, ExecutionEnd::Finished);
    QVERIFY(!r2.fault);
    QVERIFY(r2.actions.size() > 100);

    // The thread bound drains too: main, which would create a 51st thread, waits while the others run, and
    // the first of them fails. Without the drain the run ended at the bound before any created thread ran.
    EndlessSpawner spawner(false);
    const Execution r4 = runWithLimits(spawner, ExecutionLimits{1000, 50});
    QCOMPARE(r4.end, ExecutionEnd::Fault);
    QCOMPARE(r4.fault->kind, DefectKind::AssertionFailure);
    QCOMPARE(r4.fault->thread, ThreadId(1));
    // main's start and 49 creates (50 threads), then T1's start and the end its failing check is (past a bound an
    // end runs at once)
    QCOMPARE(threadsOf(r4), std::string(50, '0') + "11");
    // When every created thread has finished, the run is cut at the bound as before.
    EndlessSpawner quietSpawner(true);
    const Execution r5 = runWithLimits(quietSpawner, ExecutionLimits{1000, 50});
    QCOMPARE(r5.end, ExecutionEnd::LimitReached);
    QCOMPARE(r5.fault->message, std::string("more than 50 threads in one execution"));
    QCOMPARE(r5.fault->thread, ThreadId(0));
    QCOMPARE(r5.actions.size(), std::size_t(1 + 49 + 2 * 49)); // start, 49 creates, each thread's start and exit

    // Replaying a drained run's schedule gives the same run.
    StarvedFailure again;
    Schedule schedule;
    for (const Action &a : r1.actions)
        schedule.replay.push_back(a.thread);
    const Execution r3 = runWithLimits(again, ExecutionLimits{1000, 50}, schedule);
    QCOMPARE(r3.end, ExecutionEnd::Fault);
    QCOMPARE(r3.actions, r1.actions);
}

void tst_ScheduledExecutor::endWaitsForTheOtherThreads() {
    // T1 and T2 reach their ends at their first step; T3 still runs to its exit, then the lowest end, T1's,
    // ends the program (the run is a maximal configuration). T2's end is then blocked, as a lock is.
    auto program = makeFailuresBesideALocker();
    ModelMachine machine(*program);
    ScheduledExecutor executor(machine);
    const Execution e = executor.run({});
    QCOMPARE(e.end, ExecutionEnd::Fault);
    QCOMPARE(threadsOf(e), std::string("00000") + "1" + "2" + "333333" + "1");
    QCOMPARE(e.actions.back(), (Action{ActionKind::ProgramEnd, 1, kProgramEndObject}));
    QCOMPARE(e.fault->thread, ThreadId(1));
    QCOMPARE(e.fault->message, std::string("assertion failed: T1"));
    QCOMPARE(e.blocked.size(), std::size_t(1));
    QCOMPARE(e.blocked[0].thread, ThreadId(2));
    QCOMPARE(e.blocked[0].pending.kind, ActionKind::ProgramEnd);

    // With one end only, the same: it waits for T3.
    auto oneEnd = makeFailuresBesideALocker(kNoThread, true);
    ModelMachine m2(*oneEnd);
    ScheduledExecutor e2(m2);
    const Execution r2 = e2.run({});
    QCOMPARE(threadsOf(r2), std::string("00000") + "1" + "22" + "333333" + "1");
    QCOMPARE(r2.fault->thread, ThreadId(1));
    QVERIFY(r2.blocked.empty());
}

void tst_ScheduledExecutor::replayedLastEndIsTheOneThatRuns() {
    // A replay whose last step is T2's end (an alternative chose it: Explorer::buildReplay puts an end
    // last) runs it when nothing else can move, after T3, instead of T1's.
    auto program = makeFailuresBesideALocker();
    ModelMachine machine(*program);
    ScheduledExecutor executor(machine);
    Execution e = executor.run(*Schedule::parse("0*5,1,2,2"));
    QCOMPARE(e.end, ExecutionEnd::Fault);
    QCOMPARE(threadsOf(e), std::string("00000") + "12" + "333333" + "2");
    QCOMPARE(e.fault->thread, ThreadId(2));
    QCOMPARE(e.fault->message, std::string("assertion failed: T2"));
    // An end earlier in the replay runs where the replay puts it (a schedule typed by hand; the explorer
    // never makes one): T3 never moves.
    e = executor.run(*Schedule::parse("0*5,1,2,2,3"));
    QCOMPARE(e.end, ExecutionEnd::Fault);
    QCOMPARE(threadsOf(e), std::string("00000") + "12" + "2");
    QCOMPARE(e.fault->thread, ThreadId(2));
}

void tst_ScheduledExecutor::sleepingEndBesideARunnableOne() {
    auto program = makeFailuresBesideALocker();
    ModelMachine machine(*program);
    ScheduledExecutor executor(machine);
    const SleepEntry t1End{1, kProgramEndObject, ActionKind::ProgramEnd};
    const SleepEntry t2End{2, kProgramEndObject, ActionKind::ProgramEnd};
    // T1's end asleep: it conflicts with T2's, which runs instead; the run is not redundant.
    Schedule s = *Schedule::parse("0*5,1,2");
    s.sleeping = {t1End};
    Execution e = executor.run(s);
    QCOMPARE(e.end, ExecutionEnd::Fault);
    QCOMPARE(threadsOf(e), std::string("0000012") + "333333" + "2");
    QCOMPARE(e.fault->thread, ThreadId(2));
    // Both ends asleep: nothing may end the program, the run is sleep-set blocked (after T3 finished).
    s.sleeping = {t1End, t2End};
    e = executor.run(s);
    QCOMPARE(e.end, ExecutionEnd::SleepBlocked);
    QCOMPARE(threadsOf(e), std::string("0000012") + "333333");
    // A sleeping step of another kind with only ends left: redundant (it commutes with every end).
    s = *Schedule::parse("0*5,1,2,3");
    s.sleeping = {{3, 1, ActionKind::MutexLock}};
    e = executor.run(s);
    QCOMPARE(e.end, ExecutionEnd::SleepBlocked);
    QCOMPARE(threadsOf(e), std::string("00000123"));
}

void tst_ScheduledExecutor::endInsideASectionWaitsLikeAnyEnd() {
    // T1 fails inside an atomic section (the model's sync reading: it takes the sections' lock and ends holding
    // it). Its end waits as any end does: T2 and T3 run first, then T1's end (engine/unfolding/README.md,
    // "Program ends"; before session 18 it ran at once, and a defect T2 or T3 reached later was never explored).
    auto program = makeFailuresBesideALocker(1);
    ModelMachine machine(*program);
    ScheduledExecutor executor(machine);
    Execution e = executor.run({});
    QCOMPARE(e.end, ExecutionEnd::Fault);
    QCOMPARE(threadsOf(e), std::string("00000") + "11" + "2" + "333333" + "1");
    QCOMPARE(e.actions.back(), (Action{ActionKind::ProgramEnd, 1, kProgramEndObject}));
    QCOMPARE(e.fault->thread, ThreadId(1));
    QVERIFY(!e.cutAt);

    // T3's own sections wait for the one T1 never leaves: the run ends with T3 blocked on the sections' lock
    // (its earlier positions are conflicting extensions, as for any lock).
    auto sections = makeFailuresBesideALocker(1, false, true);
    ModelMachine m2(*sections);
    ScheduledExecutor e2(m2);
    e = e2.run({});
    QCOMPARE(threadsOf(e), std::string("00000") + "11" + "2" + "3" + "1");
    QCOMPARE(e.fault->thread, ThreadId(1));
    QCOMPARE(e.blocked.size(), std::size_t(2));
    QCOMPARE(e.blocked[1].thread, ThreadId(3));
    QCOMPARE(e.blocked[1].pending, (Action{ActionKind::MutexLock, 3, ModelMachine::kSectionLock}));

    // The replay's chosen end still ends the program, after the others: T2 fails in the section, and the replay
    // chose T1's end, pending since T1's start.
    auto second = makeFailuresBesideALocker(2);
    ModelMachine m3(*second);
    ScheduledExecutor e3(m3);
    e = e3.run(*Schedule::parse("0*5,1,1"));
    QCOMPARE(e.end, ExecutionEnd::Fault);
    QCOMPARE(threadsOf(e), std::string("00000") + "1" + "22" + "333333" + "1");
    QCOMPARE(e.fault->thread, ThreadId(1));
}

void tst_ScheduledExecutor::endPastTheActionBoundRunsAtOnce() {
    // T1 locks and unlocks forever. Within the bound, T2's end would wait for it (forever); past the
    // bound the drain lets T2 start, and its end runs at once: the run is cut anyway.
    StarvedFailure starved;
    const Execution e = runWithLimits(starved, ExecutionLimits{1000, 50});
    QCOMPARE(e.end, ExecutionEnd::Fault);
    QCOMPARE(e.actions.size(), std::size_t(1003));
    QCOMPARE(e.actions[1001], (Action{ActionKind::ThreadStart, 2, 0}));
    QCOMPARE(e.actions[1002], (Action{ActionKind::ProgramEnd, 2, kProgramEndObject}));
    QCOMPARE(e.fault->kind, DefectKind::AssertionFailure);
    QCOMPARE(e.fault->thread, ThreadId(2));
}

void tst_ScheduledExecutor::endWaitsABoundedNumberOfActions() {
    // T2 fails at once while T1 locks and unlocks forever: T2's end, due after T2's start (action 5), runs once the
    // others have taken maxActionsAfterEnd more actions, and the run says it was cut there.
    StarvedFailure program;
    const ExecutionLimits limits{1000, 50, 100};
    const Execution e = runWithLimits(program, limits, *Schedule::parse("0*4,2"));
    QCOMPARE(e.end, ExecutionEnd::Fault);
    QCOMPARE(e.fault->thread, ThreadId(2));
    QCOMPARE(threadsOf(e), std::string("0000") + "2" + std::string(100, '1') + "2");
    QVERIFY(e.cutAt);
    QCOMPARE(*e.cutAt, std::string("more than 100 visible actions after a thread reached its end (a fault or exit)"));
    // Its schedule replays to the same run (the due point is found from the actions), as does a replay that
    // stops earlier and runs freely from there.
    Schedule schedule;
    for (const Action &a : e.actions)
        schedule.append(a);
    QCOMPARE(runWithLimits(program, limits, schedule).actions, e.actions);
    schedule.replay.resize(50);
    QCOMPARE(runWithLimits(program, limits, schedule).actions, e.actions);
    // An end that waits for threads which finish within the bound is no cut: after T1's start, T2's start and
    // T3's six actions.
    auto finite = makeFailuresBesideALocker();
    const Execution f = runWithLimits(*finite, ExecutionLimits{1000, 50, 7});
    QCOMPARE(threadsOf(f), std::string("00000") + "1" + "2" + "333333" + "1");
    QVERIFY(!f.cutAt);
    // With a bound of 6 T3's exit is one action too many: T1's end runs before it.
    const Execution g = runWithLimits(*finite, ExecutionLimits{1000, 50, 6});
    QCOMPARE(threadsOf(g), std::string("00000") + "1" + "2" + "33333" + "1");
    QVERIFY(g.cutAt);
}

QTEST_APPLESS_MAIN(tst_ScheduledExecutor)
#include "tst_ScheduledExecutor.moc"
