// SPDX-License-Identifier: MIT
// Tests the interpreter's pthread calls through the explorer: exact oracle counts of the C programs in
// tests/programs, a racy assertion and a deadlock found and replayed, misuse, join values, exit semantics.
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

} // namespace

class tst_ThreadCalls : public QObject {
    Q_OBJECT
private slots:
    void init();
    void oracleProgramsMatch_data();
    void oracleProgramsMatch();
    void racyAssertionFoundAndReplayed();
    void deadlockIsFound();
    void unlockOfMutexNotHeldIsViolation();
    void secondJoinIsViolation();
    void detachMisuseIsViolation();
    void joinReturnsValueAndPthreadExitInMain();
    void heapMutexIsStableAcrossExecutions();
    void mainReturnEndsProgram();
    void mainReturnAbandonsBlockedThreads();
    void exitInThreadEndsProgram();
    void programEndsMatchBruteForce_data();
    void programEndsMatchBruteForce();
    void faultWaitsForTheOtherThreads();
    void atomicsRunAsPlainReadModifyWrite();

private:
    std::string write(const std::string &name, const std::string &text) { return m_sources.write(name, text); }
    program::Program load(const std::string &name, const std::string &text) { return m_sources.load(name, text); }
    weft::testing::ScratchSources m_sources;
};

void tst_ThreadCalls::init() {
    QVERIFY(m_sources.reset());
}

void tst_ThreadCalls::oracleProgramsMatch_data() {
    // Every tests/programs/<name>/expected.json with "instances": (defines, configurations, events).
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("defines");
    QTest::addColumn<bool>("mainReturnEndsProgram");
    QTest::addColumn<bool>("sc");
    QTest::addColumn<qulonglong>("configs");
    QTest::addColumn<qulonglong>("events");
    QTest::addColumn<qulonglong>("defects");
    QTest::addColumn<qulonglong>("assumeBlocked");
    for (const weft::testing::OracleInstance &o : weft::testing::oracleInstances(kPrograms)) {
        QStringList defines;
        for (const std::string &d : o.defines)
            defines << QString::fromStdString(d);
        QTest::newRow(qPrintable(o.name)) << QString::fromStdString(o.file) << defines
                                          << o.oracle.value("mainReturnEndsProgram", true)
                                          << (o.instance.value("model", o.oracle.value("model", "sync")) == "sc")
                                          << qulonglong(o.instance["maximalConfigurations"].get<std::uint64_t>())
                                          << qulonglong(o.instance["events"].get<std::uint64_t>())
                                          << qulonglong(o.instance["defects"].get<std::uint64_t>())
                                          << qulonglong(o.instance.value("assumeBlocked", std::uint64_t{0}));
    }
}

void tst_ThreadCalls::oracleProgramsMatch() {
    QFETCH(QString, file);
    QFETCH(QStringList, defines);
    QFETCH(bool, mainReturnEndsProgram);
    QFETCH(bool, sc);
    QFETCH(qulonglong, configs);
    QFETCH(qulonglong, events);
    QFETCH(qulonglong, defects);
    QFETCH(qulonglong, assumeBlocked);
    std::vector<std::string> d;
    for (const QString &define : defines)
        d.push_back(define.toStdString());
    auto p = loadC(file.toStdString(), d);
    // Programs using what a later step brings (condition variables, trylock, ...) are listed, not failed.
    if (!p && diagnosticsOf(p).find("is not supported yet") != std::string::npos)
        QSKIP(diagnosticsOf(p).c_str());
    QVERIFY2(p, diagnosticsOf(p).c_str());
    interpreter::InterpreterOptions interpreterOptions;
    interpreterOptions.mainReturnEndsProgram = mainReturnEndsProgram;
    interpreterOptions.model = sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;
    // Every policy must give the same counts. Optimised builds (CI) run all six on every program
    // but the largest ssbexp instances, whose k=1 / source-DPOR SSBs grow as 2^K; Debug builds run
    // optimal everywhere and k=1 / source-DPOR on small programs.
#ifdef __OPTIMIZE__
    const bool small = configs <= 3000 && !(file.contains("ssbexp") && configs > 20);
    const std::vector<int> policies = small ? std::vector<int>{0, 1, -1, 2, 3, 4} : std::vector<int>{0, 2, 3, 4};
#else
    const bool small = configs <= 64 && events <= 400;
    const std::vector<int> policies = small ? std::vector<int>{0, 1, -1} : std::vector<int>{0};
#endif
    for (int policy : policies) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(policy);
        const ExplorationResult r = explore(*p, options, interpreterOptions);
        QVERIFY(r.isComplete());
        QCOMPARE(r.statistics.defects, std::uint64_t(defects));
        QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t(configs));
        QCOMPARE(r.statistics.assumeBlocked, std::uint64_t(assumeBlocked));
        QCOMPARE(r.statistics.events, std::uint64_t(events));
        if (policy == 0)
            QCOMPARE(r.statistics.sleepSetBlocked, 0u);
    }
}

