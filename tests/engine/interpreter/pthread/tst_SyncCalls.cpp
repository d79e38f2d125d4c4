// SPDX-License-Identifier: MIT
// Tests the interpreter's trylock, semaphores, condition variables and barriers: the explorer
// against brute force (InterleavingEnumerator on the Interpreter) on tests/programs/sync_*, the
// call results, the lost wake-up deadlock replayed, and misuse reported as a located fault; a racy
// pthread_mutex_destroy, pthread_mutex_init's checks and the other objects' destroys (tests/programs/
// sync_destroy, sync_init, sync_destroy_objects) against brute force.
#include "tests/engine/interpreter/CProgram.hpp"
#include "tests/model/InterleavingEnumerator.hpp"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace weft;
using weft::testing::diagnosticsOf;
using weft::testing::explore;
using weft::testing::loadC;
using weft::testing::runOnce;

namespace {

const std::string kPrograms = WEFT_TEST_PROGRAMS;

nlohmann::json readExpected(const std::string &name) {
    std::ifstream in(kPrograms + "/" + name + "/expected.json", std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return nlohmann::json::parse(s.str());
}

} // namespace

class tst_SyncCalls : public QObject {
    Q_OBJECT
private slots:
    void init();
    void matchesBruteForce_data();
    void matchesBruteForce();
    void racyDestroyMatchesBruteForce_data();
    void racyDestroyMatchesBruteForce();
    void lostWakeupDeadlockIsReplayed();
    void lockHeldByAnExitedThread();
    void trylockAndTrywaitResults();
    void barrierReturnsSerialThreadOncePerRound();
    void misuseIsLocatedFault_data();
    void misuseIsLocatedFault();
    void semWaitBeforeInitBlocks();
    void detachedThreadRuns();
    void detachStateIsHonoured();
    void stillUnsupportedAreDefectsWhenReached_data();
    void stillUnsupportedAreDefectsWhenReached();

private:
    program::Program load(const std::string &name, const std::string &text) { return m_sources.load(name, text); }
    weft::testing::ScratchSources m_sources;
};

void tst_SyncCalls::init() {
    QVERIFY(m_sources.reset());
}

void tst_SyncCalls::matchesBruteForce_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("policy");
    for (const char *name : {"sync_trylock", "sync_prodcon", "sync_condvar", "sync_lostwakeup",
                             "sync_broadcast", "sync_barrier", "sync_barrier_serial"})
        for (int policy : {0, 1, -1, 2})
            QTest::addRow("%s k=%d", name, policy) << QString(name) << policy;
}

void tst_SyncCalls::matchesBruteForce() {
    QFETCH(QString, name);
    QFETCH(int, policy);
    const std::string dir = name.toStdString();
    auto p = loadC(kPrograms + "/" + dir + "/" + dir + ".c");
    QVERIFY2(p, diagnosticsOf(p).c_str());

    interpreter::Interpreter bruteMachine(*p);
    model::InterleavingEnumerator enumerator(
        bruteMachine, model::InterleavingEnumerator::Mode::MergeEquivalentPrefixes);
    const model::EnumerationResult truth = enumerator.run();
    QVERIFY(truth.complete);
    QCOMPARE(truth.divergences, 0u);
    QCOMPARE(truth.faults, 0u); // the programs' assertions hold; their only defects are deadlocks

    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    const ExplorationResult r = explore(*p, options);
    qInfo("%s k=%d: brute force %llu traces, %llu events, %llu deadlocks; explorer %llu "
          "configurations, "
          "%llu events, %llu defects, %llu SSB",
          qPrintable(name), policy, (unsigned long long)truth.traces,
          (unsigned long long)truth.events, (unsigned long long)truth.deadlocks,
          (unsigned long long)r.statistics.maximalConfigurations,
          (unsigned long long)r.statistics.events, (unsigned long long)r.statistics.defects,
          (unsigned long long)r.statistics.sleepSetBlocked);
    QVERIFY(r.isComplete());
    QCOMPARE(r.statistics.maximalConfigurations, truth.traces);
    QCOMPARE(r.statistics.events, truth.events);
    QCOMPARE(r.statistics.defects, truth.deadlocks);
    if (policy == 0)
        QCOMPARE(r.statistics.sleepSetBlocked, 0u);

    // expected.json (also run by tst_ThreadCalls::oracleProgramsMatch) records the same numbers.
    const auto instance = readExpected(dir)["instances"][0];
    QCOMPARE(truth.traces, instance["maximalConfigurations"].get<std::uint64_t>());
    QCOMPARE(truth.events, instance["events"].get<std::uint64_t>());
    QCOMPARE(truth.deadlocks, instance["defects"].get<std::uint64_t>());
}

