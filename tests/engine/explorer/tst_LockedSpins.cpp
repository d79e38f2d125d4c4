// SPDX-License-Identifier: MIT
// Spin loops whose iterations lock and unlock mutexes (README "Spin loops"; engine/unfolding/README.md
// "Spin loops and awaits"): polling a flag under a mutex awaits in both models, with hand-counted runs
// (tests/programs/locked_spin); what the rule must leave alone (a trylock of the polled mutex, a
// second mutex held at the head and released in the iteration, a recursive relock, an atomic read under
// sync) still runs on, up to the bound; a poll whose next lock waits for a thread that cannot move is
// a deadlock, not a livelock. The brute-force cross-checks are tst_SpinLoops's.
#include "engine/debugger/TracedExecution.hpp"
#include "tests/engine/interpreter/CProgram.hpp"

#include <QtTest>

#include <algorithm>

using namespace weft;

namespace {

const std::string kLockedSpin = std::string(WEFT_TEST_PROGRAMS) + "/locked_spin/locked_spin.c";

interpreter::InterpreterOptions inModel(interpreter::MemoryModel model) {
    interpreter::InterpreterOptions options;
    options.model = model;
    return options;
}

const Defect *findDefect(const ExplorationResult &r, DefectKind kind) {
    const auto it =
        std::find_if(r.defects.begin(), r.defects.end(), [kind](const Defect &d) { return d.kind == kind; });
    return it == r.defects.end() ? nullptr : &*it;
}

/// One run, lowest thread first (so main polls until the setter runs): whether main polled more than
/// a few times, rather than awaiting after its first iteration that changed nothing.
bool pollsOn(const program::Program &p, interpreter::MemoryModel model) {
    interpreter::Interpreter machine(p, inModel(model));
    ExecutionLimits limits;
    limits.maxActions = 200;
    ScheduledExecutor executor(machine, limits);
    const Execution run = executor.run({});
    const auto locks = std::count_if(run.actions.begin(), run.actions.end(),
                                     [](const Action &a) { return a.thread == 0 && a.kind == ActionKind::MutexLock; });
    return locks > 10;
}

} // namespace

class tst_LockedSpins : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void handCounted_data();
    void handCounted();
    void livelockMessages();
    void deadlockWhilePolling_data();
    void deadlockWhilePolling();
    void changedReadBeforeTheLock();
    void reReadUnderAMutex();
    void trylockOfThePolledMutex();
    void unrecognisedIterations();
    void spinLocksAndMutexKinds();

private:
    testing::ScratchSources m_sources;
};

void tst_LockedSpins::handCounted_data() {
    QTest::addColumn<int>("variant");
    QTest::addColumn<bool>("sc");
    QTest::addColumn<int>("maximal");
    QTest::addColumn<int>("cut");
    QTest::addColumn<bool>("livelock");
    // The only dependent events are the critical sections on the polled mutex (the setter's, and main's
    // one iteration: after it main awaits). Setter first: main reads done = 1 and leaves (maximal).
    // Main first: it reads 0 and awaits; the setter then sets done, so the run is cut (assume-blocked).
    // Variant 1 (done never set): both orders end with main awaiting an unchanged done: 2 livelocks.
    // Variant 2: the setter's trylock of `other` always succeeds and orders nothing: as variant 0.
    // Variant 3: the setter takes only the inner mutex: the critical sections on it decide, as in 0.
    // The same under sync (reads are local code between the lock events) and sc (reads are events
    // too, but ordered by the lock events already). Before the rule, every variant ran without end.
    for (const bool sc : {false, true}) {
        const char *model = sc ? "sc" : "sync";
        QTest::addRow("handshake %s", model) << 0 << sc << 1 << 1 << false;
        QTest::addRow("never set %s", model) << 1 << sc << 2 << 0 << true;
        QTest::addRow("trylock of another mutex %s", model) << 2 << sc << 1 << 1 << false;
        QTest::addRow("two mutexes %s", model) << 3 << sc << 1 << 1 << false;
    }
}

