// SPDX-License-Identifier: MIT
// Calls answered from PureCallMemo are the calls run (engine/interpreter/PureCallMemo.hpp): whole explorations
// of C programs with the memo on and off are compared run by run (actions with their objects, ends, faults with
// their messages, race and uninitialised-read reports), on programs whose pure calls are answered (the number of
// answers is checked) and on the edges where one must run again: the step bound crossed inside the call, a
// pointer to the call's dead local used after it, an undefined value read inside it, memory its caller owns.
#include "tests/engine/execution/RecordingExecutor.hpp"
#include "tests/engine/interpreter/CProgram.hpp"

#include <QtTest>

using namespace weft;
using weft::testing::RecordingExecutor;
using weft::testing::ScratchSources;

namespace {

struct Recorded {
    std::vector<std::string> runs;
    std::uint64_t hits = 0;
    ExplorationResult result;
};

/// Explores `p` with the memo on or off, and runs resumed from saved states (ReplayCheckpoints) or always
/// from the start (then every call runs again in every run, and the memo answers the most).
Recorded exploreRecording(const program::Program &p, interpreter::InterpreterOptions options, bool memo,
                          bool checkpoints) {
    options.memoisePureCalls = memo;
    interpreter::Interpreter machine(p, options);
    ScheduledExecutor scheduled(machine);
    scheduled.setCheckpoints(checkpoints, {});
    RecordingExecutor recording(scheduled);
    Explorer explorer(recording, ExplorationOptions{});
    Recorded r;
    r.result = explorer.run();
    r.runs = std::move(recording.runs);
    r.hits = machine.pureCallHits();
    return r;
}

/// Workers that each add to x under a mutex, so that main's tail runs in several executions.
const char *const kWorkers = R"(
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
static void *worker(void *arg) {
    pthread_mutex_lock(&m);
    x += 1 + (int)(long)arg;
    pthread_mutex_unlock(&m);
    return 0;
}
)";

} // namespace

class tst_PureCallMemo : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void answeredCallsAreTheCallsRun_data();
    void answeredCallsAreTheCallsRun();

private:
    ScratchSources m_sources;
};

void tst_PureCallMemo::answeredCallsAreTheCallsRun_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("defines");
    QTest::addColumn<QString>("source"); // inline C (after kWorkers) when file is empty
    QTest::addColumn<int>("stepBound"); // 0: the default
    QTest::addColumn<bool>("answers");  // some call is answered from the memo
    QTest::addColumn<QString>("fault"); // a text some run's fault must hold ("" if none)
    const QString programs = WEFT_TEST_PROGRAMS;
    QTest::newRow("pure_calls") << programs + "/pure_calls/pure_calls.c" << QStringList{} << QString() << 0 << true
                                << "assertion `p != 0' failed";
    QTest::newRow("pi(4)") << programs + "/pi/pi.c" << QStringList{"PARAM1=4"} << QString() << 0 << true << "";
    QTest::newRow("lost_update") << programs + "/lost_update/lost_update.c" << QStringList{} << QString() << 0 << false
                                 << "assertion";
    QTest::newRow("sync_condvar") << programs + "/sync_condvar/sync_condvar.c" << QStringList{} << QString() << 0
                                  << false << "";
    // The call returns a pointer to its own local: each answer makes the same (ended) object, so the use after
    // return names it as the run did.
    QTest::newRow("dangling local") << QString() << QStringList{} << R"(
static int *last(int n) {
    int v[16];
    for (int i = 0; i < n; i++)
        v[i % 16] = i;
    return &v[n % 16];
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    int *p = last(100);
    return *p;
}
)" << 0 << true << "use after return";
    // The first call fits in every run. Main's steps before the second depend on x: where they leave too few for
    // it, it runs and meets the bound inside, as it would without the memo.
    QTest::newRow("step bound inside") << QString() << QStringList{} << R"(
static int y;
static long churn(long n) {
    long s = 0;
    for (long i = 0; i < n; i++)
        s += i ^ (s >> 3);
    return s;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, (void *)1);
    long r = churn(600);
    pthread_mutex_lock(&m);
    int k = x;
    pthread_mutex_unlock(&m);
    long pad = 0;
    for (int i = 0; i < k * 400; i++)
        pad += i;
    y = k; // a store: the loop above was effect-free, and a call inside such an iteration is not answered
    r += churn(600);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return (int)((r + pad) & 0);
}
)" << 12000 << true << "instructions";
    // A call inside an effect-free iteration of the recorded call's own loop (register-only): part of the
    // recording, so the outer call is kept and answered (only variadic, atomic-section and reach_error callees
    // end a recording there).
    QTest::newRow("call inside a clean loop") << QString() << QStringList{} << R"(