void tst_ThreadCalls::racyAssertionFoundAndReplayed() {
    // The child sets x under the lock; main reads it under the lock before joining: the assertion
    // fails exactly in the configuration where main's critical section comes first.
    const auto p = load("race.c", R"(#include <assert.h>
#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;
static void *child(void *arg) {
    pthread_mutex_lock(&m);
    x = *(int *)arg;
    pthread_mutex_unlock(&m);
    return NULL;
}
int main(void) {
    pthread_t t;
    int one = 1;
    pthread_create(&t, NULL, child, &one);
    pthread_mutex_lock(&m);
    int seen = x;
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    printf("seen %d\n", seen);
    assert(seen == 1);
    return 0;
}
)");
    const ExplorationResult r = explore(p);
    QCOMPARE(r.statistics.maximalConfigurations, 2u);
    QCOMPARE(r.statistics.sleepSetBlocked, 0u);
    QCOMPARE(r.defects.size(), 1u);
    const Defect &d = r.defects[0];
    qInfo().noquote() << QString::fromStdString(d.message) << "schedule" << QString::fromStdString(d.schedule.toString());
    QCOMPARE(d.kind, DefectKind::AssertionFailure);
    QCOMPARE(d.thread, ThreadId(0));
    QVERIFY2(QString::fromStdString(d.message).contains("race.c:21:"), d.message.c_str());
    // The schedule replays to the same failure, with the same output.
    const auto replay = runOnce(p, d.schedule);
    QCOMPARE(replay.execution.end, ExecutionEnd::Fault);
    QCOMPARE(replay.execution.fault->kind, DefectKind::AssertionFailure);
    QCOMPARE(replay.execution.fault->message, d.message);
    QCOMPARE(QString::fromStdString(replay.output), QString("seen 0\n"));
    QCOMPARE(replay.execution.actions, d.trace);
}

void tst_ThreadCalls::deadlockIsFound() {
    const auto p = load("deadlock.c", R"(#include <pthread.h>
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static void *other(void *arg) {
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a);
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return arg;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, other, NULL);
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    pthread_join(t, NULL);
    return 0;
}
)");
    const ExplorationResult r = explore(p);
    QCOMPARE(r.statistics.sleepSetBlocked, 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 3u); // main first, other first, and the deadlock
    QCOMPARE(r.defects.size(), 1u);
    QCOMPARE(r.defects[0].kind, DefectKind::Deadlock);
    qInfo().noquote() << QString::fromStdString(r.defects[0].message);
    const auto replay = runOnce(p, r.defects[0].schedule);
    QCOMPARE(replay.execution.end, ExecutionEnd::Deadlock);
    QCOMPARE(replay.execution.blocked.size(), 2u);
}

