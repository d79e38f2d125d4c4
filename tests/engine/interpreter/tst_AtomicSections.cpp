// SPDX-License-Identifier: MIT
// Atomic sections (engine/interpreter/AtomicSections.cpp; engine/unfolding/README.md, "Atomic
// sections"): __VERIFIER_atomic_begin/end and __VERIFIER_atomic_* functions in both models. Every
// count is the explorer's and must equal the brute-force enumerator's (tests/model) run on the same
// interpreter; what atomicity forbids (an update lost inside a section, a read between two writes of
// one section) never happens, what it allows does; blocking inside a section as documented.
#include "engine/debugger/ProgramExploration.hpp"
#include "tests/engine/interpreter/CProgram.hpp"
#include "tests/model/InterleavingEnumerator.hpp"
#include "tests/model/ModelExploration.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::testing;

namespace {

using interpreter::MemoryModel;

interpreter::InterpreterOptions options(MemoryModel model) {
    interpreter::InterpreterOptions o;
    o.model = model;
    o.races = interpreter::RaceMode::Ignore;
    // Inputs are choices (bool wholly); a program without __VERIFIER_nondet_* calls has none.
    o.nondet = interpreter::NondetSource::Explore;
    return o;
}

const Defect *find(const ExplorationResult &r, DefectKind kind) {
    for (const Defect &d : r.defects)
        if (d.kind == kind)
            return &d;
    return nullptr;
}

/// The C text of a main that runs each of `functions` (void *f(void *)) as a thread, joins them all,
/// then runs `after`.
std::string mainRunning(std::initializer_list<const char *> functions, const std::string &after = {}) {
    std::string text = "int main(void) {\n    pthread_t t[" + std::to_string(functions.size()) + "];\n";
    int i = 0;
    for (const char *f : functions)
        text += "    pthread_create(&t[" + std::to_string(i++) + "], 0, " + f + ", 0);\n";
    for (int j = 0; j < i; ++j)
        text += "    pthread_join(t[" + std::to_string(j) + "], 0);\n";
    return text + after + "    return 0;\n}\n";
}

MemoryModel modelOf(int sc) { return sc ? MemoryModel::Sc : MemoryModel::Sync; }

/// Explores `p` (sc: until the section objects are stable) and the brute-force enumerator on the same
/// interpreter and options. `mismatch` says how they differ: the maximal configurations (and
/// assume-blocked ones) must be the traces, the events the local configurations, and a program faults in
/// both or in neither (a fault is a ProgramEnd both run when no other thread can move; inside an atomic
/// section too, since session 18: engine/unfolding/README.md, "Program ends").
ExplorationResult exploreChecked(const program::Program &p, MemoryModel model, std::string &mismatch,
                                 unsigned *rounds = nullptr) {
    debugger::ProgramExploration exploration(p, options(model), ExplorationOptions{});
    ExplorationResult r = exploration.run();
    if (rounds)
        *rounds = exploration.rounds();
    interpreter::Interpreter machine(p, exploration.interpreterOptions());
    const model::EnumerationResult bf =
        model::InterleavingEnumerator(machine, model::InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
    const bool same = bf.traces == r.statistics.maximalConfigurations + r.statistics.assumeBlocked &&
                      bf.assumeBlocked == r.statistics.assumeBlocked && bf.events == r.statistics.events &&
                      (bf.faults > 0) == !r.defects.empty();
    if (!bf.complete || !same)
        mismatch = "explorer " + std::to_string(r.statistics.maximalConfigurations) + " configurations + " +
                   std::to_string(r.statistics.assumeBlocked) + " assume-blocked, " + std::to_string(r.statistics.events) +
                   " events, " + std::to_string(r.defects.size()) + " defects; brute force " + std::to_string(bf.traces) +
                   " traces, " + std::to_string(bf.assumeBlocked) + " assume-blocked, " + std::to_string(bf.events) +
                   " events, " + std::to_string(bf.faults) + " faults";
    return r;
}

const std::string kIncrements = R"(
#include <pthread.h>
#include <assert.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x;
#if FORM == 1
void __VERIFIER_atomic_inc(void) { x = x + 1; }
#elif FORM == 2
void __VERIFIER_atomic_twice(void) { __VERIFIER_atomic_begin(); x = x + 1; __VERIFIER_atomic_end(); }
#elif FORM == 4
// Returns with its section open (its end is dead code), as SV-COMP's safestack does: the section
// lasts until the caller's next end; the caller's begin while it is open does nothing.
int load(void) { __VERIFIER_atomic_begin(); return x; __VERIFIER_atomic_end(); }
#endif
void *worker(void *arg) {
#if FORM == 0
    __VERIFIER_atomic_begin(); int t = x; x = t + 1; __VERIFIER_atomic_end();
#elif FORM == 1
    __VERIFIER_atomic_inc();
#elif FORM == 2
    __VERIFIER_atomic_twice();
#elif FORM == 4
    int t = load(); x = t + 1; __VERIFIER_atomic_begin(); __VERIFIER_atomic_end();
#else
    int t = x; x = t + 1;
#endif
    return 0;
}
)" + mainRunning({"worker", "worker"}, "    assert(x == 2);\n");

} // namespace

