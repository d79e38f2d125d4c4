// SPDX-License-Identifier: MIT
// Spurious wake-ups of pthread_cond_wait explored (InterpreterOptions::spuriousWakeups, used by
// weft svcomp): while a thread has some left, each of its waits is first a bool choice (wait for a
// signal, or wake up now releasing and retaking the mutex). The explorer's counts equal the
// brute-force enumerator's on the same interpreter (the choice is a nondet event like an input's),
// a wait that trusts one signal is caught, and a wait repeated after a spurious wake-up with nothing
// changed is recognised as the same wait (so weft svcomp can say true).
#include "tests/engine/interpreter/CProgram.hpp"
#include "tests/model/InterleavingEnumerator.hpp"

#include <QtTest>

using namespace weft;
using weft::testing::occurrences;
using weft::testing::ScratchSources;

namespace {

interpreter::InterpreterOptions options(std::uint32_t spurious, bool sc) {
    interpreter::InterpreterOptions o;
    o.spuriousWakeups = spurious;
    o.model = sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;
    o.races = interpreter::RaceMode::Ignore;
    return o;
}

/// A consumer waits for `ready` (in a loop, counting its waits or not, or trusting one wake-up), a
/// producer sets it and signals.
const char *kHandOff = R"(
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready, waits, done;
void *producer(void *arg) {
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
#if defined(TWO_LOOPS)
    pthread_mutex_lock(&m);
    done = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
#endif
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, producer, 0);
    pthread_mutex_lock(&m);
#if defined(COUNT)
    while (!ready) {
        ++waits;
        pthread_cond_wait(&c, &m);
    }
#elif defined(LOOP)
    while (!ready)
        pthread_cond_wait(&c, &m);
#elif defined(TWO_LOOPS)
    while (!ready)
        pthread_cond_wait(&c, &m);
    while (!done)
        pthread_cond_wait(&c, &m);
#else
    if (!ready)
        pthread_cond_wait(&c, &m);
#endif
    assert(ready);
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
)";

} // namespace

class tst_SpuriousWakeups : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_sources.reset()); }
    void countsMatchBruteForce_data();
    void countsMatchBruteForce();

private:
    ScratchSources m_sources;
};

void tst_SpuriousWakeups::countsMatchBruteForce_data() {
    QTest::addColumn<QString>("form");
    QTest::addColumn<bool>("sc");
    QTest::addColumn<quint32>("spurious");
    QTest::addColumn<bool>("assertionFails");
    // Whether some wait could only wake when signalled although it might have woken spuriously
    // into something new (Interpreter::waitsWithoutSpuriousWakeup): weft svcomp's "unknown".
    QTest::addColumn<bool>("unexplored");
    for (bool sc : {false, true}) {
        const char *m = sc ? "sc" : "sync";
        // Without spurious wake-ups the consumer only wakes when signalled: `if` is enough.
        QTest::addRow("if, none, %s", m) << "IF" << sc << 0u << false << true;
        // One spurious wake-up before the signal: `if` goes on with ready == 0.
        QTest::addRow("if, one, %s", m) << "IF" << sc << 1u << true << false;
        // The loop's second wait, after a spurious wake-up, is the same wait again.
        QTest::addRow("while, one, %s", m) << "LOOP" << sc << 1u << false << false;
        QTest::addRow("while, two, %s", m) << "LOOP" << sc << 2u << false << false;
        // Counting the waits changes the thread between them: not the same wait.
        QTest::addRow("counting, one, %s", m) << "COUNT" << sc << 1u << false << true;
        QTest::addRow("counting, two, %s", m) << "COUNT" << sc << 2u << false << true;
        // A wait repeating the last spurious wake-up uses none of the budget: the second loop's
        // wait, elsewhere, gets the second one (with one, it waits only for the signal).
        QTest::addRow("two loops, one, %s", m) << "TWO_LOOPS" << sc << 1u << false << true;
        QTest::addRow("two loops, two, %s", m) << "TWO_LOOPS" << sc << 2u << false << false;
    }
}

void tst_SpuriousWakeups::countsMatchBruteForce() {
    QFETCH(QString, form);
    QFETCH(bool, sc);
    QFETCH(quint32, spurious);
    QFETCH(bool, assertionFails);
    QFETCH(bool, unexplored);
    auto p = testing::loadC(m_sources.write("handoff.c", kHandOff), {form.toStdString()});
    QVERIFY2(p, testing::diagnosticsOf(p).c_str());
    interpreter::Interpreter explored(*p, options(spurious, sc));
    ScheduledExecutor executor(explored);
    const ExplorationResult r = Explorer(executor, {}).run();
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(explored.waitsWithoutSpuriousWakeup() > 0, unexplored);
    QCOMPARE(occurrences(r, DefectKind::AssertionFailure) > 0, assertionFails);
    QCOMPARE(r.statistics.sleepSetBlocked, 0u);

    interpreter::Interpreter machine(*p, options(spurious, sc));
    const model::EnumerationResult bf =
        model::InterleavingEnumerator(machine, model::InterleavingEnumerator::Mode::MergeEquivalentPrefixes).run();
    QVERIFY(bf.complete);
    QCOMPARE(bf.divergences, 0u);
    if (assertionFails) {
        QVERIFY(bf.faults > 0);
        return;
    }
    QCOMPARE(r.statistics.maximalConfigurations + r.statistics.assumeBlocked, bf.traces);
    QCOMPARE(r.statistics.events, bf.events);
    QCOMPARE(occurrences(r, DefectKind::Deadlock), bf.deadlocks);
    // Each wake-up that could be spurious doubles a consumer's ways to wait: more traces than without.
    if (spurious > 0) {
        const ExplorationResult none = testing::explore(*p, {}, options(0, sc));
        QVERIFY(r.statistics.maximalConfigurations > none.statistics.maximalConfigurations);
    }
}

QTEST_GUILESS_MAIN(tst_SpuriousWakeups)
#include "tst_SpuriousWakeups.moc"