void tst_SyncCalls::racyDestroyMatchesBruteForce_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QStringList>("defines");
    QTest::addColumn<int>("policy");
    QTest::addColumn<int>("reports"); // defects the explorer reports (brute force counts no reports)
    for (int policy : {0, 1, -1, 2}) {
        QTest::addRow("racy k=%d", policy) << "sync_destroy" << QStringList() << policy << 2;
        QTest::addRow("join first k=%d", policy) << "sync_destroy" << QStringList{"JOIN_FIRST"} << policy << 0;
        QTest::addRow("use after k=%d", policy) << "sync_destroy" << QStringList{"USE_AFTER"} << policy << 1;
        QTest::addRow("racy init k=%d", policy) << "sync_init" << QStringList() << policy << 1;
        QTest::addRow("init, racy init k=%d", policy) << "sync_init" << QStringList{"REINIT"} << policy << 1;
        QTest::addRow("init after join k=%d", policy) << "sync_init" << QStringList{"JOIN_FIRST"} << policy << 1;
        QTest::addRow("init of a held mutex k=%d", policy) << "sync_init" << QStringList{"HELD"} << policy << 1;
        QTest::addRow("racy init, two orders k=%d", policy) << "sync_init" << QStringList{"TWO_ORDERS"} << policy << 1;
        QTest::addRow("uninitialised k=%d", policy) << "sync_init" << QStringList{"HEAP"} << policy << 1;
        for (const char *object : {"BARRIER", "RWLOCK", "SEM", "COND"}) {
            const QStringList d = QString(object) == "BARRIER" ? QStringList() : QStringList{object};
            const int racy = QString(object) == "RWLOCK" || QString(object) == "SEM" ? 2 : 1;
            QTest::addRow("racy %s destroy k=%d", object, policy) << "sync_destroy_objects" << d << policy << racy;
            QTest::addRow("%s destroyed twice k=%d", object, policy)
                << "sync_destroy_objects" << (d + QStringList{"JOIN_FIRST", "TWICE"}) << policy << 1;
        }
    }
}

void tst_SyncCalls::racyDestroyMatchesBruteForce() {
    // Every order of the destroy with the worker's lock and unlock is explored once, and the defects the
    // run goes on past (destroying or initialising a held mutex, locking a destroyed or never initialised
    // one, an init racing with a use) hide nothing behind them.
    QFETCH(QString, name);
    QFETCH(QStringList, defines);
    QFETCH(int, policy);
    QFETCH(int, reports);
    std::vector<std::string> d;
    for (const QString &x : defines)
        d.push_back(x.toStdString());
    auto p = loadC(kPrograms + "/" + name.toStdString() + "/" + name.toStdString() + ".c", d);
    QVERIFY2(p, diagnosticsOf(p).c_str());
    interpreter::Interpreter bruteMachine(*p);
    model::InterleavingEnumerator enumerator(bruteMachine,
                                             model::InterleavingEnumerator::Mode::MergeEquivalentPrefixes);
    const model::EnumerationResult truth = enumerator.run();
    QVERIFY(truth.complete);
    QCOMPARE(truth.divergences, 0u);
    QCOMPARE(truth.faults, 0u);
    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    const ExplorationResult r = explore(*p, options);
    QVERIFY(r.isComplete());
    QCOMPARE(r.statistics.maximalConfigurations, truth.traces);
    QCOMPARE(r.statistics.events, truth.events);
    QCOMPARE(r.statistics.defects, std::uint64_t(reports));
    for (const Defect &x : r.defects)
        QCOMPARE(x.kind, DefectKind::UndefinedBehaviour);
}

