// SPDX-License-Identifier: MIT
// Tests the `weft explore` and `weft replay` commands end to end on real C files: exit codes, the
// summary line, defect reports with source lines, JSON and DOT files, deterministic replay, and
// bad input (compile errors, missing files, bad schedules).
#include "tests/app/WeftRun.hpp"

#include <QTemporaryDir>
#include <QtTest>
#include <csignal>
#include <fstream>
#include <thread>
#include <unistd.h>
#include <nlohmann/json.hpp>

using namespace weft;
using namespace weft::cli;

namespace {

using Run = weft::testing::WeftRun;
using weft::testing::runWeft;
using weft::testing::readText;

const std::string kPrograms = WEFT_TEST_PROGRAMS;

using weft::testing::contains;

std::string lastLine(const std::string &text) {
    const auto end = text.find_last_not_of('\n');
    const auto start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

} // namespace

class tst_WeftCli : public QObject {
    Q_OBJECT
private slots:
    void exploreFindsTheLostUpdate();
    void schedulesWithRanges();
    void jsonAndDotFiles();
    void replayIsDeterministic();
    void deadlockIsReported();
    void cleanProgramExitsZero();
    void badInput();
    void dataRaceIsReportedAndReplayed();
    void freeRacingWithAnAccessIsReported();
    void hostileProgramsAreContained_data();
    void hostileProgramsAreContained();
    void nondetValuesAreSeeded();
    void nondetValuesAreExplored();
    void scModelShowsTheUnprotectedLostUpdate();
    void atomicsUnorderedUnderSyncAreNamed();
    void timeoutHoldsInsideAnExecution();
    void memoryBoundEndsTheRun();
    void interruptSignalCancelsAndReports();
    void parallelRunStopsAtTheExecutionBound();
    void parallelRunKeepsTheMemoryBound();
    void moreJobsThanExecutions();
    void parallelRunReportsWhatOneJobReports();
    void parallelRunWithALongExecution();
};

void tst_WeftCli::scModelShowsTheUnprotectedLostUpdate() {
    const std::string file = kPrograms + "/sc_lost_update/sc_lost_update.c";
    const Run r = runWeft({"explore", file, "--model", "sc"});
    QCOMPARE(r.code, int(kDefectFound));
    QVERIFY2(contains(lastLine(r.out), " 4 maximal configurations, 0 SSB, "), r.out.c_str());
    QVERIFY2(contains(r.out, "assertion failure: ") && contains(r.out, "seen in 2 executions"), r.out.c_str());
    QVERIFY2(contains(r.out, "write 'x'") && contains(r.out, "read 'x'"), r.out.c_str()); // accesses in the trace
    // The printed replay hint carries --model sc, and replaying it fails the same way.
    const auto hint = r.out.find("weft replay ", r.out.find("assertion failure: "));
    const std::string command = r.out.substr(hint, r.out.find('\n', hint) - hint);
    QVERIFY2(contains(command, "--model sc"), command.c_str());
    const auto at = command.find("--schedule ") + 11;
    const std::string schedule = command.substr(at, command.find(' ', at) - at);
    const Run replay = runWeft({"replay", file, "--schedule", schedule, "--model", "sc"});
    QCOMPARE(replay.code, int(kDefectFound));
    QVERIFY2(contains(replay.out, "assertion failure"), replay.out.c_str());
    // Under sync the same program has one trace and only its races tell of the bug.
    QVERIFY(contains(lastLine(runWeft({"explore", file}).out), " 1 maximal configuration, "));
}

void tst_WeftCli::atomicsUnorderedUnderSyncAreNamed() {
    // The broken Peterson lock of sc_spin_mutex.c synchronises through atomics only. Under sync they are local
    // code: one order is explored, the assertion never fails, and the run says why it may not be trusted.
    const std::string file = kPrograms + "/sc_spin_mutex/sc_spin_mutex.c";
    const Run sync = runWeft({"explore", file, "-D", "PROTOCOL=4", "--jobs", "1"});
    QCOMPARE(sync.code, int(kNoDefect));
    // Both threads give the turn away first (sc_spin_mutex.c:84), with nothing ordering the two stores.
    const std::string warning = "weft: warning: T1 and T2 access a 4-byte global variable 'turn' atomically at " +
                                file + ":84:5 and " + file +
                                ":84:5 with nothing ordering them: under --model sync "
                                "atomics run as local code and only one order of such accesses is explored";
    QVERIFY2(contains(sync.err, warning), sync.err.c_str());
    auto warnings = [](const std::string &out) {
        std::size_t n = 0;
        for (auto at = out.find("weft: warning:"); at != std::string::npos; at = out.find("weft: warning:", at + 1))
            ++n;
        return n;
    };
    QCOMPARE(warnings(sync.err), std::size_t(1)); // once, however many pairs and executions
    // With two jobs each worker notes it: the report lists it once, and so do the JSON's diagnostics.
    const Run two = runWeft({"explore", file, "-D", "PROTOCOL=4", "--jobs", "2", "--json", "-", "--quiet"});
    QCOMPARE(warnings(two.err), std::size_t(1));
    const auto j = nlohmann::json::parse(two.out.substr(0, two.out.rfind("weft: ")));
    QCOMPARE(j["diagnostics"].size(), std::size_t(1));
    QCOMPARE(j["diagnostics"][0]["severity"].get<std::string>(), std::string("warning"));
    QVERIFY2(contains(j["diagnostics"][0]["message"].get<std::string>(), "'turn' atomically"), j.dump().c_str());
    // Under sc the atomics are events: the bug is found and nothing is said about them.
    const Run sc = runWeft({"explore", file, "-D", "PROTOCOL=4", "--model", "sc", "--jobs", "1"});
    QCOMPARE(sc.code, int(kDefectFound));
    QVERIFY2(!contains(sc.out + sc.err, "nothing ordering them"), sc.err.c_str());
    // Atomics that a join orders are not named.
    QTemporaryDir dir;
    const std::string joined = dir.filePath("joined.c").toStdString();
    std::ofstream(joined) << "#include <pthread.h>\n#include <stdatomic.h>\natomic_int n;\n"
                             "void *t(void *a) { atomic_fetch_add(&n, 1); return a; }\n"
                             "int main(void) {\n  pthread_t a;\n  pthread_create(&a, 0, t, 0);\n"
                             "  pthread_join(a, 0);\n  atomic_fetch_add(&n, 1);\n  return atomic_load(&n) != 2;\n}\n";
    const Run ordered = runWeft({"explore", joined, "--jobs", "1"});
    QCOMPARE(ordered.code, int(kNoDefect));
    QVERIFY2(!contains(ordered.out + ordered.err, "warning"), ordered.err.c_str());
}

namespace {

/// One thread spins on a shared flag that the other sets, counting its tries (so no iteration
/// repeats the last and the spin is no await, README "Spin loops"): under sc each read is an event,
/// and in the first execution the spinner reads until the 4M-action bound (seconds of work).
std::string writeSpinner(const QTemporaryDir &dir) {
    const std::string file = dir.filePath("spin.c").toStdString();
    std::ofstream(file) << "#include <pthread.h>\nint flag;\n"
                           "void *waiter(void *a) { long tries = 0; while (flag == 0) tries++; return (void *)tries; }\n"
                           "void *setter(void *a) { flag = 1; return a; }\n"
                           "int main(void) {\n  pthread_t w, s;\n  pthread_create(&w, 0, waiter, 0);\n"
                           "  pthread_create(&s, 0, setter, 0);\n  pthread_join(w, 0);\n  pthread_join(s, 0);\n}\n";
    return file;
}

} // namespace

void tst_WeftCli::timeoutHoldsInsideAnExecution() {
    // The deadline falls inside the first execution (before: only checked between executions).
    QTemporaryDir dir;
    const Run r = runWeft({"explore", writeSpinner(dir), "--model", "sc", "--timeout", "0.2", "--races", "ignore"});
    QCOMPARE(r.code, int(kNoDefect));
    QVERIFY2(contains(lastLine(r.out), "(incomplete: timeout)"), r.out.c_str());
}

void tst_WeftCli::memoryBoundEndsTheRun() {
    // DISP(5,4) grows the unfolding to ~185,000 events (tens of MB): an 8 MiB bound stops it cleanly.
    const Run r = runWeft({"explore", kPrograms + "/dispatcher/dispatcher.c", "-D", "PARAM1=5", "-D", "PARAM2=4",
                           "--max-memory", "8", "--quiet"});
    QCOMPARE(r.code, int(kNoDefect));
    QVERIFY2(contains(lastLine(r.out), "(incomplete: memory limit)"), r.out.c_str());
}

void tst_WeftCli::interruptSignalCancelsAndReports() {
    // Ctrl-C while exploring: the run stops and reports what it found instead of dying.
    QTemporaryDir dir;
    const std::string file = writeSpinner(dir);
    Run r;
    std::thread explorer([&] { r = runWeft({"explore", file, "--model", "sc", "--races", "ignore"}); });
    // Signal only once the handler is in place (before it, SIGINT would end the test process).
    auto handlerInstalled = [] {
        struct sigaction current {};
        sigaction(SIGINT, nullptr, &current);
        return current.sa_handler != SIG_DFL;
    };
    QTRY_VERIFY_WITH_TIMEOUT(handlerInstalled(), 60000);
    kill(getpid(), SIGINT);
    explorer.join();
    QVERIFY2(contains(lastLine(r.out), "(incomplete: cancelled)"), r.out.c_str());
    struct sigaction after {};
    sigaction(SIGINT, nullptr, &after);
    QVERIFY(after.sa_handler == SIG_DFL); // the default action is back once the run is over
}

void tst_WeftCli::parallelRunStopsAtTheExecutionBound() {
    // DISP(5,3) has 1482 maximal configurations; two workers run exactly 100 executions between them.
    const Run r = runWeft({"explore", kPrograms + "/dispatcher/dispatcher.c", "-D", "PARAM1=5", "-D", "PARAM2=3",
                           "--jobs", "2", "--max-executions", "100", "--json", "-", "--quiet"});
    QCOMPARE(r.code, int(kNoDefect));
    const auto j = nlohmann::json::parse(r.out.substr(0, r.out.rfind("weft: ")));
    QCOMPARE(j["stopReason"].get<std::string>(), std::string("execution limit reached"));
    QCOMPARE(j["complete"].get<bool>(), false);
    QCOMPARE(j["statistics"]["executions"].get<int>(), 100);
    QCOMPARE(j["statistics"]["maximalConfigurations"].get<int>(), 100);
}

void tst_WeftCli::parallelRunKeepsTheMemoryBound() {
    // As memoryBoundEndsTheRun, with two workers: each watches the process's memory and stops both.
    const Run r = runWeft({"explore", kPrograms + "/dispatcher/dispatcher.c", "-D", "PARAM1=5", "-D", "PARAM2=4",
                           "--max-memory", "8", "--jobs", "2", "--quiet"});
    QCOMPARE(r.code, int(kNoDefect));
    QVERIFY2(contains(lastLine(r.out), "(incomplete: memory limit)"), r.out.c_str());
}

void tst_WeftCli::parallelRunWithALongExecution() {
    // One execution of 800,006 events (long_execution.c, N = 200000; the last one the failure's end). With two workers,
    // the first one offers work after it: it walks its trail once, building the cut at each node from the one before.
    // It used to compare the whole trail again at every node, so this run took about 150 s (release build, 40 s for N =
    // 100000), past the deadline given here, which that walk did not look at; now well under a second.
    const Run r = runWeft({"explore", kPrograms + "/long_execution/long_execution.c", "-D", "N=200000", "--jobs", "2",
                           "--timeout", "60"});
    QCOMPARE(r.code, int(kDefectFound));
    const std::string last = lastLine(r.out);
    QVERIFY2(contains(last, " 1 maximal configuration, ") && contains(last, " 800006 events, "), last.c_str());
    QVERIFY2(!contains(last, "incomplete"), last.c_str());
    // Its JSON lists the execution's last 10,000 actions, with their source (docs/cli-output.md, traceOmitted).
    const Run small = runWeft({"explore", kPrograms + "/long_execution/long_execution.c", "-D", "N=3000", "--jobs", "1",
                               "--json", "-", "--quiet"});
    const auto j = nlohmann::json::parse(small.out.substr(0, small.out.rfind("weft: ")))["defects"][0];
    QCOMPARE(j["traceOmitted"].get<int>(), 12006 - 10000);
    QCOMPARE(j["trace"].size(), std::size_t(10000));
    QCOMPARE(j["steps"].size(), std::size_t(10000));
    // The join, then main's end at the failing assertion.
    QCOMPARE(j["steps"].end()[-2]["action"].get<std::string>(), std::string("join"));
    QCOMPARE(j["steps"].end()[-2]["source"].get<std::string>(), std::string("pthread_join(other, 0);"));
    QCOMPARE(j["steps"].back()["action"].get<std::string>(), std::string("end"));
}

void tst_WeftCli::moreJobsThanExecutions() {
    // One execution (conflict_create with N=1: 10 events), eight workers: the counts of one job, no error.
    auto statistics = [](const char *jobs) {
        const Run r = runWeft({"explore", kPrograms + "/conflict_create/conflict_create.c", "-D", "N=1", "--jobs", jobs,
                               "--json", "-", "--quiet"});
        return std::pair(r.code, nlohmann::json::parse(r.out.substr(0, r.out.rfind("weft: ")))["statistics"]);
    };
    const auto [oneCode, one] = statistics("1");
    const auto [eightCode, eight] = statistics("8");
    QCOMPARE(oneCode, int(kNoDefect));
    QCOMPARE(eightCode, int(kNoDefect));
    for (const char *key : {"maximalConfigurations", "executions", "events", "sleepSetBlocked", "defects", "lateClues"})
        QCOMPARE(eight[key].get<int>(), one[key].get<int>());
    QCOMPARE(eight["executions"].get<int>(), 1);
    QCOMPARE(eight["events"].get<int>(), 10);
    QCOMPARE(eight["lateClues"].get<int>(), 0);
}

void tst_WeftCli::parallelRunReportsWhatOneJobReports() {
    // Three assertions, each failing in hundreds of the 2,520 executions: with several jobs each defect is shown with
    // the execution one job shows first (the DFS-earliest, by path code), numbered as one job numbers it, in one
    // job's order; the text report and the JSON are one job's, whichever worker ran what (README.md, --jobs).
    QTemporaryDir dir;
    const std::string file = dir.filePath("counter.c").toStdString();
    std::ofstream(file)
        << "#include <assert.h>\n#include <pthread.h>\n"
           "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\nint counter;\n"
           "void *worker(void *a) {\n  pthread_mutex_lock(&m);\n  int seen = counter;\n"
           "  pthread_mutex_unlock(&m);\n  pthread_mutex_lock(&m);\n  counter = seen + 1;\n"
           "  pthread_mutex_unlock(&m);\n  return a;\n}\n"
           "int main(void) {\n  pthread_t t[4];\n"
           "  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, worker, 0);\n"
           "  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);\n"
           "  assert(counter != 1);\n  assert(counter != 2);\n  assert(counter == 4);\n  return 0;\n}\n";
    auto explore = [&](const char *jobs) {
        const std::string json = dir.filePath(QString("r%1.json").arg(jobs)).toStdString();
        const Run r = runWeft({"explore", file, "--jobs", jobs, "--json", json});
        std::ifstream in(json);
        auto j = nlohmann::json::parse(in);
        for (const char *varying :
             {"alternativeCalls", "combsBuilt", "lateClues", "cpuSeconds", "wallSeconds", "peakRssBytes"})
            j["statistics"].erase(varying);
        // The report without its last line (times and memory).
        return std::tuple(r.code, r.out.substr(0, r.out.find_last_of('\n', r.out.size() - 2)), j);
    };
    const auto [oneCode, oneText, one] = explore("1");
    QCOMPARE(oneCode, int(kDefectFound));
    QCOMPARE(one["statistics"]["maximalConfigurations"].get<int>(), 2520);
    QCOMPARE(one["defects"].size(), std::size_t(3));
    for (const char *jobs : {"2", "3", "2"}) {
        const auto [code, text, j] = explore(jobs);
        QCOMPARE(code, oneCode);
        QCOMPARE(j.dump(1), one.dump(1));
        QCOMPARE(text, oneText);
    }
}

void tst_WeftCli::dataRaceIsReportedAndReplayed() {
    QTemporaryDir dir;
    const std::string file = dir.filePath("race.c").toStdString();
    std::ofstream(file) << "#include <pthread.h>\nint hits;\n"
                           "void *worker(void *a) { hits++; return 0; }\n"
                           "int main(void) {\n  pthread_t t;\n  pthread_create(&t, 0, worker, 0);\n"
                           "  hits++;\n  pthread_join(t, 0);\n  return 0;\n}\n";
    const Run r = runWeft({"explore", file});
    QCOMPARE(r.code, int(kDefectFound));
    QVERIFY2(contains(r.out, "weft: defect 1: data race: "), r.out.c_str());
    QVERIFY2(contains(r.out, "race.c:3:") && contains(r.out, "race.c:7:"), r.out.c_str()); // both accesses
    QVERIFY2(contains(r.out, "'hits'"), r.out.c_str());
    const auto at = r.out.find("--schedule ") + 11;
    const std::string schedule = r.out.substr(at, r.out.find('\n', at) - at);
    const Run replay = runWeft({"replay", file, "--schedule", schedule});
    QCOMPARE(replay.code, int(kDefectFound));
    QVERIFY2(contains(replay.out, "weft: data race after step"), replay.out.c_str());
    const Run ignored = runWeft({"explore", file, "--races=ignore"});
    QCOMPARE(ignored.code, int(kNoDefect));
}

// A free() that nothing orders after another thread's access races with it (tests/programs/heap_free_race;
// found with GenMC's access-freed tests, session 17): both models, the free named, the schedule replays it.
void tst_WeftCli::freeRacingWithAnAccessIsReported() {
    const std::string file = kPrograms + "/heap_free_race/heap_free_race.c";
    for (const char *model : {"sync", "sc"}) {
        const Run r = runWeft({"explore", file, "--model", model, "--jobs", "1"});
        QCOMPARE(r.code, int(kDefectFound));
        QVERIFY2(contains(r.out, "weft: defect 1: data race: ") && contains(r.out, "T1 frees it at ") &&
                     contains(r.out, "heap_free_race.c:31:5"),
                 r.out.c_str());
        const auto at = r.out.find("--schedule ") + 11; // then " --model sc" under sc
        const std::string schedule = r.out.substr(at, r.out.find_first_of(" \n", at) - at);
        const Run replay = runWeft({"replay", file, "--schedule", schedule, "--model", model});
        QCOMPARE(replay.code, int(kDefectFound));
        QVERIFY2(contains(replay.out, "weft: data race after step"), replay.out.c_str());
    }
    const Run locked = runWeft({"explore", file, "-D", "LOCKED", "--jobs", "1"});
    QCOMPARE(locked.code, int(kNoDefect));
}

void tst_WeftCli::hostileProgramsAreContained_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not C") << QString("\x7f" "ELF\x02\x01\x01\x00 binary garbage \xff\xfe\n") << QStringList{}
                           << int(kBadInput) << "error:";
    QTest::newRow("unsupported call")
        << "#include <pthread.h>\nint main(void) {\n  pthread_t t = pthread_self();\n  return pthread_cancel(t);\n}\n"
        << QStringList{} << int(kDefectFound)
        << "prog.c:4:10: pthread_cancel() (thread cancellation: not supported yet)";
    QTest::newRow("never terminates") << "int main(void) {\n  volatile int x = 0;\n  for (;;) x++;\n}\n"
                                      << QStringList{"--max-steps", "100000"} << int(kDefectFound)
                                      << "prog.c:3:13: thread T0 ran more than 100000 instructions";
    QTest::newRow("sprintf overflow") << "#include <stdio.h>\nint main(void) {\n  char b[4];\n  sprintf(b, \"%d\", 123456);\n  return b[0];\n}\n"
                                      << QStringList{} << int(kDefectFound)
                                      << "prog.c:4:3: out-of-bounds write of 7 bytes at offset 0 of a 4-byte local variable 'b'";
    QTest::newRow("crashes") << "int main(void) {\n  int *p = 0;\n  return *p;\n}\n" << QStringList{}
                             << int(kDefectFound) << "null pointer dereference";
    QTest::newRow("allocates without bound") << "#include <stdlib.h>\n#include <string.h>\nint main(void) {\n"
                                                "  for (;;) memset(malloc(1 << 20), 1, 1 << 20);\n}\n"
                                             << QStringList{"--max-memory", "16"} << int(kDefectFound)
                                             << "resource limit exceeded: ";
    QTest::newRow("allocates without bound, no race detection")
        << "#include <stdlib.h>\n#include <string.h>\nint main(void) {\n  for (;;) memset(malloc(1 << 20), 1, 1 << 20);\n}\n"
        << QStringList{"--max-memory", "16", "--races=ignore"} << int(kDefectFound)
        << "prog.c:4:19: memory exhausted: allocating 1048576 more bytes would exceed the limit of 16 MiB";
    QTest::newRow("thousands of threads") << "#include <pthread.h>\nvoid *f(void *a) { return a; }\nint main(void) {\n"
                                             "  pthread_t t;\n  for (int i = 0; i < 100000; i++) pthread_create(&t, 0, f, 0);\n}\n"
                                          << QStringList{} << int(kDefectFound) << "threads";
    QTest::newRow("deep recursion") << "int f(int n) { return n ? 1 + f(n - 1) : 0; }\nint main(void) {\n  return f(1 << 30);\n}\n"
                                    << QStringList{} << int(kDefectFound) << "stack overflow";
}

