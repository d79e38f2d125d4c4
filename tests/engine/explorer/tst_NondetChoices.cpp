// SPDX-License-Identifier: MIT
// Nondeterministic inputs explored (issue 12, --nondet explore:LO..HI; engine/unfolding/README.md
// "Nondeterministic choices"): schedules carry the values chosen, every value of a call's domain is
// explored (bool and char exhaustively), counts match the brute-force enumerator on model programs,
// and a counterexample's schedule replays the failing values. Random programs with input branches
// are checked by tst_BruteForce and tst_CProgramsMatchModels (family 6).
#include "tests/engine/interpreter/CProgram.hpp"
#include "tests/model/InterleavingEnumerator.hpp"
#include "tests/model/ModelExploration.hpp"

#include <QtTest>

#include <algorithm>

using namespace weft;
using namespace weft::model;
using weft::testing::ScratchSources;

namespace {

interpreter::InterpreterOptions exploring(std::int64_t lo, std::int64_t hi) {
    interpreter::InterpreterOptions o;
    o.nondet = interpreter::NondetSource::Explore;
    o.nondetLo = lo;
    o.nondetHi = hi;
    return o;
}

/// Two workers each write a nondet value 0..2 to x (racy, sc); main joins them and checks x != 2
/// unless both chose 2 ... : the values and the write order both matter.
class TwoInputs final : public ModelProgram {
public:
    std::string name() const override { return "two-inputs"; }
    ModelTask main(ModelThread &self) override {
        const auto a = ThreadId(co_await self.create([](ModelThread &t) { return worker(t); }));
        const auto b = ThreadId(co_await self.create([](ModelThread &t) { return worker(t); }));
        co_await self.join(a);
        co_await self.join(b);
        const auto x = std::int64_t(co_await self.read(kX));
        co_await self.check(x != 1, "x != 1");
    }

private:
    enum { kX = 1 };
    static ModelTask worker(ModelThread &self) {
        const auto v = std::int64_t(co_await self.nondet(0, 2));
        if (v != 0)
            co_await self.write(kX, v);
    }
};

} // namespace

class tst_NondetChoices : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void scheduleText();
    void modelMatchesBruteForce_data();
    void modelMatchesBruteForce();
    void everyValueOfARange();
    void boolAndCharExhaustively();
    void zeroStaysTheDefault();
    void assumedRangeExactly_data();
    void assumedRangeExactly();
    void loopsThatChoose_data();
    void loopsThatChoose();

private:
    ScratchSources m_sources;
};

void tst_NondetChoices::scheduleText() {
    auto s = Schedule::parse("0*3, 1=2,1*2,0=-5");
    QVERIFY(s);
    QCOMPARE(s->replay, (std::vector<ThreadId>{0, 0, 0, 1, 1, 1, 0}));
    QCOMPARE(s->choices, (std::vector<std::pair<std::size_t, std::int64_t>>{{3, 2}, {6, -5}}));
    QCOMPARE(s->toString(), std::string("0*3,1=2,1*2,0=-5"));
    QCOMPARE(s->choiceAt(3), std::optional<std::int64_t>(2));
    QCOMPARE(s->choiceAt(4), std::optional<std::int64_t>());
    for (const char *bad : {"1=", "1=x", "1*2=3", "=4"})
        QVERIFY2(!Schedule::parse(bad), bad);
}

void tst_NondetChoices::modelMatchesBruteForce_data() {
    QTest::addColumn<int>("policy");
    for (int policy : {0, 1, 2, -1})
        QTest::addRow("k=%d", policy) << policy;
}

void tst_NondetChoices::modelMatchesBruteForce() {
    QFETCH(int, policy);
    TwoInputs program;
    ModelMachine machine(program);
    const EnumerationResult expected =
        InterleavingEnumerator(machine, InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
    QVERIFY(expected.complete && expected.divergences == 0);
    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    const ExplorationResult r = exploreModel(program, options);
    QCOMPARE(r.stopReason, StopReason::Completed);
    // The check fails only when the last write is 1: the failing runs end with the check's
    // ProgramEnd once no other thread can move, maximal traces like the others (counted in faults too).
    QCOMPARE(r.statistics.maximalConfigurations, expected.traces);
    QCOMPARE(r.statistics.events, expected.events);
    QVERIFY(expected.faults > 0);
    QVERIFY(std::any_of(r.defects.begin(), r.defects.end(),
                        [](const Defect &d) { return d.kind == DefectKind::AssertionFailure; }));
    if (policy == 0)
        QCOMPARE(r.statistics.sleepSetBlocked, std::uint64_t{0});
}

void tst_NondetChoices::everyValueOfARange() {
    const program::Program p = m_sources.load("range.c", R"(
#include <assert.h>
int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x != 2);
    return 0;
})");
    const ExplorationResult r = testing::explore(p, {}, exploring(-1, 3));
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{5}); // -1, 0, 1, 2, 3
    QCOMPARE(r.defects.size(), std::size_t{1});
    const Defect &d = r.defects.front();
    QCOMPARE(d.kind, DefectKind::AssertionFailure);
    QCOMPARE(d.schedule.toString(), std::string("0,0=2,0")); // start, the choice, the failure's end
    // The counterexample replays: its schedule chooses 2 again.
    const testing::SingleRun run = testing::runOnce(p, d.schedule, exploring(-1, 3));
    QVERIFY(run.execution.fault);
    QCOMPARE(run.execution.fault->kind, DefectKind::AssertionFailure);
    QCOMPARE(run.execution.actions.back().kind, ActionKind::ProgramEnd);
    QCOMPARE(run.execution.actions.end()[-2].value, std::int64_t{2});
}

