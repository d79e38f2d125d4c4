// SPDX-License-Identifier: MIT
// Data-race detection in the sync model: races between unsynchronised accesses are reported with
// both locations in every execution; each kind of synchronisation orders accesses (no false alarm).
#include "tests/engine/interpreter/CProgram.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::testing;

namespace {

const char *kPrelude = "#include <pthread.h>\n#include <semaphore.h>\n#include <string.h>\n#include <assert.h>\n";

std::size_t racesIn(const ExplorationResult &r) {
    return std::size_t(std::count_if(r.defects.begin(), r.defects.end(),
                                     [](const Defect &d) { return d.kind == DefectKind::DataRace; }));
}

} // namespace

class tst_DataRaces : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_sources.reset()); }
    void unprotectedCounterRacesWithBothLocations();
    void racesCountedOncePerPairOfSites();
    void synchronisationOrdersAccesses_data();
    void synchronisationOrdersAccesses();
    void racesFound_data();
    void racesFound();
    void raceScheduleReplaysToTheRace();
    void modesFatalAndIgnore();
    void oneByteOfAHugeGlobalFitsTheDefaultLimit();

private:
    ExplorationResult exploreText(const std::string &body, interpreter::InterpreterOptions o = {}) {
        m_program = std::make_unique<program::Program>(m_sources.load("race.c", kPrelude + body));
        return explore(*m_program, {}, o);
    }
    ScratchSources m_sources;
    std::unique_ptr<program::Program> m_program;
};

static const char *kCounter = R"(int counter;
void *inc(void *a) {
  counter = counter + 1;
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, 0);
  pthread_create(&t2, 0, inc, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
)";

void tst_DataRaces::unprotectedCounterRacesWithBothLocations() {
    const ExplorationResult r = exploreText(kCounter);
    QCOMPARE(r.statistics.maximalConfigurations, 1u); // no synchronisation between the threads
    QVERIFY(racesIn(r) >= 1);
    const Defect &d = *std::find_if(r.defects.begin(), r.defects.end(),
                                    [](const Defect &x) { return x.kind == DefectKind::DataRace; });
    // Both accesses are on line 7 of race.c (4 prelude lines + 3): this one and the other thread's.
    QVERIFY2(d.message.find("'counter'") != std::string::npos, d.message.c_str());
    const auto first = d.message.find("race.c:7:");
    QVERIFY2(first != std::string::npos && d.message.find("race.c:7:", first + 1) != std::string::npos, d.message.c_str());
    QVERIFY2(d.message.find("T2") != std::string::npos && d.message.find("T1") != std::string::npos, d.message.c_str());
}

void tst_DataRaces::racesCountedOncePerPairOfSites() {
    // Three threads run `counter = counter + 1`: every pair of threads races, on the same two pairs
    // of source locations (the read against a write, a write against a write). One defect each,
    // whichever threads met there, located at an access, not where the execution ended.
    const ExplorationResult r = exploreText(R"(int counter;
void *inc(void *a) {
  counter = counter + 1;
  return 0;
}
int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, inc, 0);
  for (int i = 0; i < 3; i++) pthread_join(t[i], 0);
  assert(counter == 3);
  return 0;
}
)");
    QCOMPARE(racesIn(r), std::size_t(2));
    for (const Defect &d : r.defects) {
        if (d.kind != DefectKind::DataRace)
            continue;
        QVERIFY2(d.location.find("race.c:7:") != std::string::npos, d.location.c_str());
        QVERIFY2(d.message.find(d.location) == 0, d.message.c_str()); // the message starts there
    }
}

void tst_DataRaces::synchronisationOrdersAccesses_data() {
    QTest::addColumn<QString>("body");
    QTest::newRow("mutex") << R"(int x; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); x++; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m); x++; pthread_mutex_unlock(&m); pthread_join(t, 0); return x == 2 ? 0 : 1; })";
    QTest::newRow("create-join") << R"(int x;
void *w(void *a) { x = x + 1; return 0; }
int main(void) { pthread_t t; x = 5; pthread_create(&t, 0, w, 0); pthread_join(t, 0); x = x * 2; return 0; })";
    QTest::newRow("semaphore") << R"(int x; sem_t s;
void *w(void *a) { x = 42; sem_post(&s); return 0; }
int main(void) { pthread_t t; sem_init(&s, 0, 0); pthread_create(&t, 0, w, 0); sem_wait(&s); x++;
  pthread_join(t, 0); return 0; })";
    QTest::newRow("condition variable") << R"(int x, ready; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
void *w(void *a) { x = 7; pthread_mutex_lock(&m); ready = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m); while (!ready) pthread_cond_wait(&c, &m); pthread_mutex_unlock(&m);
  x++; pthread_join(t, 0); return 0; })";
    QTest::newRow("barrier phases") << R"(int x[2]; pthread_barrier_t b;