void tst_ThreadCalls::unlockOfMutexNotHeldIsViolation() {
    const auto p = load("unlock.c", "#include <pthread.h>\npthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n"
                                    "int main(void) {\n  pthread_mutex_unlock(&m);\n  return 0;\n}\n");
    const auto run = runOnce(p);
    QCOMPARE(run.execution.end, ExecutionEnd::Fault);
    QCOMPARE(run.execution.fault->kind, DefectKind::ModelViolation);
    QVERIFY(!run.execution.fault->actionPerformed);
    QCOMPARE(run.execution.actions.size(), 1u); // only main's start
    QVERIFY2(QString::fromStdString(run.execution.fault->message).endsWith("unlock.c:4:3: T0 unlocks mutex 'm', which it does not hold"),
             run.execution.fault->message.c_str());
}

// Joining a thread twice (GenMC's W+JW, session 17): the second join, in either order of two
// concurrent ones, is invalid synchronisation at its call (tests/programs/join_twice).
void tst_ThreadCalls::secondJoinIsViolation() {
    const char *source = "#include <pthread.h>\nstatic pthread_t w;\nstatic void *work(void *a) { return a; }\n"
                         "static void *joiner(void *a) { pthread_join(w, 0); return a; }\n"
                         "int main(void) {\n  pthread_t o;\n  pthread_create(&w, 0, work, 0);\n"
                         "  pthread_create(&o, 0, joiner, 0);\n  pthread_join(w, 0);\n  pthread_join(o, 0);\n"
                         "  return 0;\n}\n";
    const auto p = load("join2.c", source);
    // main's join first (the default schedule), then the other's: line 4.
    const auto run = runOnce(p);
    QCOMPARE(run.execution.end, ExecutionEnd::Fault);
    QCOMPARE(run.execution.fault->kind, DefectKind::ModelViolation);
    QVERIFY2(QString::fromStdString(run.execution.fault->message)
                 .endsWith("join2.c:4:32: pthread_join of T1, which has been joined already"),
             run.execution.fault->message.c_str());
    // The other order, the joiner's first (schedule: main up to its second create, the worker to its
    // exit, the joiner's start and join): main's join at line 9 is the second.
    const auto other = runOnce(p, *Schedule::parse("0*3,1*2,2*2"));
    QCOMPARE(other.execution.end, ExecutionEnd::Fault);
    QVERIFY2(QString::fromStdString(other.execution.fault->message)
                 .endsWith("join2.c:9:3: pthread_join of T1, which has been joined already"),
             other.execution.fault->message.c_str());
    for (const int policy : {-1, 0, 1}) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(policy);
        const ExplorationResult r = explore(p, options);
        QCOMPARE(r.statistics.maximalConfigurations, 1u);
        QCOMPARE(r.statistics.defects, 1u);
    }
}

// A detached thread joined, or detached after its join (session 18, tests/programs/detach_join):
// pthread_detach is no event, so a detach and a join of one thread by two threads fail in whichever
// order they run, also when the join waited for the exit while the detach happened.
void tst_ThreadCalls::detachMisuseIsViolation() {
    const char *source = "#include <pthread.h>\nstatic pthread_t w;\nstatic void *work(void *a) { return a; }\n"
                         "static void *detacher(void *a) { pthread_detach(w); return a; }\n"
                         "int main(void) {\n  pthread_t o;\n  pthread_create(&w, 0, work, 0);\n"
                         "  pthread_create(&o, 0, detacher, 0);\n  pthread_join(w, 0);\n  pthread_join(o, 0);\n"
                         "  return 0;\n}\n";
    const auto p = load("detach.c", source);
    const std::pair<const char *, const char *> orders[] = {
        // main's join returns first (the default schedule): the detach, line 4, fails.
        {"", "detach.c:4:34: pthread_detach of T1, which has been joined already"},
        // the detacher runs first, then main joins: line 9.
        {"0*3,1*2,2*2", "detach.c:9:3: pthread_join of T1, which pthread_detach has detached"},
        // main calls join while the worker runs, the detacher detaches, the worker exits: the join,
        // when it runs, fails.
        {"0*3,2*2,1*2,0", "detach.c:9:3: pthread_join of T1, which pthread_detach has detached"},
    };
    for (const auto &[schedule, message] : orders) {
        const auto run = runOnce(p, *schedule ? *Schedule::parse(schedule) : Schedule{});
        QCOMPARE(run.execution.end, ExecutionEnd::Fault);
        QCOMPARE(run.execution.fault->kind, DefectKind::ModelViolation);
        QVERIFY2(QString::fromStdString(run.execution.fault->message).endsWith(message),
                 run.execution.fault->message.c_str());
    }
    for (const int policy : {-1, 0, 1}) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(policy);
        const ExplorationResult r = explore(p, options);
        QCOMPARE(r.statistics.maximalConfigurations, 1u);
        QCOMPARE(r.statistics.defects, 1u);
    }
}