class tst_AtomicSections : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_sources.reset()); }
    void incrementIsAtomic_data();
    void incrementIsAtomic();
    void sectionAgainstPlainAccesses_data();
    void sectionAgainstPlainAccesses();
    void sectionMatchesModelProgram();
    void readerWriterLock_data();
    void readerWriterLock();
    void assumeInsideSection_data();
    void assumeInsideSection();
    void blockingInsideSection_data();
    void blockingInsideSection();
    void endWithoutBegin();
    void choiceInsideSection_data();
    void choiceInsideSection();
    void choiceAfterSharedAccess_data();
    void choiceAfterSharedAccess();
    void endInsideSectionBesideOthers_data();
    void endInsideSectionBesideOthers();

private:
    ScratchSources m_sources;
};

void tst_AtomicSections::incrementIsAtomic_data() {
    QTest::addColumn<int>("form");
    QTest::addColumn<int>("model");
    QTest::addColumn<quint64>("configurations");
    QTest::addColumn<bool>("lost");
    for (int model : {0, 1}) {
        const char *m = model ? "sc" : "sync";
        // Two sections: either goes first. Without sections: sync sees no interleaving of the plain
        // accesses (one configuration, a race); sc sees the four of x = x + 1, two losing an update.
        QTest::addRow("begin/end %s", m) << 0 << model << quint64(2) << false;
        QTest::addRow("function %s", m) << 1 << model << quint64(2) << false;
        QTest::addRow("nested %s", m) << 2 << model << quint64(2) << false;
        QTest::addRow("left open by return %s", m) << 4 << model << quint64(2) << false;
    }
    QTest::addRow("no section sc") << 3 << 1 << quint64(4) << true;
}

void tst_AtomicSections::incrementIsAtomic() {
    QFETCH(int, form);
    QFETCH(int, model);
    QFETCH(quint64, configurations);
    QFETCH(bool, lost);
    auto p = loadC(m_sources.write("inc.c", kIncrements), {"FORM=" + std::to_string(form)});
    QVERIFY2(p, diagnosticsOf(p).c_str());
    std::string mismatch;
    const ExplorationResult r = exploreChecked(*p, modelOf(model), mismatch);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    QCOMPARE(r.statistics.maximalConfigurations, configurations);
    QCOMPARE(occurrences(r, DefectKind::AssertionFailure) > 0, lost);
    QCOMPARE(r.statistics.sleepSetBlocked, 0u);
    QVERIFY(r.defects.empty() || lost);
}

void tst_AtomicSections::sectionAgainstPlainAccesses_data() {
    QTest::addColumn<int>("model");
    QTest::addRow("sync") << 0;
    QTest::addRow("sc") << 1;
}

