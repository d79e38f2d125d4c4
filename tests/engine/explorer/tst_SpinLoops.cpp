// SPDX-License-Identifier: MIT
// Spin loops and awaits (issue 12, README "Spin loops"; engine/unfolding/README.md "Spin loops and
// awaits"): the model programs with spins (tests/model/programs/SpinLoops.cpp) explored under every
// policy match the brute-force enumerator, configurations, cut runs, events and livelocks; the C
// programs they mirror (tests/programs/sc_spin_mutex, spin_loops) match the same enumeration, so
// the interpreter recognises exactly the iterations the models declare; verdicts of the four
// mutual-exclusion algorithms; livelocks in the debugger and, silently, in SV-COMP mode.
#include "tests/engine/interpreter/CProgram.hpp"
#include "tests/model/InterleavingEnumerator.hpp"
#include "tests/model/ModelExploration.hpp"
#include "tests/model/Programs.hpp"

#include <QtTest>

#include <algorithm>
#include <functional>

using namespace weft;
using namespace weft::model;

namespace {

const std::string kPrograms = WEFT_TEST_PROGRAMS;

struct SpinCase {
    const char *name;
    std::function<std::unique_ptr<ModelProgram>()> model;
    std::string file;
    std::string define;
};

std::vector<SpinCase> spinCases() {
    std::vector<SpinCase> out;
    const char *protocols[] = {"peterson", "dekker", "bakery", "szymanski", "broken"};
    for (int p = 0; p < 5; ++p)
        out.push_back({protocols[p], [p] { return makeSpinMutex(SpinProtocol(p)); },
                       kPrograms + "/sc_spin_mutex/sc_spin_mutex.c", "PROTOCOL=" + std::to_string(p)});
    const char *variants[] = {"handshake", "forever", "", "nested", "cas-lock", "exchange-lock"};
    for (int v : {0, 1, 3, 4, 5})
        out.push_back({variants[v], [v] { return makeSpinLoops(v); }, kPrograms + "/spin_loops/spin_loops.c",
                       "VARIANT=" + std::to_string(v)});
    const char *polls[] = {"locked handshake", "locked forever", "locked after a trylock", "locked twice"};
    for (int v = 0; v < 4; ++v)
        out.push_back({polls[v], [v] { return makeLockedSpin(v); }, kPrograms + "/locked_spin/locked_spin.c",
                       "VARIANT=" + std::to_string(v)});
    return out;
}

bool hasDefect(const ExplorationResult &r, DefectKind kind) {
    return std::any_of(r.defects.begin(), r.defects.end(), [kind](const Defect &d) { return d.kind == kind; });
}

EnumerationResult enumerate(ModelProgram &program) {
    ModelMachine machine(program);
    return InterleavingEnumerator(machine, InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
}

} // namespace

class tst_SpinLoops : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void modelsMatchBruteForce_data();
    void modelsMatchBruteForce();
    void cProgramsMatchModels_data();
    void cProgramsMatchModels();
    void mutualExclusionVerdicts();
    void livelockReports();
    void livelocksEndSilently();
    void spinThroughAFunction();
    void livelockNamesPointerValues();
    void reReadLoops();

private:
    testing::ScratchSources m_sources;
};

void tst_SpinLoops::modelsMatchBruteForce_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<int>("policy");
    const auto cases = spinCases();
    for (int i = 0; i < int(cases.size()); ++i)
        for (int policy : {0, 1, 2, -1})
            QTest::addRow("%s k=%d", cases[std::size_t(i)].name, policy) << i << policy;
}

