// SPDX-License-Identifier: MIT
// Tests the Interpreter on single-threaded C: exact output of a computation, each kind of undefined
// behaviour with its line, the step bound, exit codes, snapshots and call stacks. Threads: pthread/.
#include "tests/engine/interpreter/CProgram.hpp"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <set>
#include <sstream>

using namespace weft;
using weft::testing::diagnosticsOf;
using weft::testing::explore;
using weft::testing::loadC;
using weft::testing::runOnce;

namespace {

using weft::testing::readText;

const std::string kPrograms = WEFT_TEST_PROGRAMS;

} // namespace

class tst_Interpreter : public QObject {
    Q_OBJECT
private slots:
    void init();
    void stepsLineByLineAndPausesAtABreakpoint();
    void computationMatchesNativeOutput();
    void undefinedBehaviourIsReportedWithLine_data();
    void undefinedBehaviourIsReportedWithLine();
    void stepBoundStopsInfiniteLoop();
    void stepBoundStopsOnlyItsThread();
    void exitStatus_data();
    void exitStatus();
    void assertionFailureNamesExpression();
    void verifierAssumeEndsQuietly();
    void builtinThroughFunctionPointer();
    void deepRecursionIsStackOverflow();
    void structsByValueAndMainArguments();
    void standardStreamsAndSleep();
    void snapshotRestoresState();
    void longLoopMatchesNative();
    void callStackShowsSourceLines();

private:
    std::string write(const std::string &name, const std::string &text) { return m_sources.write(name, text); }
    program::Program load(const std::string &name, const std::string &text) { return m_sources.load(name, text); }
    weft::testing::ScratchSources m_sources;
};

void tst_Interpreter::init() {
    QVERIFY(m_sources.reset());
}

void tst_Interpreter::computationMatchesNativeOutput() {
    auto p = loadC(kPrograms + "/compute/compute.c");
    QVERIFY2(p, diagnosticsOf(p).c_str());
    const auto run = runOnce(*p);
    QVERIFY2(!run.execution.fault, run.execution.fault ? run.execution.fault->message.c_str() : "");
    QCOMPARE(run.execution.end, ExecutionEnd::Finished);
    QCOMPARE(QString::fromStdString(run.output), QString::fromStdString(readText(kPrograms + "/compute/expected.out")));
    // main's start and its exit (return from main) are its only visible actions.
    QCOMPARE(run.execution.actions.size(), 2u);
    const ExplorationResult r = explore(*p);
    QCOMPARE(r.statistics.maximalConfigurations, 1u);
    QCOMPARE(r.statistics.defects, 0u);
}

