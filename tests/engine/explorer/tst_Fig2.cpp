// SPDX-License-Identifier: MIT
// The program of Fig. 2 of the QPOR paper and the blocked-acquisition programs (docs/algorithms.md,
// "Oracles"), explored under every policy.
#include "engine/unfolding/ImmediateConflicts.hpp"
#include "tests/model/ModelExploration.hpp"
#include "tests/model/Programs.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::model;

class tst_Fig2 : public QObject {
    Q_OBJECT
private slots:
    void counts_data();
    void counts();
    void relations();
};

void tst_Fig2::counts_data() {
    QTest::addColumn<int>("program");
    QTest::addColumn<int>("policy");
    QTest::addColumn<int>("configs");
    QTest::addColumn<int>("events");
    for (int policy : {-1, 0, 1, 2, 3, 4}) {
        QTest::addRow("fig2 k=%d", policy) << 0 << policy << 3 << 25;
        QTest::addRow("blocked2 k=%d", policy) << 1 << policy << 2 << 10;
        QTest::addRow("blocked3 k=%d", policy) << 2 << policy << 18 << 68;
    }
}

void tst_Fig2::counts() {
    QFETCH(int, program);
    QFETCH(int, policy);
    QFETCH(int, configs);
    QFETCH(int, events);
    auto p = program == 0 ? makeFig2() : program == 1 ? makeBlocked2() : makeBlocked3();
    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    const ExplorationResult r = exploreModel(*p, options);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(configs));
    QCOMPARE(r.statistics.events, std::uint64_t(events));
    if (policy == 0)
        QCOMPARE(r.statistics.sleepSetBlocked, 0u);
}

// The relations of docs/algorithms.md, "Oracles", translated to the DPU event model (threads: main 0, Thread0
// = T1, Thread1 = T2, Thread2 = T3; mutexes m = 1, m' = 2). Paper event numbers in the comments.
void tst_Fig2::relations() {
    auto program = makeFig2();
    ModelMachine machine(*program);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, {});
    QCOMPARE(explorer.run().statistics.events, 25u);
    const Unfolding &u = explorer.unfolding();
    // The unique event of `thread` of this kind on `object` whose other predecessor satisfies `pred`.
    auto find = [&](ThreadId thread, ActionKind kind, ObjectId object, auto pred) {
        EventId found = kNoEvent;
        for (EventId e = 0; e < u.size(); ++e) {
            const Event &ev = u.event(e);
            if (ev.thread() == thread && ev.kind() == kind && ev.action.object == object && pred(ev.otherPred)) {
                if (found != kNoEvent)
                    qFatal("ambiguous event");
                found = e;
            }
        }
        if (found == kNoEvent)
            qFatal("missing event");
        return found;
    };
    auto none = [](EventId p) { return p == kNoEvent; };
    auto by = [&](ThreadId t) { return [&u, t](EventId p) { return p != kNoEvent && u.event(p).thread() == t; }; };
    const EventId start1 = find(1, ActionKind::ThreadStart, 0, by(0));
    const EventId lockA = find(1, ActionKind::MutexLock, 1, none);   // 2: Thread0 locks m first
    const EventId unlockA = find(1, ActionKind::MutexUnlock, 1, by(1));
    const EventId lock1First = find(2, ActionKind::MutexLock, 1, none); // 8: Thread1 locks m first
    const EventId unlock1First = find(2, ActionKind::MutexUnlock, 1, [&](EventId p) { return p == lock1First; });
    const EventId lock1After = find(2, ActionKind::MutexLock, 1, by(1));  // 5: after Thread0's unlock
    const EventId lockB = find(1, ActionKind::MutexLock, 1, by(2));       // 11: after Thread1's unlock
    const EventId lockM2First = find(1, ActionKind::MutexLock, 2, none);  // 13
    const EventId lockM2After = find(1, ActionKind::MutexLock, 2, by(3)); // 18
    const EventId lock2 = find(3, ActionKind::MutexLock, 2, none);        // 15
    const EventId unlock2 = find(3, ActionKind::MutexUnlock, 2, by(3));   // 17

    auto immediate = [&](EventId a, EventId b) {
        std::vector<EventId> siblings;
        appendSiblings(u, a, siblings);
        return std::find(siblings.begin(), siblings.end(), b) != siblings.end();
    };
    QVERIFY(u.precedes(start1, lock1After)); // 1 < 5
    QVERIFY(u.precedes(lock1First, lockB));  // 8 < 12
    QVERIFY(u.inConflict(lockA, lock1First) && immediate(lockA, lock1First)); // 2 #i 8
    for (EventId a : {lockA, unlockA, lock1After})
        for (EventId b : {lock1First, unlock1First, lockB, lockM2First, lockM2After})
            QVERIFY(u.inConflict(a, b)); // {2..7} # {8..14, 18, 19}
    QVERIFY(u.inConflict(lock1After, lock1First) && !immediate(lock1After, lock1First)); // 5 # 8, inherited
    QVERIFY(immediate(lockM2First, lock2) && immediate(lock2, lockM2First));             // 13 #i 15
    QVERIFY(u.inConflict(lockM2First, lockM2After) && !immediate(lockM2First, lockM2After)); // 13 # 18
    QCOMPARE(u.event(lockM2First).threadPred, u.event(lockM2After).threadPred); // same-thread siblings
    for (EventId a : {lock2, unlock2})
        for (EventId b : {start1, lockA, unlockA, lock1First, unlock1First, lockB})
            QVERIFY(!u.precedesOrEqual(a, b) && !u.precedesOrEqual(b, a) && !u.inConflict(a, b)); // concurrent
    QVERIFY(u.precedes(unlock2, lockM2After)); // 17 < 18
}

QTEST_APPLESS_MAIN(tst_Fig2)
#include "tst_Fig2.moc"