void tst_NondetChoices::boolAndCharExhaustively() {
    // Whatever the range: bool has 2 values, char 256 (the char call only when the bool is true).
    const program::Program p = m_sources.load("boolchar.c", R"(
_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
void __VERIFIER_error(void);
int main(void) {
    if (__VERIFIER_nondet_bool() && __VERIFIER_nondet_char() == 'A')
        __VERIFIER_error();
    return 0;
})");
    const ExplorationResult r = testing::explore(p, {}, exploring(0, 0));
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{1 + 256});
    QCOMPARE(r.defects.size(), std::size_t{1});
    QCOMPARE(r.defects.front().schedule.toString(), std::string("0,0=1,0=65,0"));
}

void tst_NondetChoices::zeroStaysTheDefault() {
    const program::Program p = m_sources.load("zero.c", R"(
int __VERIFIER_nondet_int(void);
void __VERIFIER_error(void);
int main(void) {
    if (__VERIFIER_nondet_int() != 0)
        __VERIFIER_error();
    return 0;
})");
    const ExplorationResult r = testing::explore(p);
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{1});
    QVERIFY(r.defects.empty());
    const ExplorationResult explored = testing::explore(p, {}, exploring(0, 1));
    QCOMPARE(explored.statistics.maximalConfigurations, std::uint64_t{2});
    QCOMPARE(explored.defects.size(), std::size_t{1});
}

void tst_NondetChoices::assumedRangeExactly_data() {
    // Under SV-COMP semantics a wide input is explored over exactly the values the checks right after
    // it let through (program::AssumedRange; docs/svcomp.md): one execution per value of the range
    // (those of it the checks still cut included), else the option's range -1..16 (18 executions).
    QTest::addColumn<QString>("body");
    QTest::addColumn<int>("executions");
    QTest::addRow("volatile variable read back") << R"(volatile int n;
int main(void) { n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 20 && n < 40); return n == 7; })"
                                                 << 20;
    QTest::addRow("through a function") << R"(void assume_abort_if_not(int c) { if (!c) abort(); }
int main(void) { int k = __VERIFIER_nondet_int(); assume_abort_if_not(k > -5 && k <= 200); return k == 7; })"
                                        << 205;
    QTest::addRow("switch, cut values inside") << R"(int main(void) { int k = __VERIFIER_nondet_int();
switch (k) { case 3: case 7: break; default: abort(); } return k; })"
                                               << 5;
    QTest::addRow("short, negative") << R"(short __VERIFIER_nondet_short(void);
int main(void) { short s = __VERIFIER_nondet_short(); __VERIFIER_assume(s < -100 && s > -110); return s; })"
                                     << 9;
    QTest::addRow("stored, then checked twice") << R"(int g;
int main(void) { int k = __VERIFIER_nondet_int(); g = k; __VERIFIER_assume(g >= 0); __VERIFIER_assume(k < 4); return g; })"
                                                << 4;
    QTest::addRow("used before the check") << R"(void reach_error(void);
int main(void) { int k = __VERIFIER_nondet_int(); if (k == 1000) reach_error(); __VERIFIER_assume(k >= 0 && k < 4); return k; })"
                                           << 18;
    QTest::addRow("arithmetic before the check")
        << R"(int main(void) { int k = __VERIFIER_nondet_int(); __VERIFIER_assume(k * 2 >= 0 && k < 4); return k; })"
        << 18;
    QTest::addRow("read back once a thread exists") << R"(#include <pthread.h>
volatile int n; void *w(void *a) { return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0);
  n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 20 && n < 40); return 0; })"
                                                    << 18;
    QTest::addRow("a local once a thread exists") << R"(#include <pthread.h>