void tst_Interpreter::undefinedBehaviourIsReportedWithLine_data() {
    QTest::addColumn<QString>("body");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    // `line` counts from the body's first line; two #include lines come before it.
    auto row = [](const char *name, const char *body, int line, const char *message) {
        QTest::newRow(name) << QString(body) << line << QString(message);
    };
    row("out-of-bounds read", "int main(void) {\n int a[4] = {0};\n volatile int i = 4;\n return a[i];\n}\n", 4,
        "out-of-bounds read of 4 bytes at offset 16 of a 16-byte local variable 'a' declared at");
    row("out-of-bounds write", "int main(void) {\n int *p = malloc(3 * sizeof(int));\n p[3] = 1;\n free(p);\n return 0;\n}\n",
        3, "out-of-bounds write of 4 bytes at offset 12 of a 12-byte heap block allocated at");
    row("negative index", "int g[2];\nint main(void) {\n volatile int i = -1;\n return g[i];\n}\n", 4,
        "out-of-bounds read of 4 bytes at offset -4 of a 8-byte global variable 'g'");
    row("use after free", "int main(void) {\n int *p = malloc(sizeof(int));\n free(p);\n return *p;\n}\n", 4,
        "use after free: read of 4 bytes of a 4-byte heap block allocated at");
    row("double free", "int main(void) {\n int *p = malloc(8);\n free(p);\n free(p);\n return 0;\n}\n", 4,
        "double free of a 8-byte heap block");
    row("invalid free", "int main(void) {\n int x = 0;\n int *p = &x;\n free(p);\n return 0;\n}\n", 4,
        "invalid free of a pointer to a 4-byte local variable 'x'");
    row("interior free", "int main(void) {\n char *p = malloc(8);\n free(p + 2);\n return 0;\n}\n", 3,
        "invalid free: the pointer is at offset 2");
    row("null dereference", "int main(void) {\n int *volatile p = 0;\n return *p;\n}\n", 3,
        "null pointer dereference (read of 4 bytes)");
    row("null member write", "struct s { int a, b; };\nint main(void) {\n struct s *volatile p = 0;\n p->b = 1;\n return 0;\n}\n",
        4, "null pointer dereference (write of 4 bytes)");
    row("integer as a pointer", "int main(void) {\n *(int *)0xdeadbeef = 1;\n return 0;\n}\n", 2,
        "invalid pointer dereference (write of 4 bytes at address 0xdeadbeef)");
    row("division by zero", "int main(void) {\n volatile int z = 0;\n int x = 10;\n return x / z;\n}\n", 4, "division by zero");
    row("remainder by zero", "int main(void) {\n volatile unsigned z = 0;\n return 7u % z;\n}\n", 3, "division by zero");
    row("signed overflow division", "#include <limits.h>\nint main(void) {\n volatile int m = INT_MIN, d = -1;\n return m / d;\n}\n",
        4, "signed division overflow");
    row("oversized shift", "int main(void) {\n volatile int s = 40;\n return 1 << s;\n}\n", 3, "shift by 40 bits of a 32-bit value");
    row("misaligned access", "int main(void) {\n char buf[16] = {0};\n int *p = (int *)(buf + 1);\n return *p;\n}\n", 4,
        "misaligned read of 4 bytes at offset 1 of a 16-byte local variable 'buf'");
    row("write to string literal", "int main(void) {\n char *s = \"abc\";\n s[0] = 'x';\n return 0;\n}\n", 3,
        "write to read-only memory (a 4-byte string literal)");
    row("use after return", "int *f(void) {\n int x = 1;\n int *volatile p = &x;\n return p;\n}\nint main(void) {\n return *f();\n}\n",
        7, "use after return: read of 4 bytes of a 4-byte local variable 'x' declared at");
    row("null function pointer", "int main(void) {\n int (*volatile f)(void) = 0;\n return f();\n}\n", 3,
        "call through a null function pointer");
    row("strlen past end", "int main(void) {\n char s[3] = {'a', 'b', 'c'};\n return (int)strlen(s);\n}\n", 3,
        "out-of-bounds read of 1 byte at offset 3 of a 3-byte local variable 's'");
}

void tst_Interpreter::undefinedBehaviourIsReportedWithLine() {
    QFETCH(QString, body);
    QFETCH(int, line);
    QFETCH(QString, message);
    const std::string file = write("ub.c", "#include <stdlib.h>\n#include <string.h>\n" + body.toStdString());
    auto p = loadC(file);
    QVERIFY2(p, diagnosticsOf(p).c_str());
    const auto run = runOnce(*p);
    QCOMPARE(run.execution.end, ExecutionEnd::Fault);
    QVERIFY(run.execution.fault);
    QCOMPARE(run.execution.fault->kind, DefectKind::UndefinedBehaviour);
    const QString text = QString::fromStdString(run.execution.fault->message);
    qInfo().noquote() << text;
    QVERIFY2(text.startsWith(QString::fromStdString(file) + ":" + QString::number(line + 2) + ":"), qPrintable(text));
    QVERIFY2(text.contains(message), qPrintable(text));
    QCOMPARE(run.execution.fault->thread, ThreadId(0));
}