void tst_SyncCalls::lostWakeupDeadlockIsReplayed() {
    auto p = loadC(kPrograms + "/sync_lostwakeup/sync_lostwakeup.c");
    QVERIFY2(p, diagnosticsOf(p).c_str());
    const ExplorationResult r = explore(*p);
    QCOMPARE(r.defects.size(), 1u);
    const Defect &d = r.defects[0];
    qInfo().noquote() << QString::fromStdString(d.message) << "schedule"
                      << QString::fromStdString(d.schedule.toString());
    QCOMPARE(d.kind, DefectKind::Deadlock);
    QVERIFY2(QString::fromStdString(d.message).contains("'c'"), d.message.c_str());
    const auto replay = runOnce(*p, d.schedule);
    QCOMPARE(replay.execution.end, ExecutionEnd::Deadlock);
    QCOMPARE(replay.execution.actions, d.trace);
    // The waiter is blocked in its cond_wake, main in its join of the waiter.
    QCOMPARE(replay.execution.blocked.size(), 2u);
}

void tst_SyncCalls::lockHeldByAnExitedThread() {
    // Nidhugg's mutex_hard, in short: the worker that does not take m first exits holding it. The
    // deadlock names the thread that still held m when it exited (nobody else can release it).
    const auto p = load("exited.c", R"(#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
atomic_uint x;
static void *t(void *arg) {
    pthread_mutex_lock(&m);
    if (atomic_fetch_add(&x, 1) == (unsigned)(uintptr_t)arg)
        pthread_mutex_unlock(&m);
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t, (void *)0);
    pthread_create(&b, 0, t, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
})");
    // T1 first: it unlocks, T2 unlocks: no defect. T2 first: it keeps m and exits; T1 waits for m.
    const ExplorationResult r = explore(p);
    QCOMPARE(r.statistics.maximalConfigurations, 2u);
    QCOMPARE(r.defects.size(), 1u);
    QCOMPARE(r.defects[0].kind, DefectKind::Deadlock);
    QCOMPARE(QString::fromStdString(r.defects[0].message),
             QString("T0 waits to join T1; T1 waits for lock 'm', which T2 held when it exited"));
}

void tst_SyncCalls::trylockAndTrywaitResults() {
    const auto p = load("results.c", R"(#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t s;
int main(void) {
    int a = pthread_mutex_trylock(&m);
    int b = pthread_mutex_trylock(&m); /* held, even by the caller: EBUSY */
    pthread_mutex_unlock(&m);
    int c = pthread_mutex_lock(&m);
    int d = pthread_mutex_unlock(&m);
    sem_init(&s, 0, 1);
    int e = sem_trywait(&s);
    int f = sem_trywait(&s);
    int g = sem_post(&s);
    int h = sem_wait(&s);
    printf("%d %d %d %d %d %d %d %d ebusy=%d\n", a, b, c, d, e, f, g, h, b == EBUSY);
    return 0;
}
)");
    const auto run = runOnce(p);
    QCOMPARE(run.execution.end, ExecutionEnd::Finished);
    QCOMPARE(QString::fromStdString(run.output), QString("0 16 0 0 0 -1 0 0 ebusy=1\n"));
    std::vector<ActionKind> kinds;
    for (const Action &a : run.execution.actions)
        kinds.push_back(a.kind);
    const std::vector<ActionKind> expected = {
        ActionKind::ThreadStart, ActionKind::MutexTrylock, ActionKind::MutexTrylock,
        ActionKind::MutexUnlock, ActionKind::MutexLock,    ActionKind::MutexUnlock,
        ActionKind::SemInit,     ActionKind::SemTrywait,   ActionKind::SemTrywait,
        ActionKind::SemPost,     ActionKind::SemWait,      ActionKind::ThreadExit};
    QCOMPARE(kinds, expected);
    QCOMPARE(run.execution.actions[6].value, 1); // sem_init's value
}

void tst_SyncCalls::barrierReturnsSerialThreadOncePerRound() {
    // Two rounds of a barrier of two: the arrival completing each round gets
    // PTHREAD_BARRIER_SERIAL_THREAD; cond_wait is four events, barrier_wait two.
    const auto p = load("serial.c", R"(#include <pthread.h>
#include <stdio.h>
static pthread_barrier_t b;
static void *party(void *arg) {
    int r1 = pthread_barrier_wait(&b);
    int r2 = pthread_barrier_wait(&b);
    printf("child %d %d\n", r1, r2);
    return arg;
}
int main(void) {
    pthread_t t;
    pthread_barrier_init(&b, NULL, 2);
    pthread_create(&t, NULL, party, NULL);
    int r1 = pthread_barrier_wait(&b);
    int r2 = pthread_barrier_wait(&b);
    pthread_join(t, NULL);
    printf("main %d %d\n", r1, r2);
    return 0;
}
)");
    // Free mode runs the lowest thread first: main arrives first both times.
    const auto run = runOnce(p);
    QCOMPARE(run.execution.end, ExecutionEnd::Finished);
    QCOMPARE(QString::fromStdString(run.output), QString("child -1 -1\nmain 0 0\n"));
    int passes = 0, arrivals = 0;
    for (const Action &a : run.execution.actions) {
        passes += a.kind == ActionKind::BarrierPass;
        arrivals += a.kind == ActionKind::BarrierArrive;
    }
    QCOMPARE(arrivals, 4);
    QCOMPARE(passes, 4);
}