void *w(void *a) { long i = (long)a; x[i] = 1; pthread_barrier_wait(&b); x[1 - i] += 1; pthread_barrier_wait(&b); x[i] += 1; return 0; }
int main(void) { pthread_t t[2]; pthread_barrier_init(&b, 0, 2);
  for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, w, (void *)i);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0); return 0; })";
    QTest::newRow("concurrent reads") << R"(int x = 3; int out[2];
void *r(void *a) { long i = (long)a; out[i] = x; return 0; }
int main(void) { pthread_t t[2]; for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, r, (void *)i);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0); x = out[0] + out[1]; return 0; })";
    QTest::newRow("atomics") << R"(int x;
void *w(void *a) { __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); __atomic_fetch_add(&x, 1, __ATOMIC_SEQ_CST);
  int v = __atomic_load_n(&x, __ATOMIC_SEQ_CST); pthread_join(t, 0); return v > 0 ? 0 : 1; })";
    QTest::newRow("free after the join") << R"(#include <stdlib.h>
int *p;
void *w(void *a) { *p = 1; return 0; }
int main(void) { p = malloc(sizeof *p); pthread_t t; pthread_create(&t, 0, w, 0); pthread_join(t, 0); free(p);
  return 0; })";
    QTest::newRow("free under the mutex") << R"(#include <stdlib.h>
int *p; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); if (p) *p = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { p = malloc(sizeof *p); pthread_t t; pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m); free(p); p = 0; pthread_mutex_unlock(&m); pthread_join(t, 0); return 0; })";
    QTest::newRow("distinct elements") << R"(int x[4];
void *w(void *a) { long i = (long)a; for (int k = 0; k < 3; k++) x[i] += k; return 0; }
int main(void) { pthread_t t[4]; for (long i = 0; i < 4; i++) pthread_create(&t[i], 0, w, (void *)i);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0); return 0; })";
}

void tst_DataRaces::synchronisationOrdersAccesses() {
    QFETCH(QString, body);
    const ExplorationResult r = exploreText(body.toStdString());
    for (const Defect &d : r.defects)
        qWarning("unexpected defect: %s", d.message.c_str());
    QCOMPARE(r.defects.size(), 0u);
}

void tst_DataRaces::racesFound_data() {
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("expected");
    QTest::newRow("write after unlock") << R"(int x; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); x = 2; pthread_mutex_unlock(&m);
  pthread_join(t, 0); return 0; })" << "'x'";
    QTest::newRow("read against write") << R"(int flag;
void *w(void *a) { flag = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); int seen = flag; pthread_join(t, 0); return seen * 0; })"
                                        << "'flag'";
    QTest::newRow("write after two reads") << R"(int x; int out[2];
void *r(void *a) { long i = (long)a; out[i] = x; return 0; }
int main(void) { pthread_t t[2]; for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, r, (void *)i);
  x = 9; for (int i = 0; i < 2; i++) pthread_join(t[i], 0); return 0; })" << "'x'";
    QTest::newRow("atomic against plain") << R"(int x;
void *w(void *a) { __atomic_store_n(&x, 1, __ATOMIC_SEQ_CST); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); x = 2; pthread_join(t, 0); return 0; })" << "'x'";
    QTest::newRow("memcpy into shared buffer") << R"(char buf[8]; const char msg[8] = "hello";
void *w(void *a) { memcpy(buf, msg, 6); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); buf[2] = 'x'; pthread_join(t, 0); return 0; })"
                                               << "'buf' at offset 2";
    // The shadow is kept in pages of 64 bytes: a racing byte in the second page of an access that
    // starts in the first is found and named by its offset from the object's start.
    QTest::newRow("memset across a shadow page") << R"(char buf[256];
void *w(void *a) { buf[64] = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); memset(buf + 60, 2, 8); pthread_join(t, 0); return 0; })"
                                                 << "'buf' at offset 64";
    QTest::newRow("last byte of a 32 MiB global") << R"(char big[32 << 20];
void *w(void *a) { big[sizeof big - 1] = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); big[sizeof big - 1] = 2; pthread_join(t, 0); return 0; })"
                                                  << "'big' at offset 33554431";
    QTest::newRow("heap block") << R"(#include <stdlib.h>
void *w(void *a) { *(int *)a = 1; return 0; }
int main(void) { int *p = malloc(sizeof *p); pthread_t t; pthread_create(&t, 0, w, p); *p = 2; pthread_join(t, 0);
  free(p); return 0; })" << "heap block";
    // free() is a write of the whole block (found with GenMC's access-freed tests, session 17).
    QTest::newRow("free against a write") << R"(#include <stdlib.h>
