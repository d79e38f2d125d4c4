// SPDX-License-Identifier: MIT
// Normal, recursive and error-checking mutexes (attributes and glibc's static initialisers): a
// thread's own relocks are not events, their errors are return values, the counts stay exact.
#include "tests/engine/interpreter/CProgram.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::testing;

class tst_MutexTypes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_sources.reset()); }
    void ownerCallsOfEachType_data();
    void ownerCallsOfEachType();
    void recursiveMutexStillExcludesOthers();
    void normalRelockIsADeadlock();

private:
    ScratchSources m_sources;
};

void tst_MutexTypes::ownerCallsOfEachType_data() {
    QTest::addColumn<QString>("body");
    QTest::addColumn<int>("visibleActions"); // main's start, lock, unlock, exit (+ attr calls: none)
    QTest::newRow("recursive via attribute") << R"(
int main(void) {
  pthread_mutexattr_t a; pthread_mutex_t m;
  pthread_mutexattr_init(&a);
  assert(pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE) == 0);
  int type = -1; pthread_mutexattr_gettype(&a, &type); assert(type == PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&m, &a);
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_trylock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == 0);
  assert(pthread_mutex_unlock(&m) == EPERM); /* no longer held */
  return 0;
})" << 4;
    QTest::newRow("recursive static initialiser") << R"(
pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int depth(int n) { if (n == 0) return 0; pthread_mutex_lock(&m); int r = 1 + depth(n - 1); pthread_mutex_unlock(&m); return r; }
int main(void) { assert(depth(5) == 5); return 0; })" << 4;
    QTest::newRow("error-checking") << R"(
pthread_mutex_t m = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
int main(void) {
  assert(pthread_mutex_unlock(&m) == EPERM);
  assert(pthread_mutex_lock(&m) == 0);
  assert(pthread_mutex_lock(&m) == EDEADLK);
  assert(pthread_mutex_trylock(&m) == EBUSY);
  assert(pthread_mutex_unlock(&m) == 0);
  return 0;
})" << 4;
}

void tst_MutexTypes::ownerCallsOfEachType() {
    QFETCH(QString, body);
    QFETCH(int, visibleActions);
    const program::Program p = m_sources.load(
        "types.c", "#define _GNU_SOURCE\n#include <pthread.h>\n#include <assert.h>\n#include <errno.h>\n" + body.toStdString());
    const SingleRun run = runOnce(p);
    QVERIFY2(!run.execution.fault, run.execution.fault ? run.execution.fault->message.c_str() : "");
    QCOMPARE(run.execution.end, ExecutionEnd::Finished);
    QCOMPARE(int(run.execution.actions.size()), visibleActions);
}

void tst_MutexTypes::recursiveMutexStillExcludesOthers() {
    // Two threads each take a recursive mutex twice around an increment: the lock race gives two
    // maximal configurations, no data race and no lost update.
    const program::Program p = m_sources.load("rec.c", R"(#define _GNU_SOURCE
#include <pthread.h>
#include <assert.h>
pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int x;
void *w(void *a) { pthread_mutex_lock(&m); pthread_mutex_lock(&m); x++; pthread_mutex_unlock(&m); x++; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); w(0); pthread_join(t, 0); assert(x == 4); return 0; }
)");
    const ExplorationResult r = explore(p);
    for (const Defect &d : r.defects)
        qWarning("%s", d.message.c_str());
    QCOMPARE(r.defects.size(), 0u);
    QCOMPARE(r.statistics.maximalConfigurations, 2u);
}

void tst_MutexTypes::normalRelockIsADeadlock() {
    const program::Program p = m_sources.load("self.c", R"(#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int main(void) { pthread_mutex_lock(&m); pthread_mutex_lock(&m); return 0; }
)");
    const ExplorationResult r = explore(p);
    QCOMPARE(r.defects.size(), 1u);
    QCOMPARE(r.defects.front().kind, DefectKind::Deadlock);
}

QTEST_GUILESS_MAIN(tst_MutexTypes)
#include "tst_MutexTypes.moc"