void tst_SpinLoops::modelsMatchBruteForce() {
    QFETCH(int, index);
    QFETCH(int, policy);
    const SpinCase c = spinCases()[std::size_t(index)];
    auto program = c.model();
    const EnumerationResult expected = enumerate(*program);
    QVERIFY(expected.complete && expected.divergences == 0);
    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    const ExplorationResult r = exploreModel(*program, options);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(hasDefect(r, DefectKind::AssertionFailure), expected.faults > 0);
    // A failed assertion ends the program once no other thread can move (a ProgramEnd): the
    // enumerator's failing runs are maximal traces like the explorer's.
    QCOMPARE(r.statistics.maximalConfigurations + r.statistics.assumeBlocked, expected.traces);
    QCOMPARE(r.statistics.assumeBlocked, expected.assumeBlocked);
    QCOMPARE(r.statistics.events, expected.events);
    QCOMPARE(hasDefect(r, DefectKind::Livelock), expected.livelocks > 0);
    if (policy == 0)
        QCOMPARE(r.statistics.sleepSetBlocked, std::uint64_t{0});
}

void tst_SpinLoops::cProgramsMatchModels_data() {
    QTest::addColumn<int>("index");
    const auto cases = spinCases();
    for (int i = 0; i < int(cases.size()); ++i)
        QTest::newRow(cases[std::size_t(i)].name) << i;
}

void tst_SpinLoops::cProgramsMatchModels() {
    QFETCH(int, index);
    const SpinCase c = spinCases()[std::size_t(index)];
    auto program = c.model();
    const EnumerationResult expected = enumerate(*program);
    const auto p = testing::loadC(c.file, {c.define});
    QVERIFY2(p, testing::diagnosticsOf(p).c_str());
    interpreter::InterpreterOptions options;
    options.model = interpreter::MemoryModel::Sc;
    const ExplorationResult r = testing::explore(*p, {}, options);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.maximalConfigurations + r.statistics.assumeBlocked, expected.traces);
    QCOMPARE(r.statistics.assumeBlocked, expected.assumeBlocked);
    QCOMPARE(r.statistics.events, expected.events);
    QCOMPARE(hasDefect(r, DefectKind::Livelock), expected.livelocks > 0);
    QCOMPARE(hasDefect(r, DefectKind::AssertionFailure), expected.faults > 0);
}

void tst_SpinLoops::mutualExclusionVerdicts() {
    // Spins without a bound terminate in sc, with the textbook verdicts.
    for (int protocol = 0; protocol < 5; ++protocol) {
        const auto p = testing::loadC(kPrograms + "/sc_spin_mutex/sc_spin_mutex.c", {"PROTOCOL=" + std::to_string(protocol)});
        QVERIFY2(p, testing::diagnosticsOf(p).c_str());
        interpreter::InterpreterOptions options;
        options.model = interpreter::MemoryModel::Sc;
        const ExplorationResult r = testing::explore(*p, {}, options);
        QCOMPARE(r.stopReason, StopReason::Completed);
        QCOMPARE(hasDefect(r, DefectKind::AssertionFailure), protocol == 4);
        QCOMPARE(hasDefect(r, DefectKind::Livelock), false);
        QCOMPARE(hasDefect(r, DefectKind::StepBound), false);
    }
}

void tst_SpinLoops::livelockReports() {
    const std::string file = kPrograms + "/spin_loops/spin_loops.c";
    interpreter::InterpreterOptions sc;
    sc.model = interpreter::MemoryModel::Sc;
    // A spin on a local copy: T1 reads turn before main clears it (livelock at once) or after.
    const auto local = testing::loadC(file, {"VARIANT=2"});
    QVERIFY(local);
    ExplorationResult r = testing::explore(*local, {}, sc);
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{2});
    QVERIFY(hasDefect(r, DefectKind::Livelock));
    const auto livelock = std::find_if(r.defects.begin(), r.defects.end(),
                                       [](const Defect &d) { return d.kind == DefectKind::Livelock; });
    QVERIFY2(livelock->message.find("spin_loops.c:52") != std::string::npos, livelock->message.c_str());
    QVERIFY2(livelock->message.find("loops forever") != std::string::npos, livelock->message.c_str());
    // A spin nobody ends: the location of the loop and the value it waits on.
    const auto unended = testing::loadC(file, {"VARIANT=1"});
    QVERIFY(unended);
    r = testing::explore(*unended, {}, sc);
    QVERIFY(hasDefect(r, DefectKind::Livelock));
    const std::string &message = r.defects.front().message;
    QVERIFY2(message.find("T1 spins forever at") != std::string::npos &&
                 message.find("spin_loops.c:45") != std::string::npos &&
                 message.find("'flag' = 0") != std::string::npos &&
                 message.find("T0 waits to join T1") != std::string::npos,
             message.c_str());
    // Under sync a spin on shared memory cannot be explored: a livelock that says so, not a hang.
    const auto handshake = testing::loadC(file, {"VARIANT=0"});
    QVERIFY(handshake);
    r = testing::explore(*handshake);
    QCOMPARE(r.defects.size(), std::size_t{1});
    QCOMPARE(r.defects.front().kind, DefectKind::Livelock);
    QVERIFY2(r.defects.front().message.find("--model sc") != std::string::npos, r.defects.front().message.c_str());
}

