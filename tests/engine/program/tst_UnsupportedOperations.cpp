// SPDX-License-Identifier: MIT
// Tests unsupported operations (fork, exec, inline asm, unknown external functions, files, long
// double arithmetic): a warning with its location at load, nothing rejected on a dead path, and a
// located defect in every execution that reaches one, with the rest of the exploration intact.
#include "tests/engine/interpreter/CProgram.hpp"

#include <QtTest>

using namespace weft;
using weft::testing::diagnosticsOf;
using weft::testing::explore;
using weft::testing::loadC;
using weft::testing::runOnce;

namespace {

// fork, execlp, system, inline asm and a socket call, all behind a condition that is false here.
const char *const kDeadPaths = R"(#include <pthread.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;
void *worker(void *arg) {
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  return arg;
}
int main(int argc, char **argv) {
  pthread_t t;
  if (argc > 5) {
    if (fork() == 0)
      execlp("ls", "ls", (char *)0);
    system("true");
    __asm__ volatile("hlt");
    return socket(0, 0, 0);
  }
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  x++;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return x == 2 ? 0 : 1;
}
)";

// Two threads race for the lock; the one that comes second forks. Every execution where the worker
// locks first reaches fork(); the others end normally.
const char *const kLivePath = R"(#include <pthread.h>
#include <unistd.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int turn;
void *worker(void *arg) {
  pthread_mutex_lock(&m);
  int mine = turn++;
  pthread_mutex_unlock(&m);
  if (mine == 1)
    fork();
  return arg;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
)";

// Files other than the standard streams, through stdio and through descriptors, long double
// arithmetic and another library's variable (optind), all behind a condition that is false here;
// long double data (a global, a struct copy) is fine.
const char *const kDeadFilesAndLongDouble = R"(#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
long double scale = 2.5L;
struct sample { int id; long double value; } first = {7, 1.0L};
int main(int argc, char **argv) {
  struct sample copy = first;
  if (argc > 5) {
    FILE *f = fopen("data.txt", "r");
    char buffer[8];
    fread(buffer, 1, sizeof buffer, f);
    fwrite(buffer, 1, sizeof buffer, f);
    fclose(f);
    int fd = open("data.txt", O_RDONLY);
    read(fd, buffer, sizeof buffer);
    write(fd, buffer, sizeof buffer);
    close(fd);
    return (int)(scale * copy.value) + optind;
  }
  printf("%d %zu\n", copy.id, sizeof scale);
  return 0;
}
)";

// The thread that locks second opens a file (FILE_IO), reads another library's variable (EXTERNAL)
// or computes with a long double.
const char *const kLiveFileOrLongDouble = R"(#include <pthread.h>
#include <stdio.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int turn;
long double total = 1.0L;
void *worker(void *arg) {
  pthread_mutex_lock(&m);
  int mine = turn++;
  pthread_mutex_unlock(&m);
  if (mine == 1) {
#if defined FILE_IO
    FILE *f = fopen("/tmp/weft-never-written", "w");
    fputs("x", f);
#elif defined EXTERNAL
    extern char **environ;
    turn = environ[0] != 0;
#else
    total = total * 3;
#endif
  }
  return arg;
}
int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
)";

} // namespace

class tst_UnsupportedOperations : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void deadPathsExploreNormally();
    void liveCallIsALocatedDefect();
    void addressOfUnknownFunctionFailsWhenCalled();
    void filesAndLongDoubleOnADeadPath();
    void fileOrLongDoubleOnALivePath_data();
    void fileOrLongDoubleOnALivePath();
    void noOpAssemblyRuns();

private:
    weft::testing::ScratchSources m_sources;
};

void tst_UnsupportedOperations::deadPathsExploreNormally() {
    const std::string file = m_sources.write("dead.c", kDeadPaths);
    const auto p = loadC(file);
    QVERIFY2(p, diagnosticsOf(p).c_str());
    // One warning per unsupported operation, at its line.
    std::vector<std::pair<unsigned, std::string>> warnings;
    for (const Diagnostic &d : p->warnings) {
        QCOMPARE(d.severity, Severity::Warning);
        QCOMPARE(d.file, file);
        warnings.emplace_back(d.line, d.text);
    }
    QCOMPARE(warnings.size(), 5u);
    QCOMPARE(warnings[0].first, 16u);
    QVERIFY(QString::fromStdString(warnings[0].second).contains("fork()"));
    QCOMPARE(warnings[1].first, 17u);
    QVERIFY(QString::fromStdString(warnings[1].second).contains("execlp()"));
    QVERIFY(QString::fromStdString(warnings[2].second).contains("system()"));
    QCOMPARE(warnings[3].first, 19u);
    QVERIFY(QString::fromStdString(warnings[3].second).contains("inline assembly"));
    QVERIFY(QString::fromStdString(warnings[4].second).contains("socket()"));
    const ExplorationResult r = explore(*p);
    QCOMPARE(r.statistics.defects, 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 2u);
}

void tst_UnsupportedOperations::liveCallIsALocatedDefect() {
    const auto p = loadC(m_sources.write("live.c", kLivePath));
    QVERIFY2(p, diagnosticsOf(p).c_str());
    ExplorationOptions options;
    const ExplorationResult r = explore(*p, options);
    // Both lock orders are explored; each reaches fork() in the thread that locks second.
    QCOMPARE(r.statistics.maximalConfigurations, 2u);
    QCOMPARE(r.defects.size(), 1u); // the same kind and message: one defect, two occurrences
    const Defect &d = r.defects.front();
    QCOMPARE(d.kind, DefectKind::UnsupportedOperation);
    QVERIFY2(QString::fromStdString(d.message).contains("live.c:10:"), d.message.c_str());
    QVERIFY(QString::fromStdString(d.message).endsWith("fork()"));
    QCOMPARE(d.occurrences, 2u);
    // The schedule replays it.
    const auto replay = runOnce(*p, d.schedule);
    QVERIFY(replay.execution.fault);
    QCOMPARE(replay.execution.fault->kind, DefectKind::UnsupportedOperation);
}