void tst_Interpreter::stepBoundStopsInfiniteLoop() {
    const auto p = load("loop.c", "int main(void) {\n  volatile int x = 0;\n  while (1)\n    x++;\n}\n");
    interpreter::InterpreterOptions options;
    options.stepBound = 100000;
    const auto run = runOnce(p, {}, options);
    // The thread stops there, like after a false assumption; the defect is a report.
    QCOMPARE(run.execution.end, ExecutionEnd::AssumeBlocked);
    QVERIFY(!run.execution.fault);
    QCOMPARE(run.execution.reports.size(), 1u);
    const ProgramFault &bound = run.execution.reports[0].second;
    QCOMPARE(bound.kind, DefectKind::StepBound);
    QVERIFY2(QString::fromStdString(bound.message).contains("more than 100000 instructions"), bound.message.c_str());
    // Where the thread stopped, not where the run ends (what a report's trace is printed with).
    QVERIFY2(bound.location.find("loop.c:") != std::string::npos, bound.location.c_str());
    QVERIFY2(bound.message.starts_with(bound.location + ": "), bound.message.c_str());
    QCOMPARE(run.execution.blocked.size(), 1u);
    QCOMPARE(describeAction(run.execution.blocked[0].pending, {}), std::string("stop at the instruction bound"));
    const ExplorationResult r = explore(p, {}, options);
    QCOMPARE(r.defects.size(), 1u);
    QCOMPARE(r.defects[0].kind, DefectKind::StepBound);
}

void tst_Interpreter::stepBoundStopsOnlyItsThread() {
    // T1, created first, never reaches a visible action: it stops at the bound and T2 still runs, so its
    // assertion is found (it was not while the bound ended the whole run). Both models: the loop's
    // variable is local, so no step of it is an event in either.
    const auto p = load("starved.c", "#include <assert.h>\n#include <pthread.h>\n"
                                     "void *loop(void *a) {\n  volatile int c = 0;\n  for (;;)\n    c++;\n}\n"
                                     "void *check(void *a) {\n  assert(a == 0);\n  return a;\n}\n"
                                     "int main(void) {\n  pthread_t t1, t2;\n  pthread_create(&t1, 0, loop, 0);\n"
                                     "  pthread_create(&t2, 0, check, &t1);\n  pthread_join(t2, 0);\n  return 0;\n}\n");
    for (const interpreter::MemoryModel model : {interpreter::MemoryModel::Sync, interpreter::MemoryModel::Sc}) {
        interpreter::InterpreterOptions options;
        options.stepBound = 10000;
        options.model = model;
        const ExplorationResult r = explore(p, {}, options);
        QCOMPARE(r.stopReason, StopReason::Completed);
        QCOMPARE(r.defects.size(), 2u);
        std::set<DefectKind> kinds;
        for (const Defect &d : r.defects)
            kinds.insert(d.kind);
        QCOMPARE(kinds, (std::set<DefectKind>{DefectKind::StepBound, DefectKind::AssertionFailure}));
        // T1's and T2's steps are independent: one run, T1 stopped by the bound, then T2's assertion
        // ending it (a defect run counts as maximal).
        QCOMPARE(r.statistics.executions, 1u);
        QCOMPARE(r.statistics.maximalConfigurations, 1u);
    }
}

void tst_Interpreter::exitStatus_data() {
    QTest::addColumn<QString>("body");
    QTest::addColumn<bool>("defect");
    QTest::addColumn<QString>("message");
    QTest::newRow("exit(3)") << "int main(void) { puts(\"a\"); exit(3); }" << true << "exited with status 3";
    QTest::newRow("return 2") << "int main(void) { return 2; }" << true << "exited with status 2";
    QTest::newRow("return -1") << "int main(void) { return -1; }" << true << "exited with status -1";
    QTest::newRow("exit(0)") << "int main(void) { puts(\"a\"); exit(0); puts(\"b\"); }" << false << "";
    QTest::newRow("abort") << "int main(void) { abort(); }" << true << "abort() called";
    QTest::newRow("__VERIFIER_error") << "extern void __VERIFIER_error(void);\nint main(void) { __VERIFIER_error(); }"
                                      << true << "__VERIFIER_error() called";
}