void tst_LockedSpins::handCounted() {
    QFETCH(int, variant);
    QFETCH(bool, sc);
    QFETCH(int, maximal);
    QFETCH(int, cut);
    QFETCH(bool, livelock);
    const auto p = testing::loadC(kLockedSpin, {"VARIANT=" + std::to_string(variant)});
    QVERIFY2(p, testing::diagnosticsOf(p).c_str());
    for (int policy : {0, 1, -1}) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(policy);
        const ExplorationResult r =
            testing::explore(*p, options, inModel(sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync));
        QCOMPARE(r.stopReason, StopReason::Completed);
        QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(maximal));
        QCOMPARE(r.statistics.assumeBlocked, std::uint64_t(cut));
        QCOMPARE(r.defects.size(), std::size_t(livelock ? 1 : 0));
        if (livelock)
            QCOMPARE(testing::occurrences(r, DefectKind::Livelock), std::uint64_t(2));
    }
}

void tst_LockedSpins::livelockMessages() {
    // Main polls, the setter never sets done: the loop and the value it waits on, in both models.
    const auto p = testing::loadC(kLockedSpin, {"VARIANT=1"});
    QVERIFY(p);
    for (const auto model : {interpreter::MemoryModel::Sync, interpreter::MemoryModel::Sc}) {
        const ExplorationResult r = testing::explore(*p, {}, inModel(model));
        const Defect *livelock = findDefect(r, DefectKind::Livelock);
        QVERIFY(livelock);
        QVERIFY2(livelock->message.find("T0 spins forever at") != std::string::npos &&
                     livelock->message.find("locked_spin.c:") != std::string::npos &&
                     livelock->message.find("'done' = 0") != std::string::npos &&
                     livelock->message.find("--model sc") == std::string::npos,
                 livelock->message.c_str());
    }
    // A worker polls and nobody sets the flag: main waits to join it.
    const auto worker = m_sources.load("worker.c", R"(#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int done;
void *poller(void *a) {
  for (;;) { pthread_mutex_lock(&m); int seen = done; pthread_mutex_unlock(&m); if (seen) break; }
  return a; }
int main(void) { pthread_t t; pthread_create(&t, 0, poller, 0); pthread_join(t, 0); return 0; })");
    for (const auto model : {interpreter::MemoryModel::Sync, interpreter::MemoryModel::Sc}) {
        const ExplorationResult r = testing::explore(worker, {}, inModel(model));
        QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{1});
        QCOMPARE(r.defects.size(), std::size_t{1});
        const std::string &message = r.defects.front().message;
        QVERIFY2(message.find("T0 waits to join T1; T1 spins forever at ") != std::string::npos &&
                     message.find("worker.c:4:") != std::string::npos &&
                     message.find("'done' = 0") != std::string::npos,
                 message.c_str());
    }
}

void tst_LockedSpins::deadlockWhilePolling_data() {
    QTest::addColumn<int>("variant");
    QTest::addColumn<bool>("sc");
    QTest::addColumn<int>("maximal");
    QTest::addColumn<QString>("message");
    // T1 polls done under m; main takes m and then cannot move. Either T1 polled once before (it
    // awaits at its loop head, its next lock waiting for m: this run was a livelock, or in variant 3
    // a cut path, before the rule looked at the lock) or its first lock waits: 2 deadlocks. Variant
    // 1: T1 also holds a, which main then wants; a third run has main take a before T1 and finish.
    for (const bool sc : {false, true}) {
        const char *model = sc ? "sc" : "sync";
        QTest::addRow("join %s", model) << 0 << sc << 2 << "T0 waits to join T1; T1 waits for lock 'm', held by T0";
        QTest::addRow("lock cycle %s", model)
            << 1 << sc << 3 << "T0 waits for lock 'a', held by T1; T1 waits for lock 'm', held by T0";
        QTest::addRow("condition wait %s", model)
            << 2 << sc << 2 << "T0 waits on condition variable 'c'; T1 waits for lock 'm', held by T0";
        QTest::addRow("done set, then join %s", model)
            << 3 << sc << 2 << "T0 waits to join T1; T1 waits for lock 'm', held by T0";
    }
}