void tst_SyncCalls::misuseIsLocatedFault_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("message");
    auto row = [](const char *name, const char *body, DefectKind kind, const char *message) {
        QTest::newRow(name)
            << QString("#include <pthread.h>\n#include <semaphore.h>\n"
                       "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\npthread_cond_t c;\n"
                       "sem_t s;\npthread_barrier_t b;\nint main(void) {\n") +
                   body + "\n  return 0;\n}\n"
            << int(kind) << QString(message);
    };
    // Line 8 is the body's line.
    row("sem_post before sem_init", "  sem_post(&s);", DefectKind::ModelViolation,
        "misuse.c:8:3: T0 uses semaphore 's' before initialising it (sem_init)");
    row("sem_trywait before sem_init", "  sem_trywait(&s);", DefectKind::ModelViolation,
        "misuse.c:8:3: T0 uses semaphore 's' before initialising it (sem_init)");
    row("cond_wait without the mutex", "  pthread_cond_wait(&c, &m);", DefectKind::ModelViolation,
        "misuse.c:8:3: T0 unlocks mutex 'm', which it does not hold");
    row("barrier_wait before init", "  pthread_barrier_wait(&b);", DefectKind::ModelViolation,
        "misuse.c:8:3: T0 waits at barrier 'b' before initialising it (pthread_barrier_init)");
    row("barrier of zero", "  pthread_barrier_init(&b, 0, 0);", DefectKind::UndefinedBehaviour,
        "misuse.c:8:3: pthread_barrier_init: the count is 0");
    row("sem_wait on null", "  sem_wait((sem_t *)0);", DefectKind::UndefinedBehaviour,
        "misuse.c:8:3: null pointer dereference");
}

void tst_SyncCalls::misuseIsLocatedFault() {
    QFETCH(QString, source);
    QFETCH(int, kind);
    QFETCH(QString, message);
    const auto p = load("misuse.c", source.toStdString());
    const auto run = runOnce(p);
    QCOMPARE(run.execution.end, ExecutionEnd::Fault);
    QVERIFY(run.execution.fault);
    qInfo().noquote() << QString::fromStdString(run.execution.fault->message);
    QCOMPARE(int(run.execution.fault->kind), kind);
    QVERIFY2(QString::fromStdString(run.execution.fault->message).contains(message),
             run.execution.fault->message.c_str());
    // Exploring reports it as a defect instead of crashing.
    const ExplorationResult r = explore(p);
    QCOMPARE(r.statistics.defects, 1u);
}

void tst_SyncCalls::semWaitBeforeInitBlocks() {
    // As in the model machine, sem_wait on a semaphore never initialised waits for a positive
    // count, so it shows as a deadlock naming the semaphore.
    const auto p = load(
        "uninit.c",
        "#include <semaphore.h>\nsem_t s;\nint main(void) {\n  sem_wait(&s);\n  return 0;\n}\n");
    const ExplorationResult r = explore(p);
    QCOMPARE(r.defects.size(), 1u);
    QCOMPARE(r.defects[0].kind, DefectKind::Deadlock);
    QVERIFY2(QString::fromStdString(r.defects[0].message).contains("'s'"),
             r.defects[0].message.c_str());
}

void tst_SyncCalls::detachedThreadRuns() {
    const auto p = load("detach.c", R"(#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
static sem_t done;
static void *child(void *arg) {
    puts("child");
    sem_post(&done);
    return arg;
}
int main(void) {
    pthread_t t;
    sem_init(&done, 0, 0);
    pthread_create(&t, NULL, child, NULL);
    int r = pthread_detach(t);
    sem_wait(&done);
    printf("main %d\n", r);
    return 0;
}
)");
    const ExplorationResult r = explore(p);
    QCOMPARE(r.statistics.defects, 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 1u);
    const auto run = runOnce(p);
    QCOMPARE(QString::fromStdString(run.output), QString("child\nmain 0\n"));
}