void tst_Interpreter::exitStatus() {
    QFETCH(QString, body);
    QFETCH(bool, defect);
    QFETCH(QString, message);
    const auto p = load("exit.c", "#include <stdio.h>\n#include <stdlib.h>\n" + body.toStdString() + "\n");
    const auto run = runOnce(p);
    QCOMPARE(run.execution.fault.has_value(), defect);
    if (defect) {
        const DefectKind kind = run.execution.fault->kind;
        QCOMPARE(kind, message.startsWith("exited") ? DefectKind::ExitCode
                       : message.startsWith("abort") ? DefectKind::Abort
                                                     : DefectKind::AssertionFailure);
        const QString text = QString::fromStdString(run.execution.fault->message);
        QVERIFY2(text.endsWith(message), qPrintable(text));
        QVERIFY2(text.contains(QRegularExpression("exit.c:[34]:")), qPrintable(text));
    } else {
        QCOMPARE(run.execution.end, ExecutionEnd::Finished);
        QCOMPARE(QString::fromStdString(run.output), QString("a\n"));
    }
}

void tst_Interpreter::assertionFailureNamesExpression() {
    const auto p = load("assert.c", "#include <assert.h>\nint main(void) {\n  int x = 2;\n  assert(x == 3);\n  return 0;\n}\n");
    const ExplorationResult r = explore(p);
    QCOMPARE(r.defects.size(), 1u);
    QCOMPARE(r.defects[0].kind, DefectKind::AssertionFailure);
    const QString text = QString::fromStdString(r.defects[0].message);
    QVERIFY2(text.contains("assert.c:4:") && text.endsWith("assertion `x == 3' failed in int main(void)"), qPrintable(text));
}

void tst_Interpreter::verifierAssumeEndsQuietly() {
    const auto p = load("assume.c", "#include <stdio.h>\nextern int __VERIFIER_nondet_int(void);\n"
                                    "extern void __VERIFIER_assume(int);\n"
                                    "int main(void) {\n  int x = __VERIFIER_nondet_int();\n  printf(\"x=%d\\n\", x);\n"
                                    "  __VERIFIER_assume(x > 0);\n  puts(\"unreachable\");\n  return 1;\n}\n");
    const auto run = runOnce(p);
    // main is the only thread: once its assumption fails nothing can move (an infeasible run).
    QCOMPARE(run.execution.end, ExecutionEnd::AssumeBlocked);
    QVERIFY(!run.execution.fault);
    QCOMPARE(QString::fromStdString(run.output), QString("x=0\n"));
}

void tst_Interpreter::builtinThroughFunctionPointer() {
    const auto p = load("fptr.c", R"(#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static size_t (*length)(const char *) = strlen;
int main(void) {
    void (*release)(void *) = free;
    char *s = malloc(6);
    strcpy(s, "hello");
    printf("%zu\n", length(s));
    release(s);
    release(s);
    return 0;
}
)");
    const auto run = runOnce(p);
    QCOMPARE(QString::fromStdString(run.output), QString("5\n"));
    QCOMPARE(run.execution.fault->kind, DefectKind::UndefinedBehaviour);
    QVERIFY2(QString::fromStdString(run.execution.fault->message).contains("fptr.c:11:5: double free"),
             run.execution.fault->message.c_str());
}

void tst_Interpreter::deepRecursionIsStackOverflow() {
    const auto p = load("recurse.c", "static int down(int n) {\n  return down(n + 1) + 1;\n}\n"
                                     "int main(void) {\n  return down(0);\n}\n");
    interpreter::InterpreterOptions options;
    options.maxCallDepth = 5000;
    const auto run = runOnce(p, {}, options);
    QCOMPARE(run.execution.fault->kind, DefectKind::UndefinedBehaviour);
    QVERIFY2(QString::fromStdString(run.execution.fault->message).endsWith("recurse.c:2:10: stack overflow: more than 5000 nested calls"),
             run.execution.fault->message.c_str());
}