void tst_LockedSpins::deadlockWhilePolling() {
    QFETCH(int, variant);
    QFETCH(bool, sc);
    QFETCH(int, maximal);
    QFETCH(QString, message);
    const auto p = m_sources.load("held.c", "#define VARIANT " + std::to_string(variant) + R"(
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, a = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER; int done, go;
void *poller(void *arg) {
  if (VARIANT == 1) pthread_mutex_lock(&a);
  for (;;) { pthread_mutex_lock(&m); int seen = done; pthread_mutex_unlock(&m); if (seen) break; }
  if (VARIANT == 1) pthread_mutex_unlock(&a);
  if (VARIANT == 2) { pthread_mutex_lock(&a); go = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&a); }
  return arg; }
int main(void) { pthread_t t; pthread_create(&t, 0, poller, 0);
  pthread_mutex_lock(&m);
  if (VARIANT == 0) pthread_join(t, 0);
  if (VARIANT == 1) pthread_mutex_lock(&a);
  if (VARIANT == 2) { pthread_mutex_lock(&a); while (!go) pthread_cond_wait(&c, &a); pthread_mutex_unlock(&a); }
  if (VARIANT == 3) { done = 1; pthread_join(t, 0); }
  done = 1;
  if (VARIANT == 1) pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&m);
  if (VARIANT == 1 || VARIANT == 2) pthread_join(t, 0);
  return 0; })");
    for (int policy : {0, 1, -1}) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(policy);
        const ExplorationResult r =
            testing::explore(p, options, inModel(sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync));
        QCOMPARE(r.stopReason, StopReason::Completed);
        QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(maximal));
        QCOMPARE(r.statistics.assumeBlocked, std::uint64_t{0});
        QCOMPARE(r.defects.size(), std::size_t{1});
        QCOMPARE(r.defects.front().kind, DefectKind::Deadlock);
        QCOMPARE(r.defects.front().occurrences, std::uint64_t{2});
        QCOMPARE(QString::fromStdString(r.defects.front().message), message);
    }
    if (variant != 0)
        return;
    // The run where T1 polled once and awaits (main's start and create, T1's start, lock and unlock,
    // main's lock; then main waits to join; under sc T1's read of done is an event too): the trace
    // (the threads pane) shows T1 waiting for m.
    const auto schedule = Schedule::parse(sc ? "0*2,1*4,0" : "0*2,1*3,0");
    QVERIFY(schedule);
    const debugger::TracedExecution trace = debugger::traceSchedule(
        p, inModel(sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync), *schedule);
    QCOMPARE(trace.execution.end, ExecutionEnd::Deadlock);
    QCOMPARE(trace.execution.blocked.size(), std::size_t{2});
    QCOMPARE(trace.execution.blocked[1].pending.kind, ActionKind::AwaitBlocked);
    QCOMPARE(trace.blocked.size(), std::size_t{2});
    QCOMPARE(trace.blocked[1].action.kind, ActionKind::MutexLock);
    QCOMPARE(trace.blocked[1].object, std::string("'m'"));
}

void tst_LockedSpins::changedReadBeforeTheLock() {
    // T1 reads done before its lock. Main takes m, sets done and joins T1 holding m. T1 polled once
    // before main's write: it would read 1 and leave before locking, so the run is a cut path, not a
    // deadlock. T1 read 0 after main's lock: its lock waits, a deadlock. T1 read 1: it leaves. (sc:
    // the read is an event; the unprotected read is a race.)
    const auto p = m_sources.load("readfirst.c", R"(#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int done;
void *poller(void *arg) {
  for (;;) { if (done) break; pthread_mutex_lock(&m); pthread_mutex_unlock(&m); }
  return arg; }
int main(void) { pthread_t t; pthread_create(&t, 0, poller, 0);
  pthread_mutex_lock(&m); done = 1; pthread_join(t, 0); pthread_mutex_unlock(&m); return 0; })");
    const ExplorationResult r = testing::explore(p, {}, inModel(interpreter::MemoryModel::Sc));
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{2});
    QCOMPARE(r.statistics.assumeBlocked, std::uint64_t{1});
    QCOMPARE(testing::occurrences(r, DefectKind::Deadlock), std::uint64_t{1});
    QVERIFY(!findDefect(r, DefectKind::Livelock));
    QVERIFY(findDefect(r, DefectKind::DataRace));
}

