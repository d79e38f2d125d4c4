// SPDX-License-Identifier: MIT
// Runs resumed from a checkpoint (engine/execution/ReplayCheckpoints.hpp) are the runs from the start:
// whole explorations of C programs (races reported, the sc model, nondet inputs explored, heavy local
// code) record every execution with checkpoints on and off and compare them action by action, with
// their ends, faults and race reports; the checkpoint stack itself on a machine that counts its states.
#include "tests/engine/execution/RecordingExecutor.hpp"
#include "tests/engine/interpreter/CProgram.hpp"

#include <QtTest>

using namespace weft;
using weft::testing::RecordingExecutor;
using weft::testing::ScratchSources;

namespace {

struct Recorded {
    std::vector<std::string> runs;
    std::uint64_t resumed = 0;
    std::uint64_t configurations = 0;
};

Recorded exploreRecording(const program::Program &p, const interpreter::InterpreterOptions &options, bool checkpoints,
                          ReplayCheckpoints::Limits limits) {
    interpreter::Interpreter machine(p, options);
    ScheduledExecutor scheduled(machine);
    scheduled.setCheckpoints(checkpoints, limits);
    RecordingExecutor recording(scheduled);
    Explorer explorer(recording, ExplorationOptions{});
    const ExplorationResult r = explorer.run();
    return {std::move(recording.runs), scheduled.resumedRuns(), r.statistics.maximalConfigurations};
}

/// A machine whose "state" is the number of actions executed (one thread, always enabled).
class CountingMachine final : public Machine {
public:
    struct State final : MachineSnapshot {
        explicit State(std::uint64_t n) : n(n) {}
        std::size_t bytes() const override { return 100; }
        std::uint64_t n;
    };
    void restart(ThreadNaming &) override { n = 0; }
    std::size_t threadCount() const override { return 1; }
    ThreadId threadAt(std::size_t) const override { return 0; }
    std::optional<PendingAction> pending(ThreadId) override {
        return PendingAction{Action{ActionKind::MutexLock, 0, 1}};
    }
    void execute(ThreadId) override { ++n; }
    std::optional<ProgramFault> fault() const override { return std::nullopt; }
    std::unique_ptr<MachineSnapshot> snapshot() const override { return std::make_unique<State>(n); }
    void restore(const MachineSnapshot &s) override { n = static_cast<const State &>(s).n; }
    std::uint64_t work() const override { return n * 10; }
    std::uint64_t n = 0;
};

} // namespace

class tst_ReplayCheckpoints : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void resumedExplorationsAreIdentical_data();
    void resumedExplorationsAreIdentical();
    void stackKeepsTheSharedPrefix();
    void budgetThinsButKeepsTheLatest();

private:
    ScratchSources m_sources;
};

void tst_ReplayCheckpoints::resumedExplorationsAreIdentical_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("defines");
    QTest::addColumn<int>("model"); // 0 sync, 1 sc, 2 sync with nondet inputs explored
    QTest::addColumn<bool>("resumesByDefault"); // heavy local code: the default limits take states
    const QString programs = WEFT_TEST_PROGRAMS;
    QTest::newRow("pi(4)") << programs + "/pi/pi.c" << QStringList{"PARAM1=4"} << 0 << true;
    QTest::newRow("lost_update races") << programs + "/lost_update/lost_update.c" << QStringList{} << 0 << false;
    QTest::newRow("sc_lost_update") << programs + "/sc_lost_update/sc_lost_update.c" << QStringList{} << 1 << false;
    QTest::newRow("sc_readers") << programs + "/sc_readers/sc_readers.c" << QStringList{} << 1 << false;
    QTest::newRow("sync_condvar") << programs + "/sync_condvar/sync_condvar.c" << QStringList{} << 0 << false;
    QTest::newRow("dispatcher(5,2)") << programs + "/dispatcher/dispatcher.c" << QStringList{"PARAM1=5", "PARAM2=2"}
                                     << 0 << false;
    QTest::newRow("nondet inputs") << QString() << QStringList{} << 2 << true;
    QTest::newRow("races before locks") << QString() << QStringList{} << 0 << false;
}