void tst_Interpreter::structsByValueAndMainArguments() {
    // A large struct is passed by address with `byval`: the callee must work on its own copy.
    const auto p = load("args.c", R"(#include <stdio.h>
struct big { long a[5]; };
struct two { long x; double y; };
static long f(struct big b) { b.a[0] = 99; return b.a[0] + b.a[4]; }
static struct two g(struct two t) { t.x += 1; t.y *= 2; return t; }
static struct big h(long v) { struct big b = {{v, v, v, v, v}}; return b; }
int main(int argc, char **argv) {
    struct big x = {{1, 2, 3, 4, 5}};
    long r = f(x);
    struct two t = g((struct two){41, 1.25});
    struct big y = h(7);
    printf("%ld %ld %ld %.2f %ld %d %s %p\n", r, x.a[0], t.x, t.y, y.a[4], argc, argv[0], (void *)argv[1]);
    return 0;
}
)");
    const auto run = runOnce(p);
    QVERIFY2(!run.execution.fault, run.execution.fault ? run.execution.fault->message.c_str() : "");
    QCOMPARE(QString::fromStdString(run.output), QString("104 1 42 2.50 7 1 args.c (nil)\n"));
}

void tst_Interpreter::standardStreamsAndSleep() {
    const auto p = load("streams.c", R"(#include <math.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    fprintf(stdout, "out %d\n", 1);
    fprintf(stderr, "err %s\n", "x");
    fputs("puts\n", stdout);
    fputc('c', stderr);
    putc('\n', stdout);
    fflush(stdout);
    sleep(1);
    usleep(10);
    printf("%.1f %.1f %.1f %.1f\n", round(2.5), trunc(-2.7), fmin(1, 2), fmax(1, 2));
    FILE *f = (FILE *)&f;
    fputs("nowhere", f);
    return 0;
}
)");
    const auto run = runOnce(p);
    QCOMPARE(QString::fromStdString(run.output), QString("out 1\nerr x\nputs\nc\n3.0 -2.0 1.0 2.0\n"));
    QVERIFY(run.execution.fault);
    QVERIFY2(QString::fromStdString(run.execution.fault->message).endsWith("streams.c:15:5: fputs: only stdout and stderr are supported streams"),
             run.execution.fault->message.c_str());
}

void tst_Interpreter::snapshotRestoresState() {
    const auto p = load("snap.c", R"(#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n;
int main(void) {
    pthread_mutex_lock(&m);
    printf("first %d\n", ++n);
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    printf("second %d\n", ++n);
    pthread_mutex_unlock(&m);
    return 0;
}
)");
    interpreter::Interpreter machine(p);
    ThreadNaming naming;
    machine.restart(naming);
    machine.execute(0); // start: runs to the first lock
    machine.execute(0); // lock: prints "first 1", stops at the unlock
    const interpreter::InterpreterState snapshot = machine.state();
    QCOMPARE(QString::fromStdString(machine.output()), QString("first 1\n"));
    while (machine.pending(0))
        machine.execute(0);
    QCOMPARE(QString::fromStdString(machine.output()), QString("first 1\nsecond 2\n"));
    machine.restore(snapshot);
    QCOMPARE(machine.pending(0)->action.kind, ActionKind::MutexUnlock);
    while (machine.pending(0))
        machine.execute(0);
    QCOMPARE(QString::fromStdString(machine.output()), QString("first 1\nsecond 2\n"));
    QVERIFY(!machine.fault());
}

void tst_Interpreter::callStackShowsSourceLines() {
    const auto p = load("stack.c", R"(#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static void inner(void) {
    pthread_mutex_lock(&m);
}
static void outer(void) {
    inner();
}
int main(void) {
    outer();
    return 0;
}
)");
    interpreter::Interpreter machine(p);
    ThreadNaming naming;
    machine.restart(naming);
    machine.execute(0);
    const auto frames = machine.callStack(0);
    QCOMPARE(frames.size(), 3u);
    const char *names[] = {"inner", "outer", "main"};
    const unsigned lines[] = {4, 7, 10};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(QString::fromStdString(p.functions[frames[i].function].name), QString(names[i]));
        QCOMPARE(frames[i].spot.line, lines[i]);
    }
    QCOMPARE(machine.describeAddress(machine.pending(0)->action.object), std::string("'m'"));
}

