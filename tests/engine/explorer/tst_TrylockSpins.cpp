// SPDX-License-Identifier: MIT
// Retry loops on pthread_mutex_trylock (README "Spin loops"; engine/unfolding/README.md "Spin loops and
// awaits"): an iteration whose only event is a failed trylock awaits the mutex's release, in both
// models, with hand-counted runs (tests/programs/trylock_retry) that match the brute-force enumeration
// of the interpreter's runs; the livelock names the mutex and its holder; a mutex held at the head and
// released and retaken in the iteration (goblint's 04-mutex_42, a relocking poll) awaits at the relock.
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
    void heldMutexReleasedInTheIteration_data();
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

void tst_TrylockSpins::heldMutexReleasedInTheIteration_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("sc");
    QTest::addColumn<int>("maximal");
    QTest::addColumn<int>("cut");
    // Main holds a at the head and releases and retakes it in each iteration (goblint's 04-mutex_42):
    // awaiting at the head would hold a for good, so the rotated rule awaits one rotation later, at
    // the relock, not holding a (engine/unfolding/README.md, "Spin loops and awaits"). Before it,
    // every run where the first trylock failed went on to the action bound.
    const char *goblint = R"(#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *t(void *arg) { pthread_mutex_lock(&b); pthread_mutex_unlock(&b); return arg; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); pthread_mutex_lock(&a);
  while (pthread_mutex_trylock(&b)) { pthread_mutex_unlock(&a); pthread_mutex_lock(&a); }
  pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); pthread_join(id, 0); return 0; })";
    // T1 needs a to release b: awaiting while holding a would make a deadlock that the program has not.
    const char *needsA = R"(#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *t(void *arg) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b); return arg; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); pthread_mutex_lock(&a);
  while (pthread_mutex_trylock(&b)) { pthread_mutex_unlock(&a); pthread_mutex_lock(&a); }
  pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); pthread_join(id, 0); return 0; })";
    // A flag polled under a mutex held at the head (was left alone: tst_LockedSpins).
    const char *relock = R"(#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int done;
void *setter(void *a) { pthread_mutex_lock(&m); done = 1; pthread_mutex_unlock(&m); return a; }
int main(void) { pthread_t t; pthread_create(&t, 0, setter, 0);
  pthread_mutex_lock(&m); while (!done) { pthread_mutex_unlock(&m); pthread_mutex_lock(&m); }
  pthread_mutex_unlock(&m); pthread_join(t, 0); return 0; })";
    for (const bool sc : {false, true}) {
        const char *model = sc ? "sc" : "sync";
        QTest::addRow("goblint 04-mutex_42 %s", model) << QString(goblint) << sc << 3 << 1;
        QTest::addRow("the holder needs a %s", model) << QString(needsA) << sc << -1 << -1;
        QTest::addRow("relock poll %s", model) << QString(relock) << sc << -1 << -1;
    }
}

void tst_TrylockSpins::heldMutexReleasedInTheIteration() {
    QFETCH(QString, source);
    QFETCH(bool, sc);
    QFETCH(int, maximal);
    QFETCH(int, cut);
    const auto p = m_sources.load("held.c", source.toStdString());
    interpreter::Interpreter machine(p, inModel(sc));
    const model::EnumerationResult truth =
        model::InterleavingEnumerator(machine, model::InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
    QVERIFY(truth.complete && truth.divergences == 0);
    QCOMPARE(truth.faults + truth.deadlocks + truth.livelocks, std::uint64_t{0}); // as the program: no defect
    if (maximal >= 0) {
        QCOMPARE(truth.traces, std::uint64_t(maximal + cut));
        QCOMPARE(truth.assumeBlocked, std::uint64_t(cut));
    }
    for (const int policy : {0, 1, -1}) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(policy);
        const ExplorationResult r = testing::explore(p, options, inModel(sc));
        QCOMPARE(r.stopReason, StopReason::Completed);
        QVERIFY2(r.defects.empty(), r.defects.empty() ? "" : r.defects.front().message.c_str());
        QCOMPARE(r.statistics.maximalConfigurations + r.statistics.assumeBlocked, truth.traces);
        QCOMPARE(r.statistics.assumeBlocked, truth.assumeBlocked);
        QCOMPARE(r.statistics.events, truth.events);
        QVERIFY(r.statistics.maximalConfigurations > 0); // main leaves the loop in some run
    }
}

QTEST_GUILESS_MAIN(tst_TrylockSpins)
#include "tst_TrylockSpins.moc"