void tst_WeftCli::hostileProgramsAreContained() {
    QFETCH(QString, source);
    QFETCH(QStringList, options);
    QFETCH(int, code);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const std::string file = dir.filePath("prog.c").toStdString();
    std::ofstream(file, std::ios::binary) << source.toStdString();
    std::vector<std::string> args{"explore", file, "--quiet"};
    for (const QString &o : options)
        args.push_back(o.toStdString());
    args[2] = code == kBadInput ? "--quiet" : "--timeout"; // defects are printed without --quiet
    if (code != kBadInput)
        args.insert(args.begin() + 3, "60");
    const Run r = runWeft(args);
    QVERIFY2(r.code == code, (r.out + r.err).c_str());
    QVERIFY2(contains(r.out + r.err, expected.toStdString()), (r.out + r.err).c_str());
}

void tst_WeftCli::nondetValuesAreSeeded() {
    QTemporaryDir dir;
    const std::string file = dir.filePath("nondet.c").toStdString();
    std::ofstream(file) << "#include <stdio.h>\nint __VERIFIER_nondet_int(void);\n"
                           "int main(void) {\n  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();\n"
                           "  printf(\"%d %d\\n\", a, b);\n  return a == 0 && b == 0 ? 0 : 3;\n}\n";
    QCOMPARE(runWeft({"explore", file}).code, int(kNoDefect)); // zero by default
    const Run random = runWeft({"explore", file, "--nondet", "random:7"});
    QCOMPARE(random.code, int(kDefectFound)); // exit status 3 with non-zero values
    QVERIFY2(contains(random.out, "--nondet random:7"), random.out.c_str());
    const Run again = runWeft({"explore", file, "--nondet", "random:7"});
    QCOMPARE(again.out.substr(0, again.out.rfind("weft: ")), random.out.substr(0, random.out.rfind("weft: ")));
    const Run other = runWeft({"explore", file, "--nondet", "random:8"});
    QVERIFY(other.out.substr(0, other.out.rfind("weft: ")) != random.out.substr(0, random.out.rfind("weft: ")));
}