void tst_LockedSpins::reReadUnderAMutex() {
    // `a = x; while (a != 0) a = x;` with each read under m (the re-read rule of
    // engine/unfolding/README.md): x = 1, the writer's critical sections store 2, 3 (and y = 1), 0.
    // Main's first read sees 1, 2, 3 or 0 (0: it leaves, 1 run); then one iteration reads the same
    // value or a later one: 4 + 3 + 2 runs, 3 of them reading 0 and leaving, 6 awaiting a change
    // (cut). 4 maximal and 6 cut, as tst_SpinLoops::reReadLoops counts it without the mutex.
    const auto p = m_sources.load("reread.c", R"(#include <assert.h>
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int x = 1, y;
void *writer(void *arg) {
  pthread_mutex_lock(&m); x = 2; pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m); x = 3; y = 1; pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m); x = 0; pthread_mutex_unlock(&m);
  return arg; }
int main(void) { pthread_t t; pthread_create(&t, 0, writer, 0);
  pthread_mutex_lock(&m); int a = x; pthread_mutex_unlock(&m);
  while (a != 0) { pthread_mutex_lock(&m); a = x; pthread_mutex_unlock(&m); }
  pthread_mutex_lock(&m); assert(y == 1); pthread_mutex_unlock(&m);
  pthread_join(t, 0); return 0; })");
    for (const auto model : {interpreter::MemoryModel::Sync, interpreter::MemoryModel::Sc}) {
        const ExplorationResult r = testing::explore(p, {}, inModel(model));
        QCOMPARE(r.stopReason, StopReason::Completed);
        QVERIFY(r.defects.empty());
        QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{4});
        QCOMPARE(r.statistics.assumeBlocked, std::uint64_t{6});
    }
}

void tst_LockedSpins::trylockOfThePolledMutex() {
    // Variant 4: the worker's assertion fails only if both its trylocks fail, each inside one of
    // main's polls, with the worker taking and releasing m in between: two different iterations.
    // Deleting main's first iteration would make the first trylock succeed, so the rule is not
    // applied to a mutex a trylock may name, and main polls on.
    const auto p = testing::loadC(kLockedSpin, {"VARIANT=4"});
    QVERIFY2(p, testing::diagnosticsOf(p).c_str());
    QVERIFY(pollsOn(*p, interpreter::MemoryModel::Sync));
    QVERIFY(pollsOn(*p, interpreter::MemoryModel::Sc));
    // The run with both failures: main's lock, the first trylock, main's unlock, the worker's lock
    // and unlock, main's second poll, the second trylock (printed by `weft replay`).
    const auto schedule = Schedule::parse("0*3,1*2,0,1*2,0,1,0,1*8");
    QVERIFY(schedule);
    interpreter::Interpreter machine(*p, inModel(interpreter::MemoryModel::Sync));
    ScheduledExecutor executor(machine);
    const Execution run = executor.run(*schedule);
    QCOMPARE(run.end, ExecutionEnd::Fault);
    QVERIFY(run.fault && run.fault->message.find("first == 0 || second == 0") != std::string::npos);
}