void tst_ThreadCalls::joinReturnsValueAndPthreadExitInMain() {
    const auto p = load("join.c", R"(#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static void *square(void *arg) {
    long v = (long)arg;
    long *out = malloc(sizeof(long));
    *out = v * v;
    if (v == 3)
        pthread_exit(out);
    return out;
}
static void *joiner(void *arg) {
    pthread_t *threads = arg;
    long sum = 0;
    for (int i = 0; i < 3; i++) {
        void *r;
        pthread_join(threads[i], &r);
        sum += *(long *)r;
        free(r);
    }
    printf("sum %ld self %d\n", sum, (int)pthread_equal(pthread_self(), pthread_self()));
    return NULL;
}
int main(void) {
    static pthread_t threads[3];
    pthread_t j;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setscope(&attr, PTHREAD_SCOPE_SYSTEM); // attributes are accepted and ignored
    for (long i = 0; i < 3; i++)
        pthread_create(&threads[i], &attr, square, (void *)(i + 2));
    pthread_attr_destroy(&attr);
    pthread_create(&j, NULL, joiner, threads);
    pthread_exit(NULL);
}
)");
    const ExplorationResult r = explore(p);
    QCOMPARE(r.statistics.defects, 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 1u);
    const auto run = runOnce(p);
    QCOMPARE(run.execution.end, ExecutionEnd::Finished);
    QCOMPARE(QString::fromStdString(run.output), QString("sum 29 self 1\n"));
}

void tst_ThreadCalls::heapMutexIsStableAcrossExecutions() {
    // Mutexes in memory allocated by different threads: each thread numbers its own objects, so a
    // mutex keeps its address in every interleaving and the exploration sees no nondeterminism.
    const auto p = load("heap.c", R"(#include <pthread.h>
#include <stdlib.h>
struct account { pthread_mutex_t lock; int balance; };
static struct account *shared;
static void *worker(void *arg) {
    int *scratch = malloc(64);
    struct account *a = arg;
    pthread_mutex_lock(&a->lock);
    a->balance += 10;
    pthread_mutex_unlock(&a->lock);
    free(scratch);
    return NULL;
}
int main(void) {
    shared = malloc(sizeof *shared);
    pthread_mutex_init(&shared->lock, NULL);
    shared->balance = 0;
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, shared);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    int ok = shared->balance == 30;
    pthread_mutex_destroy(&shared->lock);
    free(shared);
    return ok ? 0 : 1;
}
)");
    const ExplorationResult r = explore(p);
    QVERIFY2(r.isComplete(), stopReasonName(r.stopReason));
    QCOMPARE(r.statistics.defects, 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 6u);
    QCOMPARE(r.statistics.events, 75u); // the same structure as factorial-conflicts(3)
}