void tst_AtomicSections::sectionAgainstPlainAccesses() {
    // T1 writes x twice inside one section; main reads x without a section. The read sees 0 or 2,
    // never 1 (sc: two configurations, learnt in a second round once the section touched x). Under
    // sync the plain read is not an event: one configuration.
    QFETCH(int, model);
    const auto p = m_sources.load("plain.c", R"(
#include <pthread.h>
#include <assert.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x, seen0, seen2;
void *writer(void *arg) { __VERIFIER_atomic_begin(); x = 1; x = 2; __VERIFIER_atomic_end(); return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    int r = x;
    assert(r != 1);
    pthread_join(t, 0);
    return 0;
}
)");
    unsigned rounds = 0;
    std::string mismatch;
    const ExplorationResult r = exploreChecked(p, modelOf(model), mismatch, &rounds);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    QCOMPARE(occurrences(r, DefectKind::AssertionFailure), 0u);
    QCOMPARE(r.statistics.maximalConfigurations, model ? 2u : 1u);
    QCOMPARE(rounds, model ? 2u : 1u);
}

void tst_AtomicSections::sectionMatchesModelProgram() {
    // The same program as a model program (tests/model) in the sc reading: the section is one write
    // of one location, main's plain read a read of it; brute force over the model counts 2 traces.
    struct Program final : model::ModelProgram {
        std::string name() const override { return "section"; }
        model::ModelTask main(model::ModelThread &self) override {
            const ThreadId t = ThreadId(co_await self.create([](model::ModelThread &w) -> model::ModelTask {
                co_await w.write(0, 2);
            }));
            co_await self.read(0);
            co_await self.join(t);
        }
    } program;
    model::ModelMachine machine(program);
    const auto bf = model::InterleavingEnumerator(machine, model::InterleavingEnumerator::Mode::AllInterleavings).run();
    const auto p = m_sources.load("same.c", R"(
#include <pthread.h>
int x;
void __VERIFIER_atomic_set(void) { x = 1; x = 2; }
void *writer(void *arg) { __VERIFIER_atomic_set(); return 0; }
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    int r = x;
    pthread_join(t, 0);
    return r == 1;
}
)");
    std::string mismatch;
    const ExplorationResult r = exploreChecked(p, MemoryModel::Sc, mismatch);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    QCOMPARE(r.statistics.maximalConfigurations, bf.traces);
    QCOMPARE(r.statistics.events, bf.events);
    QVERIFY(r.defects.empty());
}

void tst_AtomicSections::readerWriterLock_data() {
    QTest::addColumn<bool>("broken");
    QTest::addRow("correct") << false;
    QTest::addRow("writer ignores readers") << true;
}

void tst_AtomicSections::readerWriterLock() {
    // A reader-writer lock taken by atomic functions that block with __VERIFIER_assume and released
    // by plain writes (the SV-COMP style): a reader never sees a write in progress. Racy by design,
    // so only the sc model decides it. With the writer's check of the readers dropped it does.
    QFETCH(bool, broken);
    const auto p = m_sources.load("rwlock.c", std::string(broken ? "#define BROKEN\n" : "") + R"(
#include <pthread.h>
#include <assert.h>
extern void __VERIFIER_assume(int);
int w, r, x;
#ifdef BROKEN
void __VERIFIER_atomic_write_lock(void) { __VERIFIER_assume(w == 0); w = 1; }
#else
void __VERIFIER_atomic_write_lock(void) { __VERIFIER_assume(w == 0 && r == 0); w = 1; }
#endif
void __VERIFIER_atomic_read_lock(void) { __VERIFIER_assume(w == 0); r = r + 1; }
void __VERIFIER_atomic_read_unlock(void) { r = r - 1; }
void *writer(void *arg) { __VERIFIER_atomic_write_lock(); x = 1; x = 0; w = 0; return 0; }
void *reader(void *arg) {
    __VERIFIER_atomic_read_lock();
    int v = x;
    assert(v == 0);
    __VERIFIER_atomic_read_unlock();
    return 0;
}
)" + mainRunning({"writer", "reader"}));
    std::string mismatch;
    const ExplorationResult r = exploreChecked(p, MemoryModel::Sc, mismatch);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    QCOMPARE(occurrences(r, DefectKind::AssertionFailure) > 0, broken);
    QVERIFY(r.statistics.assumeBlocked > 0); // a thread that found the lock taken
    QCOMPARE(find(r, DefectKind::Deadlock), nullptr);
}

