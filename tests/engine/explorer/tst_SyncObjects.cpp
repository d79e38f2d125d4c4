// SPDX-License-Identifier: MIT
// Tests the operations beyond mutexes (trylock, semaphores, condition variables, barriers, read-write
// locks) as events:
// the explorer's maximal configurations and events equal the brute-force enumeration of all
// interleavings under every policy, optimal mode has no SSB, and the classic bugs are found.
#include "tests/model/InterleavingEnumerator.hpp"
#include "tests/model/ModelExploration.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::model;

namespace {

enum { M = 1, M2 = 2, S = 10, C = 20, B = 30, RW = 40 };

class Scripted;
using Body = ModelTask (*)(ModelThread &, Scripted &);

/// main: optional setup (sem_init / barrier_init), create one thread per body, join them all.
class Scripted final : public ModelProgram {
public:
    Scripted(std::string name, std::vector<Body> bodies, int semInit, int parties)
        : m_name(std::move(name)), m_bodies(std::move(bodies)), m_semInit(semInit), m_parties(parties) {}
    std::string name() const override { return m_name; }
    void reset() override { flag = 0, count = 0; }
    ModelTask main(ModelThread &self) override {
        if (m_semInit >= 0)
            co_await self.semInit(S, m_semInit);
        if (m_parties > 0)
            co_await self.barrierInit(B, m_parties);
        std::vector<ThreadId> threads;
        for (Body body : m_bodies)
            threads.push_back(co_await self.create([this, body](ModelThread &t) { return body(t, *this); }));
        for (ThreadId t : threads)
            co_await self.join(t);
    }
    int parties() const { return m_parties; }
    int flag = 0, count = 0;

private:
    std::string m_name;
    std::vector<Body> m_bodies;
    int m_semInit, m_parties;
};

// (co_await is kept out of conditions: GCC 12 miscompiles awaiter temporaries there.)
ModelTask trylocker(ModelThread &self, Scripted &p) {
    const bool taken = co_await self.trylock(M);
    if (taken) {
        ++p.count;
        co_await self.unlock(M);
    }
}
ModelTask locker(ModelThread &self, Scripted &p) {
    co_await self.lock(M);
    ++p.count;
    co_await self.unlock(M);
}
ModelTask poster(ModelThread &self, Scripted &) { co_await self.semPost(S); }
ModelTask semWaiter(ModelThread &self, Scripted &) { co_await self.semWait(S); }
ModelTask semTryWaiter(ModelThread &self, Scripted &p) {
    const bool decremented = co_await self.semTrywait(S);
    p.count += decremented;
}

/// Correct condition-variable wait: the flag is tested under the mutex, in a loop.
ModelTask condWaiter(ModelThread &self, Scripted &p) {
    co_await self.lock(M);
    while (!p.flag)
        co_await self.condWait(C, M);
    co_await self.unlock(M);
}
/// Lost wake-up: reads the flag under the mutex but releases it before waiting, so the signal can
/// come in between. (Race-free: the sync model only sees synchronisation, so a racy read of the flag
/// would not be explored both ways.)
ModelTask racyCondWaiter(ModelThread &self, Scripted &p) {
    co_await self.lock(M);
    const int seen = p.flag;
    co_await self.unlock(M);
    if (!seen) {
        co_await self.lock(M);
        co_await self.condWait(C, M);
        co_await self.unlock(M);
    }
}
ModelTask signaller(ModelThread &self, Scripted &p) {
    co_await self.lock(M);
    p.flag = 1;
    co_await self.condSignal(C);
    co_await self.unlock(M);
}
ModelTask broadcaster(ModelThread &self, Scripted &p) {
    co_await self.lock(M);
    p.flag = 1;
    co_await self.condBroadcast(C);
    co_await self.unlock(M);
}
ModelTask barrierUser(ModelThread &self, Scripted &p) {
    co_await self.lock(M);
    ++p.count;
    co_await self.unlock(M);
    co_await self.barrierWait(B);
    co_await self.lock(M2);
    co_await self.check(p.count == p.parties(), "everyone arrived before anyone passed");
    co_await self.unlock(M2);
}

ModelTask reader(ModelThread &self, Scripted &p) {
    co_await self.rdlock(RW);
    p.count += p.flag;
    co_await self.rdunlock(RW);
}
ModelTask writer(ModelThread &self, Scripted &p) {
    co_await self.wrlock(RW);
    p.flag = 1;
    co_await self.wrunlock(RW);
}
ModelTask tryReader(ModelThread &self, Scripted &p) {
    const bool taken = co_await self.tryrdlock(RW);
    if (taken) {
        p.count += p.flag;
        co_await self.rdunlock(RW);
    }
}
ModelTask tryWriter(ModelThread &self, Scripted &p) {
    const bool taken = co_await self.trywrlock(RW);
    if (taken) {
        p.flag = 1;
        co_await self.wrunlock(RW);
    }
}
/// Reads twice (two critical sections): a writer can come between them.
ModelTask twiceReader(ModelThread &self, Scripted &p) {
    for (int i = 0; i < 2; ++i) {
        co_await self.rdlock(RW);
        p.count += p.flag;
        co_await self.rdunlock(RW);
    }
}
/// Forgets to unlock: a writer after it waits forever.
ModelTask leakingReader(ModelThread &self, Scripted &) { co_await self.rdlock(RW); }
ModelTask leakingWriter(ModelThread &self, Scripted &) { co_await self.wrlock(RW); }
/// A reader that also takes a mutex inside its read section (lock order RW then M).
ModelTask readerLocking(ModelThread &self, Scripted &p) {
    co_await self.rdlock(RW);
    co_await self.lock(M);
    ++p.count;
    co_await self.unlock(M);
    co_await self.rdunlock(RW);
}
/// The other lock order (M then RW for writing): deadlocks against readerLocking.
ModelTask writerUnderMutex(ModelThread &self, Scripted &p) {
    co_await self.lock(M);
    co_await self.wrlock(RW);
    p.flag = 1;
    co_await self.wrunlock(RW);
    co_await self.unlock(M);
}

std::unique_ptr<Scripted> program(std::string name, std::vector<Body> bodies, int semInit = -1, int parties = 0) {
    return std::make_unique<Scripted>(std::move(name), std::move(bodies), semInit, parties);
}

struct Case {
    std::unique_ptr<Scripted> program;
    int configs;
    bool defect;
};

Case makeCase(int i) {
    switch (i) {
    case 0: return {program("trylock vs lock", {trylocker, locker}), -1, false};
    case 1: return {program("two trylocks", {trylocker, trylocker}), -1, false};
    case 2: return {program("post then wait", {poster, semWaiter}, 0), -1, false};
    case 3: return {program("one post two waiters", {poster, semWaiter, semWaiter}, 0), -1, true};
    case 4: return {program("trywait", {poster, semTryWaiter, semTryWaiter}, 1), -1, false};
    case 5: return {program("condition variable", {condWaiter, signaller}), -1, false};
    case 6: return {program("lost wake-up", {racyCondWaiter, signaller}), -1, true};
    case 7: return {program("broadcast", {condWaiter, condWaiter, broadcaster}), -1, false};
    case 8: return {program("signal one of two", {condWaiter, condWaiter, signaller}), -1, true};
    case 9: return {program("barrier", {barrierUser, barrierUser}, -1, 2), -1, false};
    case 10: return {program("barrier of three", {barrierUser, barrierUser, barrierUser}, -1, 3), -1, false};
    // Readers are independent: any number of them is one configuration; a writer goes before, after
    // or between whole read sections (two readers: 4, where mutexes would give 3! = 6).
    case 11: return {program("two readers", {reader, reader}), 1, false};
    case 12: return {program("three readers", {reader, reader, reader}), 1, false};
    case 13: return {program("reader and writer", {reader, writer}), 2, false};
    case 14: return {program("two readers and a writer", {reader, reader, writer}), 4, false};
    case 15: return {program("two writers", {writer, writer}), 2, false};
    case 16: return {program("trywrlock among readers", {reader, reader, tryWriter}), -1, false};
    case 17: return {program("tryrdlock and writers", {tryReader, writer, tryWriter}), -1, false};
    case 18: return {program("reading twice", {twiceReader, writer, reader}), -1, false};
    case 19: return {program("reader never unlocks", {leakingReader, writer, reader}), -1, true};
    case 20: return {program("writer never unlocks", {leakingWriter, reader, tryReader}), -1, true};
    case 21: return {program("rwlock and mutex orders", {readerLocking, writerUnderMutex, reader}), -1, true};
    }
    return {};
}
constexpr int kCases = 22;

} // namespace