void tst_ThreadCalls::mainReturnEndsProgram() {
    const char *source = R"(#include <pthread.h>
#include <stdio.h>
static void *child(void *arg) {
    puts("child");
    return arg;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, child, NULL);
    puts("main");
    return 0;
}
)";
    const auto p = load("abandon.c", source);
    // Default (C): main's return ends the program, but the child's remaining steps commute with it,
    // so they are still run (and explored); only a thread left blocked would be abandoned.
    const auto run = runOnce(p);
    QCOMPARE(run.execution.end, ExecutionEnd::Finished);
    QCOMPARE(QString::fromStdString(run.output), QString("main\nchild\n"));
    QCOMPARE(run.execution.actions[2].kind, ActionKind::ThreadExit); // main's return, then the child
    QCOMPARE(run.execution.actions[2].thread, ThreadId(0));
    // Scheduling the child before main's exit lets it run (main printed already: local code runs
    // eagerly up to the next visible action, here main's exit).
    const auto childFirst = runOnce(p, *Schedule::parse("0*2,1*2,0"));
    QCOMPARE(QString::fromStdString(childFirst.output), QString("main\nchild\n"));
    QCOMPARE(childFirst.execution.actions.size(), 5u);
    // The model programs' reading: main's return is a pthread_exit and the child still runs.
    interpreter::InterpreterOptions options;
    options.mainReturnEndsProgram = false;
    const auto modelRun = runOnce(p, {}, options);
    QCOMPARE(QString::fromStdString(modelRun.output), QString("main\nchild\n"));
    const ExplorationResult r = explore(p, {}, options);
    QCOMPARE(r.statistics.maximalConfigurations, 1u);
    QCOMPARE(r.statistics.events, 5u); // main: start, create, exit; child: start, exit
}

void tst_ThreadCalls::mainReturnAbandonsBlockedThreads() {
    const auto p = load("abandon_blocked.c", R"(#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void *child(void *arg) {
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return arg;
}
int main(void) {
    pthread_t t;
    pthread_mutex_lock(&m);
    pthread_create(&t, NULL, child, NULL);
    return 0;
}
)");
    // C: main returns holding m; the child, blocked on m, is abandoned: no deadlock.
    ExplorationResult r = explore(p, {});
    QCOMPARE(r.statistics.defects, 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 1u);
    // Read as a pthread_exit (the model programs' semantics) the child waits forever: a deadlock.
    interpreter::InterpreterOptions options;
    options.mainReturnEndsProgram = false;
    r = explore(p, {}, options);
    QCOMPARE(r.statistics.defects, 1u);
    QCOMPARE(r.defects.at(0).kind, DefectKind::Deadlock);
}

void tst_ThreadCalls::exitInThreadEndsProgram() {
    const auto p = load("threadexit.c", R"(#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static void *child(void *arg) {
    puts("bye");
    exit(0);
}
int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, child, NULL);
    pthread_join(t, NULL);
    puts("never");
    return 0;
}
)");
    const auto run = runOnce(p);
    QCOMPARE(run.execution.end, ExecutionEnd::Finished);
    QVERIFY(!run.execution.fault);
    QCOMPARE(QString::fromStdString(run.output), QString("bye\n"));
}

void tst_ThreadCalls::programEndsMatchBruteForce_data() {
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("defines");
    QTest::addColumn<bool>("sc");
    QTest::addColumn<int>("failingTraces"); // -1: some
    QTest::addColumn<int>("policy");
    for (int policy : {0, 1, -1, 2}) {
        QTest::addRow("program_end abort k=%d", policy) << "program_end" << QStringList{} << false << 2 << policy;
        QTest::addRow("program_end EXIT k=%d", policy) << "program_end" << QStringList{"EXIT"} << false << 1 << policy;
        QTest::addRow("program_end CRASH k=%d", policy)
            << "program_end" << QStringList{"CRASH"} << false << 3 << policy;
        // An abort inside an atomic section (session 18): it waits as any end, holding the section's lock.
        QTest::addRow("end_in_section k=%d", policy) << "end_in_section" << QStringList{} << false << 2 << policy;
        QTest::addRow("end_in_section READS k=%d", policy)
            << "end_in_section" << QStringList{"READS"} << false << 2 << policy;
    }
    // Oracle programs whose counts the ends changed: the failure no longer cuts the other threads off.
    QTest::addRow("sc_mutual_exclusion broken")
        << "sc_mutual_exclusion" << QStringList{"PROTOCOL=2", "SPINS=2"} << true << -1 << 0;
    QTest::addRow("sc_spin_mutex broken Peterson") << "sc_spin_mutex" << QStringList{"PROTOCOL=4"} << true << -1 << 0;
    QTest::addRow("sc_lost_update") << "sc_lost_update" << QStringList{} << true << -1 << 0;
}