__attribute__((noinline)) static long mix(long i) {
    return (i * 7) ^ (i >> 2);
}
static long outer(long n) {
    long s = 0;
    for (long i = 0; i < n; i++)
        s += mix(i);
    return s;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return (int)(outer(300) & 0);
}
)" << 0 << true << "";
    // math.h functions of numbers only (no pointer, no string) set no errno in Weft: a call of them stays pure.
    QTest::newRow("math inside") << QString() << QStringList{} << R"(
#include <math.h>
static double norm(int n) {
    double s = 0;
    for (int i = 0; i < n; i++)
        s += sqrt((double)i) + fabs(sin((double)i));
    return s;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return (int)norm(200) & 0;
}
)" << 0 << true << "";
    // An undefined value read inside the call: its run depended on the shadows, so it is never kept and every
    // execution reports the read.
    QTest::newRow("undefined inside") << QString() << QStringList{} << R"(
static int total(int n) {
    int u;
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i;
    return s + u;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return total(100) & 0;
}
)" << 0 << false << "";
    // Reading the caller's array, or a global main writes: not pure, so run each time (the sums differ).
    QTest::newRow("caller's memory") << QString() << QStringList{} << R"(
#include <assert.h>
int y;
static int sum(const int *v, int n) {
    int s = 0;
    for (int i = 0; i < 100; i++)
        s += v[i % n];
    return s;
}
static int seen(int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += y;
    return s;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, (void *)1);
    pthread_mutex_lock(&m);
    int w[4] = {x, 1, 2, 3};
    y = x;
    pthread_mutex_unlock(&m);
    assert(sum(w, 4) + seen(100) < 25 * 9 + 300);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
)" << 0 << false << "assertion";
}

void tst_PureCallMemo::answeredCallsAreTheCallsRun() {
    QFETCH(QString, file);
    QFETCH(QStringList, defines);
    QFETCH(QString, source);
    QFETCH(int, stepBound);
    QFETCH(bool, answers);
    QFETCH(QString, fault);
    std::optional<program::Program> p;
    if (file.isEmpty()) {
        p = m_sources.load("inline.c", std::string(kWorkers) + source.toStdString());
    } else {
        std::vector<std::string> defs;
        for (const QString &d : defines)
            defs.push_back(d.toStdString());
        auto loaded = testing::loadC(file.toStdString(), defs);
        QVERIFY2(loaded, testing::diagnosticsOf(loaded).c_str());
        p = std::move(*loaded);
    }
    interpreter::InterpreterOptions options;
    if (stepBound > 0)
        options.stepBound = std::uint64_t(stepBound);
    const Recorded run = exploreRecording(*p, options, false, false);
    QVERIFY(run.runs.size() > 1);
    QCOMPARE(run.hits, std::uint64_t{0});
    for (const bool checkpoints : {false, true}) {
        const Recorded answered = exploreRecording(*p, options, true, checkpoints);
        QCOMPARE(answered.runs.size(), run.runs.size());
        for (std::size_t i = 0; i < run.runs.size(); ++i)
            QCOMPARE(answered.runs[i], run.runs[i]);
        QCOMPARE(answered.result.statistics.maximalConfigurations, run.result.statistics.maximalConfigurations);
        QCOMPARE(answered.result.statistics.events, run.result.statistics.events);
        QCOMPARE(answered.result.defects.size(), run.result.defects.size());
        if (!answers)
            QCOMPARE(answered.hits, std::uint64_t{0});
        else if (!checkpoints) // resumed runs may start past every call
            QVERIFY2(answered.hits > 0, "no call was answered from the memo: nothing was compared");
    }
    if (!fault.isEmpty()) {
        const bool met = std::any_of(run.runs.begin(), run.runs.end(), [&](const std::string &r) {
            return r.find(fault.toStdString()) != std::string::npos;
        });
        QVERIFY2(met, qPrintable("no run met the fault this row is about: " + fault));
    }
}

QTEST_GUILESS_MAIN(tst_PureCallMemo)
#include "tst_PureCallMemo.moc"