void tst_AtomicSections::assumeInsideSection_data() {
    QTest::addColumn<int>("model");
    QTest::addColumn<bool>("writesFirst");
    for (int model : {0, 1}) {
        QTest::addRow("%s, assume first", model ? "sc" : "sync") << model << false;
        QTest::addRow("%s, after a write", model ? "sc" : "sync") << model << true;
    }
}

void tst_AtomicSections::assumeInsideSection() {
    // A false assumption at the start of a section blocks the thread as if it had not entered (in
    // sync it keeps the section lock: the other thread's section waits, assume-blocked, never a
    // deadlock); after the section wrote shared memory it is an unsupported operation (those writes
    // are visible and cannot be undone).
    QFETCH(int, model);
    QFETCH(bool, writesFirst);
    const auto p = m_sources.load("assume.c", std::string(writesFirst ? "#define WRITES\n" : "") + R"(
#include <pthread.h>
extern void __VERIFIER_assume(int);
int m, done;
void __VERIFIER_atomic_acquire(void) {
#ifdef WRITES
    done = done + 1;
#endif
    __VERIFIER_assume(m == 0);
    m = 1;
}
void *worker(void *arg) { __VERIFIER_atomic_acquire(); return 0; }
)" + mainRunning({"worker", "worker"}));
    std::string mismatch;
    const ExplorationResult r = exploreChecked(p, modelOf(model), mismatch);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    QCOMPARE(find(r, DefectKind::Deadlock), nullptr);
    if (writesFirst) {
        const Defect *d = find(r, DefectKind::UnsupportedOperation);
        QVERIFY(d);
        QVERIFY2(d->message.find("__VERIFIER_assume failed inside an atomic section") != std::string::npos, d->message.c_str());
        return;
    }
    QVERIFY(r.defects.empty());
    // Either worker takes m first; the other one then blocks for good.
    QCOMPARE(r.statistics.assumeBlocked, 2u);
    QCOMPARE(r.statistics.maximalConfigurations, 0u);
}

void tst_AtomicSections::blockingInsideSection_data() {
    QTest::addColumn<int>("model");
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("expected");
    for (int model : {0, 1}) {
        const char *m = model ? "sc" : "sync";
        QTest::addRow("join %s", m) << model << "pthread_join(t, 0);" << "join T1 inside an atomic section";
        QTest::addRow("lock %s", m) << model << "pthread_mutex_lock(&l);" << "lock 'l' inside an atomic section";
        QTest::addRow("create %s", m) << model << "pthread_create(&u, 0, worker, 0);"
                                      << "create T2 inside an atomic section";
    }
}

void tst_AtomicSections::blockingInsideSection() {
    // Only local code runs atomically: a thread operation or a lock inside a section is reported
    // where it is, with its schedule, and the exploration goes on.
    QFETCH(int, model);
    QFETCH(QString, call);
    QFETCH(QString, expected);
    const auto p = m_sources.load("blocking.c", R"(
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
pthread_mutex_t l = PTHREAD_MUTEX_INITIALIZER;
int x;
void *worker(void *arg) { x = 1; return 0; }
int main(void) {
    pthread_t t, u;
    pthread_create(&t, 0, worker, 0);
    __VERIFIER_atomic_begin();
    )" + call.toStdString() + R"(
    __VERIFIER_atomic_end();
    return 0;
}
)");
    debugger::ProgramExploration exploration(p, options(modelOf(model)), ExplorationOptions{});
    const ExplorationResult r = exploration.run();
    const Defect *d = find(r, DefectKind::UnsupportedOperation);
    QVERIFY(d);
    QVERIFY2(d->message.find(expected.toStdString()) != std::string::npos, d->message.c_str());
    QVERIFY2(d->message.find("blocking.c:12") != std::string::npos, d->message.c_str());
}