void tst_SpinLoops::livelocksEndSilently() {
    // weft svcomp's semantics: a livelock cuts the path (counted assume-blocked), nothing reported.
    interpreter::InterpreterOptions options;
    options.model = interpreter::MemoryModel::Sc;
    options.livelocksEndSilently = true;
    for (const char *variant : {"VARIANT=1", "VARIANT=2"}) {
        const auto p = testing::loadC(kPrograms + "/spin_loops/spin_loops.c", {variant});
        QVERIFY(p);
        const ExplorationResult r = testing::explore(*p, {}, options);
        QVERIFY2(r.defects.empty(), variant);
        QVERIFY2(r.statistics.assumeBlocked > 0, variant);
    }
}

void tst_SpinLoops::spinThroughAFunction() {
    // A spin whose condition a function of the program computes (divine's ring: `if
    // (ring_empty(r)) continue;`) is the same await as the condition written inline: the call
    // returns within the iteration and changes nothing. Same executions, events and verdict.
    const std::string text = R"(#include <pthread.h>
#include <assert.h>
_Atomic int flag; int data;
int ready(_Atomic int *f) { return *f != 0; }
void *w(void *a) { data = 42; flag = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0);
  while (!(READY)) {}
  assert(data == 42); pthread_join(t, 0); return 0; })";
    auto program = [&](const std::string &ready) {
        std::string source = text;
        source.replace(source.find("READY"), 5, ready);
        return m_sources.load("spin_" + std::to_string(ready.size()) + ".c", source);
    };
    interpreter::InterpreterOptions sc;
    sc.model = interpreter::MemoryModel::Sc;
    const ExplorationResult inlined = testing::explore(program("flag != 0"), {}, sc);
    const ExplorationResult called = testing::explore(program("ready(&flag)"), {}, sc);
    QCOMPARE(inlined.stopReason, StopReason::Completed);
    QCOMPARE(called.stopReason, StopReason::Completed);
    QVERIFY2(inlined.defects.empty(), inlined.defects.empty() ? "" : inlined.defects.front().message.c_str());
    QVERIFY2(called.defects.empty(), called.defects.empty() ? "" : called.defects.front().message.c_str());
    QCOMPARE(called.statistics.maximalConfigurations, inlined.statistics.maximalConfigurations);
    QCOMPARE(called.statistics.assumeBlocked, inlined.statistics.assumeBlocked);
    QCOMPARE(called.statistics.events, inlined.statistics.events);
}