void tst_WeftCli::nondetValuesAreExplored() {
    // Every value of the range is tried; the counterexample's schedule carries the failing one and
    // replays it.
    QTemporaryDir dir;
    const std::string file = dir.filePath("inputs.c").toStdString();
    std::ofstream(file) << "#include <assert.h>\nint __VERIFIER_nondet_int(void);\n"
                           "int main(void) {\n  int a = __VERIFIER_nondet_int();\n  assert(a != 3);\n  return 0;\n}\n";
    const Run r = runWeft({"explore", file, "--nondet", "explore:0..4"});
    QCOMPARE(r.code, int(kDefectFound));
    QVERIFY2(lastLine(r.out).rfind("weft: 1 defect, 5 maximal configurations, ", 0) == 0, r.out.c_str());
    QVERIFY2(contains(r.out, "--schedule 0,0=3,0 --nondet explore:0..4"), r.out.c_str()); // 0: main's end
    QVERIFY2(contains(r.out, "nondet 3"), r.out.c_str());
    const Run replay = runWeft({"replay", file, "--schedule", "0,0=3,0", "--nondet", "explore:0..4"});
    QCOMPARE(replay.code, int(kDefectFound));
    QVERIFY2(contains(replay.out, "assertion failure"), replay.out.c_str());
    QCOMPARE(runWeft({"replay", file, "--schedule", "0,0=2", "--nondet", "explore:0..4"}).code, int(kNoDefect));
}