void *w(void *a) { return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0);
  int k = __VERIFIER_nondet_int(); __VERIFIER_assume(k >= 20 && k < 40); return 0; })"
                                                  << 20;
}

void tst_NondetChoices::assumedRangeExactly() {
    QFETCH(QString, body);
    QFETCH(int, executions);
    const std::string header = "#include <stdlib.h>\nint __VERIFIER_nondet_int(void);\nvoid __VERIFIER_assume(int);\n";
    const program::Program p = m_sources.load("assumed.c", header + body.toStdString() + "\n");
    interpreter::InterpreterOptions svcomp = exploring(-1, 16);
    svcomp.svcompSemantics = true;
    const ExplorationResult r = testing::explore(p, {}, svcomp);
    QCOMPARE(r.statistics.executions, std::uint64_t(executions));
    // weft explore keeps the option's range whatever the checks say.
    const ExplorationResult debugger = testing::explore(p, {}, exploring(-1, 16));
    QCOMPARE(debugger.statistics.executions, std::uint64_t{18});
}

void tst_NondetChoices::loopsThatChoose_data() {
    QTest::addColumn<int>("form");
    QTest::addColumn<int>("sc");
    QTest::addColumn<int>("policy");
    for (int sc : {0, 1})
        for (int policy : {0, 1, -1})
            for (int form : {0, 1, 2})
                QTest::addRow("form %d %s k=%d", form, sc ? "sc" : "sync", policy) << form << sc << policy;
}

void tst_NondetChoices::loopsThatChoose() {
    // A loop that chooses (engine/unfolding/README.md, "Spin loops and awaits", "Loops that choose"): an
    // iteration that comes back to the loop head with nothing changed but its choices is cut, so the first run
    // ends instead of choosing the same value to the action bound (4M actions, GB of memory before session 18;
    // ldv race-4_x, the users' item E). Form 0: `while (1) switch (nondet)` whose case 1 stores the value
    // already there from its second time on (and others do nothing); 1: `while (nondet) {}`; 2: an iteration
    // that locks, stores the value already there, checks it and unlocks, beside a thread that stores another
    // value (sc: the check fails between). Every form completes, finds its defect, and its
    // counts equal the brute-force enumerator's on the same interpreter.
    QFETCH(int, form);
    QFETCH(int, sc);
    QFETCH(int, policy);
    const program::Program p = m_sources.load("choosing.c", "#define FORM " + std::to_string(form) + R"(
#include <assert.h>
#include <pthread.h>
int __VERIFIER_nondet_int(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x, y;
void *chooser(void *arg) {
#if FORM == 0
    while (1)
        switch (__VERIFIER_nondet_int()) {
        case 1: x = 1; break;
        case 2: return 0;
        }
#elif FORM == 1
    while (__VERIFIER_nondet_int()) {
    }
    x = 1;
#else
    while (1)
        switch (__VERIFIER_nondet_int()) {
        case 1:
            pthread_mutex_lock(&m);
            y = 6;
            assert(y == 6);
            pthread_mutex_unlock(&m);
            break;
        case 2: return 0;
        }
#endif
    return 0;
}
void *other(void *arg) { y = 7; return 0; }
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, chooser, 0);
#if FORM == 2
    pthread_create(&b, 0, other, 0);
    pthread_join(b, 0);
#else
    int v = x;
    assert(v != 1);
#endif
    pthread_join(a, 0);
    return 0;
})");
    interpreter::InterpreterOptions o = exploring(-1, 3);
    o.model = sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;
    interpreter::Interpreter machine(p, o);
    const EnumerationResult expected =
        InterleavingEnumerator(machine, InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
    QVERIFY(expected.complete && expected.divergences == 0);
    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    const ExplorationResult r = testing::explore(p, options, o);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.maximalConfigurations + r.statistics.assumeBlocked, expected.traces);
    QCOMPARE(r.statistics.assumeBlocked, expected.assumeBlocked);
    QCOMPARE(r.statistics.events, expected.events);
    QVERIFY(r.statistics.assumeBlocked > 0); // the cut runs
    // Sync runs local code unbroken: the unsynchronised accesses are a race there.
    const DefectKind kind = sc ? DefectKind::AssertionFailure : DefectKind::DataRace;
    QVERIFY(std::any_of(r.defects.begin(), r.defects.end(), [&](const Defect &d) { return d.kind == kind; }));
    if (policy == 0)
        QCOMPARE(r.statistics.sleepSetBlocked, std::uint64_t{0});
}

QTEST_GUILESS_MAIN(tst_NondetChoices)
#include "tst_NondetChoices.moc"