void tst_AtomicSections::endWithoutBegin() {
    const auto p = m_sources.load("end.c", R"(
extern void __VERIFIER_atomic_end(void);
int main(void) { __VERIFIER_atomic_end(); return 0; }
)");
    const ExplorationResult r = explore(p);
    const Defect *d = find(r, DefectKind::ModelViolation);
    QVERIFY(d);
    QVERIFY2(d->message.find("__VERIFIER_atomic_end() outside an atomic section") != std::string::npos, d->message.c_str());
}

void tst_AtomicSections::choiceInsideSection_data() {
    QTest::addColumn<int>("model");
    QTest::addColumn<int>("form");
    QTest::addColumn<quint64>("configurations");
    for (int model : {0, 1}) {
        const char *m = model ? "sc" : "sync";
        // Two workers, each choosing b then adding 1 + b: either section first, 2 x 2 values each way
        // (sc: the plain reader adds its read before, between or after the sections, sync has no events
        // for it).
        QTest::addRow("function %s", m) << model << 0 << quint64(model ? 24 : 8);
        QTest::addRow("begin/end %s", m) << model << 1 << quint64(model ? 24 : 8);
        QTest::addRow("two choices %s", m) << model << 2 << quint64(model ? 96 : 32);
    }
}

void tst_AtomicSections::choiceInsideSection() {
    // A nondet choice inside a section (engine/unfolding/README.md, "Atomic sections"): the section
    // stays one step for the other threads. The plain reader never sees the section's first write
    // (x odd), no update is lost, and the counts equal the brute-force enumerator's.
    QFETCH(int, model);
    QFETCH(int, form);
    QFETCH(quint64, configurations);
    const auto p = m_sources.load("choice.c", "#define FORM " + std::to_string(form) + R"(
#include <pthread.h>
#include <assert.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
extern _Bool __VERIFIER_nondet_bool(void);
int x, n;
void __VERIFIER_atomic_add(void) {
    int b = __VERIFIER_nondet_bool();
#if FORM == 2
    int c = __VERIFIER_nondet_bool();
    b = b + c;
#endif
    x = x + 1;
    x = x + 1 + 2 * b;
    n = n + 1;
}
void *worker(void *arg) {
#if FORM == 1
    __VERIFIER_atomic_begin();
    int b = __VERIFIER_nondet_bool();
    x = x + 1;
    x = x + 1 + 2 * b;
    n = n + 1;
    __VERIFIER_atomic_end();
#else
    __VERIFIER_atomic_add();
#endif
    return 0;
}
void *reader(void *arg) { assert(x % 2 == 0); return 0; }
)" + mainRunning({"worker", "worker", "reader"}, "    assert(n == 2 && x >= 4);\n"));
    std::string mismatch;
    const ExplorationResult r = exploreChecked(p, modelOf(model), mismatch);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    QVERIFY2(r.defects.empty(), r.defects.empty() ? "" : r.defects.front().message.c_str());
    QCOMPARE(r.statistics.maximalConfigurations, configurations);
    QCOMPARE(r.statistics.sleepSetBlocked, 0u);
}

void tst_AtomicSections::choiceAfterSharedAccess_data() {
    QTest::addColumn<int>("model");
    QTest::addRow("sync") << 0;
    QTest::addRow("sc") << 1;
}