void tst_WeftCli::exploreFindsTheLostUpdate() {
    const Run r = runWeft({"explore", kPrograms + "/lost_update/lost_update.c"});
    QCOMPARE(r.code, int(kDefectFound));
    QVERIFY2(lastLine(r.out).rfind("weft: 1 defect, 6 maximal configurations, 0 SSB, 71 events, ", 0) == 0,
             r.out.c_str());
    QVERIFY(contains(r.out, "weft: defect 1: assertion failure: "));
    QVERIFY(contains(r.out, "lost_update.c:30:5"));
    QVERIFY(contains(r.out, "seen in 4 executions"));
    QVERIFY(contains(r.out, "pthread_mutex_lock(&m);"));
    QVERIFY(contains(r.out, "lock 'm'"));
}

void tst_WeftCli::jsonAndDotFiles() {
    QTemporaryDir dir;
    const std::string json = dir.filePath("r.json").toStdString(), dot = dir.filePath("r.dot").toStdString();
    const Run r = runWeft({"explore", kPrograms + "/lost_update/lost_update.c", "--json", json, "--dot", dot, "--quiet"});
    QCOMPARE(r.code, int(kDefectFound));
    QVERIFY(!contains(r.out, "weft: defect 1")); // --quiet: the summary only
    std::ifstream in(json);
    const auto j = nlohmann::json::parse(in);
    QCOMPARE(j["statistics"]["maximalConfigurations"].get<int>(), 6);
    QCOMPARE(j["defects"].size(), std::size_t(1));
    const auto &d = j["defects"][0];
    QCOMPARE(d["kind"].get<std::string>(), std::string("assertion failure"));
    QCOMPARE(d["occurrences"].get<int>(), 4);
    const std::string where = d["location"].get<std::string>();
    QVERIFY2(where.size() >= 18 && where.substr(where.size() - 18) == "lost_update.c:30:5", where.c_str());
    QCOMPARE(d["steps"].size(), d["trace"].size());
    QCOMPARE(d["steps"][4]["source"].get<std::string>(), std::string("pthread_mutex_lock(&m);"));
    QCOMPARE(d["steps"][4]["object"].get<std::string>(), std::string("'m'"));
    std::ifstream dotIn(dot);
    const std::string dotText((std::istreambuf_iterator<char>(dotIn)), std::istreambuf_iterator<char>());
    QVERIFY(dotText.rfind("digraph unfolding {", 0) == 0);
    QCOMPARE(std::count(dotText.begin(), dotText.end(), '\n') > 67, true);
}