void tst_ThreadCalls::programEndsMatchBruteForce() {
    // A fault or exit() waits for the other threads' steps (a ProgramEnd, engine/unfolding/README.md
    // "Program ends"); the enumerator runs ends last too, so each failing run is a maximal trace and
    // the counts compare.
    QFETCH(QString, program);
    QFETCH(QStringList, defines);
    QFETCH(bool, sc);
    QFETCH(int, failingTraces);
    QFETCH(int, policy);
    std::vector<std::string> d;
    for (const QString &define : defines)
        d.push_back(define.toStdString());
    const std::string dir = program.toStdString();
    auto p = loadC(std::string(kPrograms) + "/" + dir + "/" + dir + ".c", d);
    QVERIFY2(p, diagnosticsOf(p).c_str());
    interpreter::InterpreterOptions interpreterOptions;
    interpreterOptions.model = sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;
    interpreter::Interpreter bruteMachine(*p, interpreterOptions);
    const model::EnumerationResult truth =
        model::InterleavingEnumerator(bruteMachine, model::InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
    QVERIFY(truth.complete);
    QCOMPARE(truth.divergences, 0u);
    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    const ExplorationResult r = explore(*p, options, interpreterOptions);
    QVERIFY(r.isComplete());
    QCOMPARE(r.statistics.maximalConfigurations + r.statistics.assumeBlocked, truth.traces);
    QCOMPARE(r.statistics.assumeBlocked, truth.assumeBlocked);
    QCOMPARE(r.statistics.events, truth.events);
    if (failingTraces >= 0)
        QCOMPARE(truth.faults, std::uint64_t(failingTraces));
    else
        QVERIFY(truth.faults > 0);
    if (policy == 0)
        QCOMPARE(r.statistics.sleepSetBlocked, 0u);
}

void tst_ThreadCalls::faultWaitsForTheOtherThreads() {
    // main crashes before T1 has started: T1's assertion is still found (it was missed when the crash
    // ended the run at once), and each defect's run replays: the crash is its run's last step.
    const auto p = load("faultfirst.c", R"(#include <assert.h>
#include <pthread.h>
static void *child(void *arg) {
    assert(arg != 0);
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, child, 0);
    int *q = 0;
    return *q;
}
)");
    const ExplorationResult r = explore(p, {});
    QCOMPARE(r.statistics.maximalConfigurations, 2u);
    QCOMPARE(r.defects.size(), std::size_t(2));
    QCOMPARE(r.defects[0].kind, DefectKind::UndefinedBehaviour);
    QCOMPARE(r.defects[0].thread, ThreadId(0));
    QCOMPARE(r.defects[1].kind, DefectKind::AssertionFailure);
    QCOMPARE(r.defects[1].thread, ThreadId(1));
    for (const Defect &d : r.defects) {
        QCOMPARE(d.trace.back().kind, ActionKind::ProgramEnd);
        QCOMPARE(d.trace.back().thread, d.thread);
        const auto run = runOnce(p, d.schedule);
        QCOMPARE(run.execution.end, ExecutionEnd::Fault);
        QCOMPARE(run.execution.fault->message, d.message);
        QCOMPARE(run.execution.actions, d.trace);
    }
}

void tst_ThreadCalls::atomicsRunAsPlainReadModifyWrite() {
    const auto p = load("atomic.c", R"(#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
static atomic_int visits;
static atomic_long flag;
static void *worker(void *arg) {
    atomic_fetch_add(&visits, 1);
    long expected = 0;
    atomic_compare_exchange_strong(&flag, &expected, (long)arg);
    return NULL;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)1);
    pthread_create(&b, NULL, worker, (void *)2);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(atomic_load(&visits) == 2);
    assert(flag == 1 || flag == 2);
    return 0;
}
)");
    const ExplorationResult r = explore(p);
    QCOMPARE(r.statistics.defects, 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 1u); // atomics are not events in the sync model
}

QTEST_GUILESS_MAIN(tst_ThreadCalls)
#include "tst_ThreadCalls.moc"