int *p;
void *w(void *a) { free(p); return 0; }
int main(void) { p = malloc(sizeof *p); pthread_t t; pthread_create(&t, 0, w, 0); *p = 2; pthread_join(t, 0);
  return 0; })" << "T1 frees it at";
    QTest::newRow("free against a read, far in a large block") << R"(#include <stdlib.h>
char *p;
void *w(void *a) { free(p); return 0; }
int main(void) { p = calloc(1 << 20, 1); pthread_t t; pthread_create(&t, 0, w, 0); char c = p[700000];
  pthread_join(t, 0); return c; })" << "at offset 700000";
    QTest::newRow("realloc against a read") << R"(#include <stdlib.h>
int *p;
void *w(void *a) { free(realloc(p, 400)); return 0; }
int main(void) { p = calloc(1, sizeof *p); pthread_t t; pthread_create(&t, 0, w, 0); int v = *p; pthread_join(t, 0);
  return v; })" << "T1 frees it at";
    QTest::newRow("barrier of the next round") << R"(int x; pthread_barrier_t b;
void *w(void *a) { long i = (long)a; pthread_barrier_wait(&b); if (i) x = 1; pthread_barrier_wait(&b); if (!i) x = 2; return 0; }
int main(void) { pthread_t t[2]; pthread_barrier_init(&b, 0, 2);
  for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, w, (void *)i);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0); return 0; })" << "NONE";
}

void tst_DataRaces::racesFound() {
    QFETCH(QString, body);
    QFETCH(QString, expected);
    const ExplorationResult r = exploreText(body.toStdString());
    if (expected == "NONE") { // ordered by the second round: a control case beside the races
        QCOMPARE(racesIn(r), 0u);
        return;
    }
    QVERIFY(racesIn(r) >= 1);
    for (const Defect &d : r.defects)
        QVERIFY2(d.kind == DefectKind::DataRace && d.message.find(expected.toStdString()) != std::string::npos,
                 d.message.c_str());
}

void tst_DataRaces::raceScheduleReplaysToTheRace() {
    const ExplorationResult r = exploreText(R"(int x; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); pthread_mutex_unlock(&m); x = 2;
  pthread_join(t, 0); return 0; })");
    QCOMPARE(r.statistics.maximalConfigurations, 2u); // the lock race; both orders race on x
    QCOMPARE(racesIn(r), 1u);                       // one pair of locations, reported once
    const Defect &d = r.defects.front();
    QVERIFY(d.occurrences >= 2);
    QCOMPARE(d.schedule.replay.size(), d.trace.size());
    QVERIFY(d.trace.size() < 10); // a prefix of the execution: up to the racing access
    // Replaying the schedule in fatal mode stops at the race itself.
    interpreter::InterpreterOptions fatal;
    fatal.races = interpreter::RaceMode::Fatal;
    const SingleRun replay = runOnce(*m_program, d.schedule, fatal);
    QCOMPARE(replay.execution.end, ExecutionEnd::Fault);
    QCOMPARE(replay.execution.fault->kind, DefectKind::DataRace);
    QCOMPARE(replay.execution.fault->message, d.message);
}

void tst_DataRaces::modesFatalAndIgnore() {
    interpreter::InterpreterOptions fatal;
    fatal.races = interpreter::RaceMode::Fatal;
    const ExplorationResult f = exploreText(kCounter, fatal);
    QCOMPARE(racesIn(f), 1u);
    QCOMPARE(f.defects.front().occurrences, f.statistics.executions);
    interpreter::InterpreterOptions ignore;
    ignore.races = interpreter::RaceMode::Ignore;
    const ExplorationResult i = exploreText(kCounter, ignore);
    QCOMPARE(i.defects.size(), 0u);
    QCOMPARE(i.statistics.maximalConfigurations, f.statistics.maximalConfigurations);
}

// The race record follows the bytes touched: a correct program that touches one byte of a 32 MiB
// global is explored under the default limit (1 GiB per execution; a record of 40 bytes per byte of
// the object, as before, would need 1.25 GiB and stop every execution with "memory exhausted").
void tst_DataRaces::oneByteOfAHugeGlobalFitsTheDefaultLimit() {
    const ExplorationResult r = exploreText(R"(char big[32 << 20];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); big[12345]++; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0);
  pthread_mutex_lock(&m); big[12345]++; pthread_mutex_unlock(&m);
  pthread_join(t, 0); assert(big[12345] == 2); return 0; })");
    for (const Defect &d : r.defects)
        qWarning("unexpected defect: %s", d.message.c_str());
    QCOMPARE(r.defects.size(), 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 2u); // the two orders of the lock
}

QTEST_GUILESS_MAIN(tst_DataRaces)
#include "tst_DataRaces.moc"