class tst_SyncObjects : public QObject {
    Q_OBJECT
private slots:
    void matchesBruteForce_data();
    void matchesBruteForce();
};

void tst_SyncObjects::matchesBruteForce_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<int>("policy");
    for (int i = 0; i < kCases; ++i)
        for (int policy : {-1, 0, 1, 2, 3})
            QTest::addRow("%s k=%d", makeCase(i).program->name().c_str(), policy) << i << policy;
}

void tst_SyncObjects::matchesBruteForce() {
    QFETCH(int, index);
    QFETCH(int, policy);
    Case c = makeCase(index);
    ModelMachine bruteMachine(*c.program);
    InterleavingEnumerator enumerator(bruteMachine, InterleavingEnumerator::Mode::MergeEquivalentPrefixes);
    const EnumerationResult truth = enumerator.run();
    QVERIFY(truth.complete);
    QCOMPARE(truth.divergences, 0u);

    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    const ExplorationResult r = exploreModel(*c.program, options);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.maximalConfigurations, truth.traces);
    QCOMPARE(r.statistics.events, truth.events);
    if (c.configs >= 0)
        QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(c.configs));
    if (policy == 0)
        QCOMPARE(r.statistics.sleepSetBlocked, 0u);
    QCOMPARE(r.statistics.defects > 0, c.defect);
    QCOMPARE(truth.deadlocks + truth.faults > 0, c.defect);
}

QTEST_APPLESS_MAIN(tst_SyncObjects)
#include "tst_SyncObjects.moc"