void tst_WeftCli::replayIsDeterministic() {
    const Run explore = runWeft({"explore", kPrograms + "/lost_update/lost_update.c", "--json", "-", "--quiet"});
    const auto j = nlohmann::json::parse(explore.out.substr(0, explore.out.rfind("weft: ")));
    const std::string schedule = j["defects"][0]["schedule"].get<std::string>();
    const Run first = runWeft({"replay", kPrograms + "/lost_update/lost_update.c", "--schedule", schedule});
    const Run second = runWeft({"replay", kPrograms + "/lost_update/lost_update.c", "--schedule", schedule});
    QCOMPARE(first.code, int(kDefectFound));
    QCOMPARE(first.out, second.out);
    QVERIFY(contains(first.out, "x = 1"));
    QVERIFY(contains(lastLine(first.out), "assertion failure"));
}

void tst_WeftCli::deadlockIsReported() {
    const Run r = runWeft({"explore", kPrograms + "/fig2/fig2.c"});
    QCOMPARE(r.code, int(kDefectFound));
    QVERIFY2(lastLine(r.out).rfind("weft: 1 defect, 3 maximal configurations, 0 SSB, 25 events, ", 0) == 0, r.out.c_str());
    QVERIFY(contains(r.out, "weft: defect 1: deadlock: "));
}