void tst_AtomicSections::choiceAfterSharedAccess() {
    // Sync: the thread keeps the section's lock over the choice, allowed anywhere. Sc: once the section
    // has read or written shared memory, a choice would let the others see it half done: reported.
    QFETCH(int, model);
    const auto p = m_sources.load("late.c", R"(
#include <pthread.h>
#include <assert.h>
extern _Bool __VERIFIER_nondet_bool(void);
int x;
void __VERIFIER_atomic_add(void) { x = x + 1; int b = __VERIFIER_nondet_bool(); x = x + 1 + b; }
void *worker(void *arg) { __VERIFIER_atomic_add(); return 0; }
)" + mainRunning({"worker", "worker"}, "    assert(x >= 4);\n"));
    std::string mismatch;
    const ExplorationResult r = exploreChecked(p, modelOf(model), mismatch);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    if (model == 0) {
        QVERIFY(r.defects.empty());
        QCOMPARE(r.statistics.maximalConfigurations, 8u); // 2 orders x 2 x 2 values
        return;
    }
    const Defect *d = find(r, DefectKind::UnsupportedOperation);
    QVERIFY(d);
    QVERIFY2(d->message.find("nondet") != std::string::npos &&
                 d->message.find("inside an atomic section") != std::string::npos,
             d->message.c_str());
}

void tst_AtomicSections::endInsideSectionBesideOthers_data() {
    QTest::addColumn<int>("model");
    QTest::addColumn<int>("reads"); // 0: the checker fails at once; 1: it reads x in a section; 2: plainly
    QTest::addColumn<bool>("checkerFails");
    for (int model : {0, 1}) {
        const char *m = model ? "sc" : "sync";
        QTest::addRow("%s, failure beside", m) << model << 0 << true;
        QTest::addRow("%s, section's write unseen", m) << model << 1 << false;
    }
    QTest::addRow("sc, section's write unseen by a plain read") << 1 << 2 << false;
}

void tst_AtomicSections::endInsideSectionBesideOthers() {
    // T1 aborts inside an atomic section; T2 fails at once, or fails only if it sees the section's write. The
    // abort's end waits as any end does (engine/unfolding/README.md, "Program ends"): T2's own failure is found
    // (before session 18 T1's end ran at once and T2 never ran: 1 configuration, T2's failure missed, and brute
    // force counted more traces), and T2 never sees what the section wrote (sync: its section waits for the
    // sections' lock T1 keeps; sc: its access of x waits for good). Counts equal brute force's.
    QFETCH(int, model);
    QFETCH(int, reads);
    QFETCH(bool, checkerFails);
    const auto p = m_sources.load("ender.c", "#define READS " + std::to_string(reads) + R"(
#include <pthread.h>
#include <assert.h>
#include <stdlib.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int x;
void *ender(void *arg) {
    __VERIFIER_atomic_begin();
    x = READS;
    abort();
    __VERIFIER_atomic_end();
    return 0;
}
void *checker(void *arg) {
#if READS == 0
    assert(0);
#elif READS == 1
    __VERIFIER_atomic_begin(); int v = x; __VERIFIER_atomic_end();
    assert(v != 1);
#else
    assert(x != 2);
#endif
    return 0;
}
)" + mainRunning({"ender", "checker"}));
    std::string mismatch;
    const ExplorationResult r = exploreChecked(p, modelOf(model), mismatch);
    QVERIFY2(mismatch.empty(), mismatch.c_str());
    bool abortFound = false, checkerFailed = false;
    for (const Defect &d : r.defects) {
        abortFound |= d.thread == 1 && d.kind == DefectKind::Abort;
        checkerFailed |= d.thread == 2 && d.kind == DefectKind::AssertionFailure;
    }
    QVERIFY(abortFound);
    QCOMPARE(checkerFailed, checkerFails);
    QCOMPARE(r.statistics.sleepSetBlocked, 0u);
}

QTEST_GUILESS_MAIN(tst_AtomicSections)
#include "tst_AtomicSections.moc"