void tst_SyncCalls::detachStateIsHonoured() {
    // pthread_attr_setdetachstate is remembered (getdetachstate reads it back); joining a thread
    // created detached is a located defect, and not joining it is fine.
    const char *source = R"(#include <pthread.h>
#include <stdio.h>
static void *child(void *arg) { return arg; }
int main(int argc, char **argv) {
    (void)argv;
    pthread_attr_t attr;
    int state = -1;
    pthread_attr_init(&attr);
    pthread_attr_getdetachstate(&attr, &state);
    printf("%d ", state == PTHREAD_CREATE_JOINABLE);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_getdetachstate(&attr, &state);
    printf("%d %d\n", state == PTHREAD_CREATE_DETACHED, pthread_attr_setdetachstate(&attr, 7));
    pthread_attr_setstacksize(&attr, 1 << 20);
    pthread_t t;
    pthread_create(&t, &attr, child, 0);
    pthread_attr_destroy(&attr);
    if (argc > 0)
        pthread_join(t, 0);
    pthread_exit(0);
}
)";
    const auto p = load("detached.c", source);
    const auto run = runOnce(p);
    QCOMPARE(QString::fromStdString(run.output), QString("1 1 22\n"));
    QVERIFY(run.execution.fault);
    QCOMPARE(run.execution.fault->kind, DefectKind::ModelViolation);
    QVERIFY2(QString::fromStdString(run.execution.fault->message).contains("detached.c:19:"),
             run.execution.fault->message.c_str());
    QVERIFY(QString::fromStdString(run.execution.fault->message).endsWith("pthread_join of T1, which was created detached"));
    std::string notJoined = source;
    notJoined.replace(notJoined.find("argc > 0"), 8, "argc > 9");
    const ExplorationResult r = explore(load("detached_unjoined.c", notJoined));
    QCOMPARE(r.statistics.defects, 0u);
}

void tst_SyncCalls::stillUnsupportedAreDefectsWhenReached_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    auto row = [](const char *name, const char *source, int line, const char *message) {
        QTest::newRow(name) << QString(source) << line << QString(message);
    };
    row("cancellation",
        "#include <pthread.h>\nint main(void) {\n  pthread_t t = pthread_self();\n  return "
        "pthread_cancel(t);\n}\n",
        4, "call to 'pthread_cancel' is not supported yet (thread cancellation)");
    row("sem_getvalue",
        "#include <semaphore.h>\nsem_t s;\nint main(void) {\n  int v;\n  return sem_getvalue(&s, "
        "&v);\n}\n",
        5, "call to 'sem_getvalue' is not supported yet (named semaphores and sem_getvalue)");
    row("barrier attributes",
        "#include <pthread.h>\nint main(void) {\n  pthread_barrierattr_t a;\n  return "
        "pthread_barrierattr_init(&a);\n}\n",
        4, "call to 'pthread_barrierattr_init' is not supported yet (barrier attributes)");
    row("cancel",
        "#include <pthread.h>\nint main(void) {\n  return pthread_cancel(pthread_self());\n}\n", 3,
        "call to 'pthread_cancel' is not supported yet (thread cancellation)");
}

void tst_SyncCalls::stillUnsupportedAreDefectsWhenReached() {
    // Not rejected at load any more: a warning at the call, and a defect in the execution reaching it.
    QFETCH(QString, source);
    QFETCH(int, line);
    QFETCH(QString, message);
    const auto p = loadC(m_sources.write("bad.c", source.toStdString()));
    QVERIFY2(p, diagnosticsOf(p).c_str());
    QCOMPARE(p->warnings.size(), 1u);
    QCOMPARE(int(p->warnings.front().line), line);
    const QString name = message.section('\'', 1, 1);
    QVERIFY2(QString::fromStdString(p->warnings.front().text).contains(name + "()"), p->warnings.front().text.c_str());
    const auto run = runOnce(*p);
    QVERIFY(run.execution.fault);
    QCOMPARE(run.execution.fault->kind, DefectKind::UnsupportedOperation);
    QVERIFY(QString::fromStdString(run.execution.fault->message).contains(":" + QString::number(line) + ":"));
}

QTEST_GUILESS_MAIN(tst_SyncCalls)
#include "tst_SyncCalls.moc"