void tst_WeftCli::cleanProgramExitsZero() {
    const Run r = runWeft({"explore", kPrograms + "/dispatcher/dispatcher.c", "-D", "PARAM1=5", "-D", "PARAM2=2", "-k", "3"});
    QCOMPARE(r.code, int(kNoDefect));
    QVERIFY2(lastLine(r.out).rfind("weft: 0 defects, 137 maximal configurations, 0 SSB, 1603 events, ", 0) == 0,
             r.out.c_str());
}

void tst_WeftCli::badInput() {
    QTemporaryDir dir;
    const std::string broken = dir.filePath("broken.c").toStdString();
    std::ofstream(broken) << "int main(void) {\n  return 0\n}\n";
    Run r = runWeft({"explore", broken});
    QCOMPARE(r.code, int(kBadInput));
    QVERIFY2(contains(r.err, broken + ":2:11: error: expected ';'"), r.err.c_str());

    r = runWeft({"explore", dir.filePath("missing.c").toStdString()});
    QCOMPARE(r.code, int(kBadInput));
    QVERIFY(contains(r.err, "missing.c"));

    r = runWeft({"replay", kPrograms + "/lost_update/lost_update.c", "--schedule", "0,x"});
    QCOMPARE(r.code, int(kBadInput));
    QVERIFY(contains(r.err, "invalid schedule item 'x'"));

    r = runWeft({"replay", kPrograms + "/lost_update/lost_update.c", "--schedule", "0,7"});
    QCOMPARE(r.code, int(kBadInput));
    QVERIFY(contains(r.err, "thread T7 does not exist"));
}