void tst_UnsupportedOperations::addressOfUnknownFunctionFailsWhenCalled() {
    const auto p = loadC(m_sources.write("pointer.c", "#include <stdio.h>\nint main(int argc, char **argv) {\n"
                                                      "  int (*close)(FILE *) = fclose;\n  puts(\"before\");\n"
                                                      "  return argc > 5 ? 0 : close(stdout);\n}\n"));
    QVERIFY2(p, diagnosticsOf(p).c_str());
    QCOMPARE(p->warnings.size(), 1u);
    QVERIFY(QString::fromStdString(p->warnings.front().text).contains("fclose()"));
    const auto run = runOnce(*p);
    QCOMPARE(QString::fromStdString(run.output), QString("before\n"));
    QVERIFY(run.execution.fault);
    QCOMPARE(run.execution.fault->kind, DefectKind::UnsupportedOperation);
    QVERIFY2(QString::fromStdString(run.execution.fault->message).contains("pointer.c:5:"),
             run.execution.fault->message.c_str());
}

void tst_UnsupportedOperations::filesAndLongDoubleOnADeadPath() {
    const std::string file = m_sources.write("files.c", kDeadFilesAndLongDouble);
    const auto p = loadC(file);
    QVERIFY2(p, diagnosticsOf(p).c_str());
    QStringList warned;
    for (const Diagnostic &d : p->warnings)
        warned << QString::number(d.line) + ": " + QString::fromStdString(d.text);
    // fread, fwrite, read and write are the runtime library's (for the standard streams and
    // descriptors, the only ones there are); fopen and open come first.
    for (const char *expected :
         {"9: unsupported operation fopen()", "13: unsupported operation fclose()", "14: unsupported operation open()",
          "17: unsupported operation close()", "18: unsupported operation long double arithmetic",
          "18: unsupported operation use of external variable 'optind'"})
        QVERIFY2(warned.filter(QString::fromLatin1(expected)).size() == 1, qPrintable(warned.join('\n')));
    const auto run = runOnce(*p);
    QVERIFY2(!run.execution.fault, run.execution.fault ? run.execution.fault->message.c_str() : "");
    QCOMPARE(QString::fromStdString(run.output), QString("7 16\n"));
}

void tst_UnsupportedOperations::fileOrLongDoubleOnALivePath_data() {
    QTest::addColumn<QString>("define");
    QTest::addColumn<QString>("ending");
    QTest::newRow("fopen") << "FILE_IO" << "live.c:12:15: fopen()";
    QTest::newRow("external variable") << "EXTERNAL" << "live.c:16:12: use of external variable 'environ'";
    QTest::newRow("long double") << "" << "live.c:18:13: long double arithmetic";
}

void tst_UnsupportedOperations::fileOrLongDoubleOnALivePath() {
    QFETCH(QString, define);
    QFETCH(QString, ending);
    std::vector<std::string> defines;
    if (!define.isEmpty())
        defines.push_back(define.toStdString());
    const auto p = loadC(m_sources.write("live.c", kLiveFileOrLongDouble), defines);
    QVERIFY2(p, diagnosticsOf(p).c_str());
    const ExplorationResult r = explore(*p);
    QCOMPARE(r.statistics.maximalConfigurations, 2u); // both lock orders: each reaches it once
    QCOMPARE(r.defects.size(), 1u);
    const Defect &d = r.defects.front();
    QCOMPARE(d.kind, DefectKind::UnsupportedOperation);
    QVERIFY2(QString::fromStdString(d.message).endsWith(ending), d.message.c_str());
    QCOMPARE(d.occurrences, 2u);
}

// A compiler barrier and spin-wait hints do nothing to the interpreter (GenMC's norev-replay test
// wraps every access in `asm("")`; it was an unsupported operation): no warning, and a spin whose
// iteration holds them still awaits. An asm with an output stays unsupported.
void tst_UnsupportedOperations::noOpAssemblyRuns() {
    const auto p = loadC(m_sources.write("barrier.c", R"(#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
void *setter(void *a) { atomic_store(&flag, 1); return a; }
int main(int argc, char **argv) {
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  asm("");
  while (!atomic_load(&flag)) {
    __asm__ __volatile__("" ::: "memory");
    __asm__ volatile("pause");
    asm volatile("rep; nop");
    asm("nop");
  }
  int out = 0;
  if (argc > 5)
    asm("" : "=r"(out));
  pthread_join(t, 0);
  return out;
})"));
    QVERIFY2(p, diagnosticsOf(p).c_str());
    QCOMPARE(p->warnings.size(), 1u);
    QCOMPARE(p->warnings.front().line, 17u);
    QVERIFY(QString::fromStdString(p->warnings.front().text).contains("inline assembly"));
    interpreter::InterpreterOptions sc;
    sc.model = interpreter::MemoryModel::Sc;
    const ExplorationResult r = explore(*p, {}, sc);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.defects, 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 1u); // the setter first: main leaves at once
    QCOMPARE(r.statistics.assumeBlocked, 1u);         // main first: one iteration, then it awaits
}

QTEST_GUILESS_MAIN(tst_UnsupportedOperations)
#include "tst_UnsupportedOperations.moc"
