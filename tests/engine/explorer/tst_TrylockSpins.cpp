// SPDX-License-Identifier: MIT
// Retry loops on pthread_mutex_trylock (README "Spin loops"; engine/unfolding/README.md "Spin loops and
// awaits"): an iteration whose only event is a failed trylock awaits the mutex's release, in both
// models, with hand-counted runs (tests/programs/trylock_retry) that match the brute-force enumeration
// of the interpreter's runs; the livelock names the mutex and its holder; a mutex held at the head and
// released and retaken in the iteration (goblint's 04-mutex_42) is still left alone.
#include "engine/execution/ScheduledExecutor.hpp"
#include "tests/engine/interpreter/CProgram.hpp"
#include "tests/model/InterleavingEnumerator.hpp"

#include <QtTest>

#include <algorithm>

using namespace weft;

namespace {

const std::string kTrylockRetry = std::string(WEFT_TEST_PROGRAMS) + "/trylock_retry/trylock_retry.c";

interpreter::InterpreterOptions inModel(bool sc) {
    interpreter::InterpreterOptions options;
    options.model = sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;
    return options;
}

} // namespace

class tst_TrylockSpins : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void retryLoops_data();
    void retryLoops();
    void livelockNamesTheHolder();
    void heldMutexReleasedInTheIteration();

private:
    testing::ScratchSources m_sources;
};

void tst_TrylockSpins::retryLoops_data() {
    QTest::addColumn<QString>("define");
    QTest::addColumn<bool>("sc");
    QTest::addColumn<int>("maximal");
    QTest::addColumn<int>("cut");
    QTest::addColumn<bool>("livelock");
    // Main's trylock before T1's hold of b (T1 then waits for main's unlock), after it, or inside it
    // (fails: main awaits, T1's unlock frees b, the run is cut). FOREVER (T1 never unlocks): before it,
    // or inside it, where main awaits an owner that exits holding b, a livelock. Before the rule,
    // every run inside the hold went on to the 4M-action bound.
    for (const bool sc : {false, true}) {
        const char *model = sc ? "sc" : "sync";
        QTest::addRow("plain %s", model) << QString() << sc << 2 << 1 << false;
        QTest::addRow("under another mutex %s", model) << QStringLiteral("UNDER_A") << sc << 2 << 1 << false;
        QTest::addRow("forever %s", model) << QStringLiteral("FOREVER") << sc << 2 << 0 << true;
    }
}

void tst_TrylockSpins::retryLoops() {
    QFETCH(QString, define);
    QFETCH(bool, sc);
    QFETCH(int, maximal);
    QFETCH(int, cut);
    QFETCH(bool, livelock);
    std::vector<std::string> defines;
    if (!define.isEmpty())
        defines.push_back(define.toStdString());
    const auto p = testing::loadC(kTrylockRetry, defines);
    QVERIFY2(p, testing::diagnosticsOf(p).c_str());
    interpreter::Interpreter machine(*p, inModel(sc));
    const model::EnumerationResult truth =
        model::InterleavingEnumerator(machine, model::InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
    QVERIFY(truth.complete && truth.divergences == 0);
    QCOMPARE(truth.traces, std::uint64_t(maximal + cut));
    QCOMPARE(truth.assumeBlocked, std::uint64_t(cut));
    QCOMPARE(truth.livelocks > 0, livelock);
    for (const int policy : {0, 1, 2, -1}) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(policy);
        const ExplorationResult r = testing::explore(*p, options, inModel(sc));
        QCOMPARE(r.stopReason, StopReason::Completed);
        QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(maximal));
        QCOMPARE(r.statistics.assumeBlocked, std::uint64_t(cut));
        QCOMPARE(r.statistics.events, truth.events);
        QCOMPARE(r.defects.size(), std::size_t(livelock ? 1 : 0));
        if (livelock)
            QCOMPARE(r.defects.front().kind, DefectKind::Livelock);
    }
}

void tst_TrylockSpins::livelockNamesTheHolder() {
    const auto p = testing::loadC(kTrylockRetry, {"FOREVER"});
    QVERIFY(p);
    for (const bool sc : {false, true}) {
        const ExplorationResult r = testing::explore(*p, {}, inModel(sc));
        QCOMPARE(r.defects.size(), std::size_t{1});
        const std::string &message = r.defects.front().message;
        QVERIFY2(message.find("T0 spins forever at") != std::string::npos &&
                     message.find("trylock_retry.c:") != std::string::npos &&
                     message.find("'b' = locked by T1") != std::string::npos,
                 message.c_str());
    }
}

void tst_TrylockSpins::heldMutexReleasedInTheIteration() {
    // Main holds a at the head and releases and retakes it around each failed trylock of b: awaiting
    // at the head would hold a for good, and deleting an iteration would merge two holds of a around
    // another thread's, so the rule leaves the loop alone and main retries on (engine/unfolding/README.md,
    // "Spin loops and awaits", Limits).
    const auto p = m_sources.load("held.c", R"(#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *t(void *arg) { pthread_mutex_lock(&b); pthread_mutex_unlock(&b); return arg; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); pthread_mutex_lock(&a);
  while (pthread_mutex_trylock(&b)) { pthread_mutex_unlock(&a); pthread_mutex_lock(&a); }
  pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); pthread_join(id, 0); return 0; })");
    for (const bool sc : {false, true}) {
        interpreter::Interpreter machine(p, inModel(sc));
        ExecutionLimits limits;
        limits.maxActions = 200;
        ScheduledExecutor executor(machine, limits);
        // Main first, T1 to its lock, then main on its own: it keeps retrying.
        const Execution run = executor.run(*Schedule::parse("0*3,1*2"));
        const auto tries = std::count_if(run.actions.begin(), run.actions.end(), [](const Action &a) {
            return a.thread == 0 && a.kind == ActionKind::MutexTrylock;
        });
        QVERIFY2(tries > 10, std::to_string(tries).c_str());
    }
}

QTEST_GUILESS_MAIN(tst_TrylockSpins)
#include "tst_TrylockSpins.moc"