void tst_ReplayCheckpoints::resumedExplorationsAreIdentical() {
    QFETCH(QString, file);
    QFETCH(QStringList, defines);
    QFETCH(int, model);
    QFETCH(bool, resumesByDefault);
    std::vector<std::string> defs;
    for (const QString &d : defines)
        defs.push_back(d.toStdString());
    std::optional<program::Program> p;
    if (file.isEmpty() && model == 0) {
        // Race reports raised before the branch points (the locks): inside the shared prefixes.
        p = m_sources.load("races.c", R"(
#include <pthread.h>
int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
    x = x + 1;
    for (int i = 0; i < 2; i++) {
        pthread_mutex_lock(&m);
        pthread_mutex_unlock(&m);
    }
    return 0;
}
int main(void) {
    pthread_t a, b, c;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_create(&c, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
})");
    } else if (file.isEmpty()) {
        // Nondet values and racy writes after local work: choices inside the shared prefixes.
        p = m_sources.load("inputs.c", R"(
#include <assert.h>
#include <pthread.h>
int __VERIFIER_nondet_int(void);
int x;
void *worker(void *arg) {
    int v = __VERIFIER_nondet_int();
    int local = 0;
    for (int i = 0; i < 200; i++)
        local += i * v;
    x = v + (local & 1);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(x != 7);
    return 0;
})");
    } else {
        auto loaded = testing::loadC(file.toStdString(), defs);
        QVERIFY2(loaded, testing::diagnosticsOf(loaded).c_str());
        p = std::move(*loaded);
    }
    interpreter::InterpreterOptions options;
    if (model == 1)
        options.model = interpreter::MemoryModel::Sc;
    if (model == 2) {
        options.nondet = interpreter::NondetSource::Explore;
        options.nondetLo = 0;
        options.nondetHi = 2;
    }
    const Recorded plain = exploreRecording(*p, options, false, {});
    QVERIFY(plain.runs.size() > 1);
    QCOMPARE(plain.resumed, std::uint64_t{0});
    // Default limits; a state before every step; the same with a stack of 3 (thinned all the time).
    ReplayCheckpoints::Limits everyStep;
    everyStep.maxCount = 100000;
    everyStep.bytesPerWork = std::size_t{1} << 30;
    ReplayCheckpoints::Limits thinned = everyStep;
    thinned.maxCount = 3;
    for (const ReplayCheckpoints::Limits &limits : {ReplayCheckpoints::Limits{}, everyStep, thinned}) {
        const bool isTight = limits.maxCount != ReplayCheckpoints::Limits{}.maxCount;
        const Recorded resumed = exploreRecording(*p, options, true, limits);
        QCOMPARE(resumed.configurations, plain.configurations);
        QCOMPARE(resumed.runs.size(), plain.runs.size());
        for (std::size_t i = 0; i < plain.runs.size(); ++i)
            QCOMPARE(resumed.runs[i], plain.runs[i]);
        if (isTight || resumesByDefault)
            QVERIFY2(resumed.resumed > 0, "no run resumed from a checkpoint: nothing was compared");
    }
}

void tst_ReplayCheckpoints::stackKeepsTheSharedPrefix() {
    CountingMachine machine;
    ReplayCheckpoints::Limits limits;
    limits.bytesPerWork = 1; // work 10 per step, 100 bytes a state: due after 10 steps
    ReplayCheckpoints stack(limits);
    ThreadNaming naming;
    machine.restart(naming);
    for (std::size_t step = 0; step < 40; ++step) {
        stack.offer(step, machine);
        machine.execute(0);
    }
    // The first state before step 1, then one every 10 steps of work: 1, 11, 21, 31.
    QCOMPARE(stack.count(), std::size_t{4});
    auto [step, state] = stack.resumePoint(25);
    QCOMPARE(step, std::size_t{21});
    QVERIFY(state);
    machine.restore(*state);
    QCOMPARE(machine.n, std::uint64_t{21});
    QCOMPARE(stack.count(), std::size_t{3}); // the state at 31 is gone
    std::tie(step, state) = stack.resumePoint(5);
    QCOMPARE(step, std::size_t{1});
    std::tie(step, state) = stack.resumePoint(0);
    QCOMPARE(step, std::size_t{0});
    QVERIFY(!state);
    QCOMPARE(stack.bytes(), std::size_t{0});
}

void tst_ReplayCheckpoints::budgetThinsButKeepsTheLatest() {
    CountingMachine machine;
    ReplayCheckpoints::Limits limits;
    limits.bytesPerWork = 1000; // due every step
    limits.maxBytes = 450;      // at most 4 states of 100 bytes
    ReplayCheckpoints stack(limits);
    ThreadNaming naming;
    machine.restart(naming);
    for (std::size_t step = 0; step <= 64; ++step) {
        stack.offer(step, machine);
        machine.execute(0);
    }
    QVERIFY(stack.count() <= 4);
    QVERIFY(stack.bytes() <= 450);
    QCOMPARE(stack.resumePoint(64).first, std::size_t{64});
}

QTEST_GUILESS_MAIN(tst_ReplayCheckpoints)
#include "tst_ReplayCheckpoints.moc"