void tst_WeftCli::schedulesWithRanges() {
    // 50 threads each take one step (their start) before main's end: the printed schedule says 1-50, and it
    // replays the failure.
    QTemporaryDir dir;
    const std::string file = dir.filePath("starts.c").toStdString();
    std::ofstream(file) << "#include <assert.h>\n#include <pthread.h>\n"
                           "pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n"
                           "void *worker(void *a) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); return a; }\n"
                           "int main(void) {\n  pthread_t t[50];\n  pthread_mutex_lock(&m);\n"
                           "  for (int i = 0; i < 50; i++)\n    pthread_create(&t[i], 0, worker, 0);\n"
                           "  assert(0);\n}\n";
    const Run r = runWeft({"explore", file});
    QCOMPARE(r.code, int(kDefectFound));
    QVERIFY2(contains(r.out, "--schedule 0*52,1-50,0\n"), r.out.c_str());
    const Run replay = runWeft({"replay", file, "--schedule", "0*52,1-50,0"});
    QCOMPARE(replay.code, int(kDefectFound));
    QVERIFY2(contains(replay.out, "assertion"), replay.out.c_str());
    // A range that names a thread which does not exist yet is refused like any other item.
    QCOMPARE(runWeft({"replay", file, "--schedule", "0*2,1-3"}).code, int(kBadInput));
}

QTEST_APPLESS_MAIN(tst_WeftCli)
#include "tst_WeftCli.moc"