void tst_SpinLoops::livelockNamesPointerValues() {
    // The values a livelock waits on are named as the variables pane names them: a pointer variable's
    // as what it points to (Nidhugg's plptest_risk_of_segfault, session 17: "'xp' = 402653184", the
    // number encoding &x), an integer's as a number, also an 8-byte one.
    const program::Program p = m_sources.load("pointer_spin.c", R"(#include <pthread.h>
_Atomic int x; _Atomic int *_Atomic xp = &x; _Atomic long n = 402653184; int cells[4]; int *_Atomic at = &cells[2];
void *w(void *a) { x = (int)x; return a; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0);
  while ((*xp < 3) | (n < 0) | (*at != 0)) {}
  return 0; })");
    interpreter::InterpreterOptions sc;
    sc.model = interpreter::MemoryModel::Sc;
    const ExplorationResult r = testing::explore(p, {}, sc);
    QVERIFY(hasDefect(r, DefectKind::Livelock));
    const std::string &message = r.defects.front().message;
    QVERIFY2(message.find("waiting for 'xp' = → 'x', 'x' = 0, 'n' = 402653184, 'at' = → 'cells[2]', 'cells[2]' = 0 to "
                          "change") != std::string::npos,
             message.c_str());
}

void tst_SpinLoops::reReadLoops() {
    // `a = x; while (a != 0) a = x;`: the head's phi only feeds its test, so an iteration that goes on
    // is enough (engine/unfolding/README.md, "Spin loops and awaits"). x = 1; the writer stores 2, 3,
    // 0 (y = 1 before the 0, or after it with LATE_Y). Counted by hand: the first read sees 1, 2, 3 or
    // 0 (0: leave, 1 run); then one iteration reads the same write or a later one: 4 + 3 + 2 = 9 runs,
    // 3 of them reading the 0 and leaving (maximal), 6 awaiting the next write (cut). Before the rule,
    // each later distinct value read meant one more iteration: 15 runs.
    const std::string text = R"(#include <assert.h>
#include <pthread.h>
_Atomic int x = 1, y;
void *writer(void *arg) {
  x = 2;
#ifdef LATE_Y
  x = 0; y = 1;
#else
  x = 3; y = 1; x = 0;
#endif
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  int a = x, first = a, previous = -1;
  while (a != 0) {
#ifdef HISTORY
    previous = a;
#endif
    a = x;
  }
  assert(y == 1);
  assert(!(first == 2 && previous == 3));
  pthread_join(t, 0);
  return 0;
})";
    const auto p = m_sources.load("reread.c", text);
    interpreter::InterpreterOptions sc;
    sc.model = interpreter::MemoryModel::Sc;
    ExplorationResult r = testing::explore(p, {}, sc);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QVERIFY2(r.defects.empty(), r.defects.empty() ? "" : r.defects.front().message.c_str());
    QCOMPARE(r.statistics.maximalConfigurations, std::uint64_t{4});
    QCOMPARE(r.statistics.assumeBlocked, std::uint64_t{6});
    // y = 1 after the 0: leaving the loop before it fails the first assertion. The writer's last
    // write still comes before the failure ends the program, so main's reads read it too: 9 runs,
    // as many as the brute-force enumerator's traces.
    const auto late = testing::loadC(m_sources.write("reread_late.c", text), {"LATE_Y"});
    QVERIFY(late);
    r = testing::explore(*late, {}, sc);
    QVERIFY(hasDefect(r, DefectKind::AssertionFailure));
    QCOMPARE(r.statistics.maximalConfigurations + r.statistics.assumeBlocked, std::uint64_t{9});
    interpreter::Interpreter machine(*late, sc);
    const EnumerationResult truth =
        InterleavingEnumerator(machine, InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
    QVERIFY(truth.complete && truth.faults > 0);
    QCOMPARE(r.statistics.maximalConfigurations + r.statistics.assumeBlocked, truth.traces);
    QCOMPARE(r.statistics.events, truth.events);
    // A phi the iteration also carries (`previous`) keeps the loop out of the rule: the second
    // assertion only fails after two iterations that go on (reads 2, 3, 0), and it is found.
    const auto history = testing::loadC(m_sources.write("reread_history.c", text), {"HISTORY"});
    QVERIFY(history);
    r = testing::explore(*history, {}, sc);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.defects.size(), std::size_t{1});
    QVERIFY2(r.defects.front().message.find("previous == 3") != std::string::npos, r.defects.front().message.c_str());
}

QTEST_GUILESS_MAIN(tst_SpinLoops)
#include "tst_SpinLoops.moc"