void tst_Interpreter::longLoopMatchesNative() {
    // About 8 million instructions without a visible action (the default step bound is 10 million);
    // the value is what the same file prints when built natively.
    const auto p = load("loop.c", "#include <stdio.h>\nint main(void) {\n  unsigned s = 0;\n"
                                  "  for (unsigned i = 0; i < 900000; i++)\n    s += i * i ^ (s >> 3);\n"
                                  "  printf(\"%u\\n\", s);\n  return 0;\n}\n");
    const auto run = runOnce(p);
    QVERIFY(!run.execution.fault);
    QCOMPARE(QString::fromStdString(run.output), QString("582162627\n"));
}

void tst_Interpreter::stepsLineByLineAndPausesAtABreakpoint() {
    const program::Program p = load("lines.c", R"(int g;
int twice(int v) {
  return 2 * v;
}
int main(void) {
  g = 1;
  g = twice(g);
  g = g * 3;
  return g - 6;
}
)");
    using interpreter::LocalStop;
    auto lineOf = [&](const interpreter::Interpreter &m) { return m.callStack(ThreadNaming::kMain).front().spot.line; };
    ThreadNaming naming;
    interpreter::Interpreter machine(p);
    machine.restart(naming);
    QVERIFY(machine.performAction(ThreadNaming::kMain)); // main's start: its code follows
    QVERIFY(machine.isInside(ThreadNaming::kMain));
    // Step over lines: pause whenever main's innermost frame is at a new line of main (depth 1).
    std::vector<std::uint32_t> lines{lineOf(machine)};
    std::uint32_t last = lines.back();
    const interpreter::PauseBefore nextLine = [&](const interpreter::ThreadState &t) {
        const auto &f = t.stack.top();
        const std::uint32_t line = p.sourceMap.spotOf(f.function, f.pc).line;
        return t.stack.frames.size() == 1 && line != 0 && line != last;
    };
    while (machine.runLocal(ThreadNaming::kMain, nextLine) == LocalStop::Paused) {
        last = lineOf(machine);
        lines.push_back(last);
    }
    QCOMPARE(lines, (std::vector<std::uint32_t>{6, 7, 8, 9}));
    QVERIFY(!machine.isInside(ThreadNaming::kMain));
    QCOMPARE(machine.pending(ThreadNaming::kMain)->action.kind, ActionKind::ThreadExit);
    QVERIFY(!machine.fault());

    // A breakpoint inside the callee, then straight on to the next action: same end state as execute().
    machine.restart(naming);
    QVERIFY(machine.performAction(ThreadNaming::kMain));
    const interpreter::PauseBefore inTwice = [&](const interpreter::ThreadState &t) {
        const auto &f = t.stack.top();
        return p.sourceMap.spotOf(f.function, f.pc).line == 3;
    };
    QCOMPARE(machine.runLocal(ThreadNaming::kMain, inTwice), LocalStop::Paused);
    QCOMPARE(machine.callStack(ThreadNaming::kMain).size(), 2u); // main -> twice
    QCOMPARE(lineOf(machine), 3u);
    QCOMPARE(machine.runLocal(ThreadNaming::kMain), LocalStop::AtAction);
    interpreter::Interpreter straight(p);
    straight.restart(naming);
    straight.execute(ThreadNaming::kMain);
    QCOMPARE(machine.state().memory.objectAt(p.findGlobal("g") ? program::globalPointer(*p.findGlobal("g")) : 0)->bytes,
             straight.state().memory.objectAt(program::globalPointer(*p.findGlobal("g")))->bytes);
}

QTEST_GUILESS_MAIN(tst_Interpreter)
#include "tst_Interpreter.moc"