void tst_LockedSpins::unrecognisedIterations() {
    // What the rule leaves alone runs as before: each of these polls on.
    const std::string head = R"(#define _GNU_SOURCE
#include <pthread.h>
#include <time.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int done;
void *setter(void *a) { pthread_mutex_lock(&m); done = 1; pthread_mutex_unlock(&m); return a; }
)";
    const std::pair<const char *, const char *> cases[] = {
        // Two mutexes held at the head, released and retaken in the iteration: the rotated rule takes
        // one (one held at the head and retaken: tst_TrylockSpins), deleting the iteration would merge
        // two of main's holds around the setter's.
        {"relock2.c", R"(pthread_mutex_t n = PTHREAD_MUTEX_INITIALIZER;
int main(void) { pthread_t t; pthread_create(&t, 0, setter, 0);
  pthread_mutex_lock(&m); pthread_mutex_lock(&n);
  while (!done) { pthread_mutex_unlock(&n); pthread_mutex_unlock(&m); pthread_mutex_lock(&m); pthread_mutex_lock(&n); }
  pthread_mutex_unlock(&n); pthread_mutex_unlock(&m); pthread_join(t, 0); return 0; })"},
        // A timed lock anywhere is a trylock of a computed address (the runtime's): no mutex qualifies.
        {"timed.c", R"(pthread_mutex_t n = PTHREAD_MUTEX_INITIALIZER;
int main(void) { pthread_t t; pthread_create(&t, 0, setter, 0);
  struct timespec ts = {0, 0}; if (pthread_mutex_timedlock(&n, &ts) == 0) pthread_mutex_unlock(&n);
  for (;;) { pthread_mutex_lock(&m); int seen = done; pthread_mutex_unlock(&m); if (seen) break; }
  pthread_join(t, 0); return 0; })"},
        // Five mutexes held at once in the iteration: the watch keeps four (SpinWatch::kMaxHeld).
        {"five.c", R"(pthread_mutex_t n[4] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
  PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
int main(void) { pthread_t t; pthread_create(&t, 0, setter, 0);
  for (;;) { pthread_mutex_lock(&m); for (int i = 0; i < 4; i++) pthread_mutex_lock(&n[i]);
    int seen = done; for (int i = 3; i >= 0; i--) pthread_mutex_unlock(&n[i]); pthread_mutex_unlock(&m);
    if (seen) break; }
  pthread_join(t, 0); return 0; })"},
    };
    for (const auto &[name, text] : cases) {
        const auto p = m_sources.load(name, head + text);
        QVERIFY2(pollsOn(p, interpreter::MemoryModel::Sync), name);
        QVERIFY2(pollsOn(p, interpreter::MemoryModel::Sc), name);
    }
}

void tst_LockedSpins::spinLocksAndMutexKinds() {
    // An error-checking mutex's first lock and last unlock are events like a normal one's: the same
    // runs as locked_spin's variant 0. A spin lock (the runtime's mutex table, found by an atomic
    // read of the pthread_spinlock_t) awaits under sc; under sync the atomic read keeps it out.
    const std::string loop = R"(
  for (;;) { LOCK; int seen = done; UNLOCK; if (seen) break; }
  pthread_join(t, 0); return 0; })";
    const auto errorCheck = m_sources.load("errorcheck.c", R"(#define _GNU_SOURCE
#include <pthread.h>
pthread_mutex_t m; int done;
void *setter(void *a) { pthread_mutex_lock(&m); done = 1; pthread_mutex_unlock(&m); return a; }
#define LOCK pthread_mutex_lock(&m)
#define UNLOCK pthread_mutex_unlock(&m)
int main(void) { pthread_mutexattr_t k; pthread_mutexattr_init(&k);
  pthread_mutexattr_settype(&k, PTHREAD_MUTEX_ERRORCHECK); pthread_mutex_init(&m, &k);
  pthread_t t; pthread_create(&t, 0, setter, 0);)" + loop);
    const auto spinLock = m_sources.load("spinlock.c", R"(#include <pthread.h>
pthread_spinlock_t s; int done;
void *setter(void *a) { pthread_spin_lock(&s); done = 1; pthread_spin_unlock(&s); return a; }
#define LOCK pthread_spin_lock(&s)
#define UNLOCK pthread_spin_unlock(&s)
int main(void) { pthread_spin_init(&s, 0); pthread_t t; pthread_create(&t, 0, setter, 0);)" +
                                                           loop);
    for (const auto model : {interpreter::MemoryModel::Sync, interpreter::MemoryModel::Sc}) {
        const ExplorationResult r = testing::explore(errorCheck, {}, inModel(model));
        QCOMPARE(r.stopReason, StopReason::Completed);
        QVERIFY(r.defects.empty());
        QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{1});
        QCOMPARE(r.statistics.assumeBlocked, std::uint64_t{1});
    }
    const ExplorationResult r = testing::explore(spinLock, {}, inModel(interpreter::MemoryModel::Sc));
    QCOMPARE(r.stopReason, StopReason::Completed);
    QVERIFY(r.defects.empty());
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{1});
    QCOMPARE(r.statistics.assumeBlocked, std::uint64_t{1});
    QVERIFY(pollsOn(spinLock, interpreter::MemoryModel::Sync));
}

QTEST_GUILESS_MAIN(tst_LockedSpins)
#include "tst_LockedSpins.moc"
