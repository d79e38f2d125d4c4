// SPDX-License-Identifier: MIT
// What a debugger shows of the threads library's objects (issue 19, item 5), read from the debugging core:
// mutexes, condition variables, semaphores, barriers and read-write locks by their state (who holds them,
// who waits, the count, the arrivals), arrays of them element by element, objects named as C writes them
// ('forks[1]', 'q.lock'), and the second halves of cond_wait and barrier_wait said in words, never by
// their event names. The program ends in a deadlock whose state is known by construction (comments).
#include "engine/debugger/ProgramLoader.hpp"
#include "engine/debugger/Replay.hpp"
#include "engine/debugger/StateInspector.hpp"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace weft;
using namespace weft::debugger;

namespace {

const char *kProgram = R"(#include <pthread.h>
#include <semaphore.h>
pthread_mutex_t forks[3];
struct queue { int n; pthread_mutex_t lock; } q;
pthread_mutex_t rec, cm, gone;
pthread_cond_t c;
sem_t s;
pthread_barrier_t b;
pthread_rwlock_t rw;
void *waiter(void *arg) {          /* T1: waits on c for ever */
    pthread_mutex_lock(&cm);
    pthread_cond_wait(&c, &cm);
    return 0;
}
void *arriver(void *arg) {         /* T2 and T3: 2 of the barrier's 3 parties */
    if (arg)
        pthread_rwlock_rdlock(&rw); /* T3 reads too */
    pthread_barrier_wait(&b);
    return 0;
}
int main(void) {
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&rec, &a);
    pthread_mutex_destroy(&gone);
    for (int i = 0; i < 3; i++)
        pthread_mutex_lock(&forks[i]);
    pthread_mutex_lock(&q.lock);
    pthread_mutex_lock(&rec);
    pthread_mutex_lock(&rec);
    pthread_mutex_lock(&rec);
    sem_init(&s, 0, 3);
    sem_wait(&s);
    pthread_barrier_init(&b, 0, 3);
    pthread_rwlock_rdlock(&rw);
    pthread_t t1, t2, t3;
    pthread_create(&t1, 0, waiter, 0);
    pthread_create(&t2, 0, arriver, 0);
    pthread_create(&t3, 0, arriver, &t3);
    pthread_join(t1, 0);           /* never returns: a deadlock */
    return 0;
}
)";

const VariableValue *find(const std::vector<VariableValue> &values, const char *name) {
    for (const VariableValue &v : values)
        if (v.name == name)
            return &v;
    return nullptr;
}

} // namespace

class tst_SyncObjectStates : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void objectsByTheirState();
    void objectsNamedAsInC();
    void waitsSaidInWords();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<LoadedProgram> m_program;
    std::unique_ptr<Replay> m_replay;
    ProgramState m_end;
};

void tst_SyncObjectStates::initTestCase() {
    const std::string path = m_dir.filePath(QStringLiteral("objects.c")).toStdString();
    std::ofstream(path) << kProgram;
    auto loaded = loadProgram(path);
    QVERIFY2(loaded.has_value(), loaded ? "" : loaded.error().front().format().c_str());
    m_program = std::make_unique<LoadedProgram>(std::move(*loaded));
    m_replay = std::make_unique<Replay>(m_program->program, Schedule{}); // free run: lowest thread first
    m_replay->runTo(m_replay->eventCount());
    QVERIFY2(m_replay->endMessage().find("deadlock") != std::string::npos, m_replay->endMessage().c_str());
    m_end = inspectState(*m_replay);
}

void tst_SyncObjectStates::objectsByTheirState() {
    const VariableValue *forks = find(m_end.globals, "forks");
    QVERIFY(forks);
    QCOMPARE(forks->children.size(), std::size_t(3)); // an array of mutexes: one row each, not bytes
    for (const VariableValue &fork : forks->children)
        QCOMPARE(fork.value, std::string("locked by T0"));
    QCOMPARE(forks->value, std::string("{locked by T0, locked by T0, locked by T0}"));
    const VariableValue *q = find(m_end.globals, "q");
    QVERIFY(q);
    QCOMPARE(find(q->children, "lock")->value, std::string("locked by T0"));
    QCOMPARE(find(m_end.globals, "rec")->value, std::string("locked by T0 (3 times)"));
    QCOMPARE(find(m_end.globals, "cm")->value, std::string("unlocked")); // cond_wait released it
    QCOMPARE(find(m_end.globals, "gone")->value, std::string("destroyed"));
    QCOMPARE(find(m_end.globals, "c")->value, std::string("waiters: T1"));
    QCOMPARE(find(m_end.globals, "s")->value, std::string("value 2"));
    QCOMPARE(find(m_end.globals, "b")->value, std::string("2 of 3 arrived"));
    QCOMPARE(find(m_end.globals, "rw")->value, std::string("read-locked by T0, T3"));
    QVERIFY(find(m_end.globals, "rec")->children.empty()); // the C library's fields are not shown

    // Before anything ran: unused objects.
    Replay start(m_program->program, Schedule{});
    const ProgramState first = inspectState(start);
    QCOMPARE(find(first.globals, "forks")->value, std::string("{unlocked, unlocked, unlocked}"));
    QCOMPARE(find(first.globals, "c")->value, std::string("no waiter"));
    QCOMPARE(find(first.globals, "s")->value, std::string("not initialised"));
    QCOMPARE(find(first.globals, "b")->value, std::string("not initialised"));
    QCOMPARE(find(first.globals, "rw")->value, std::string("unlocked"));
}

void tst_SyncObjectStates::objectsNamedAsInC() {
    std::vector<std::string> locked;
    for (const TraceStep &step : m_replay->trace().steps)
        if (step.action.kind == ActionKind::MutexLock)
            locked.push_back(step.object);
    // forks[0..2], q.lock, rec (once: relocks are not events), then T1's cm.
    const std::vector<std::string> expected{"'forks[0]'", "'forks[1]'", "'forks[2]'", "'q.lock'", "'rec'", "'cm'"};
    QCOMPARE(locked, expected);
}

void tst_SyncObjectStates::waitsSaidInWords() {
    const ThreadState *t1 = m_end.thread(1), *t2 = m_end.thread(2), *t3 = m_end.thread(3);
    QVERIFY(t1 && t2 && t3);
    QCOMPARE(t1->status, ThreadStatus::Blocked);
    QCOMPARE(t1->pending, std::string("wait for a signal on 'c'"));
    QCOMPARE(t2->pending, std::string("wait at barrier 'b' for the others"));
    QCOMPARE(t3->pending, std::string("wait at barrier 'b' for the others"));
    QCOMPARE(m_end.thread(0)->pending, std::string("join T1"));
    for (const ThreadState &t : m_end.threads)
        QVERIFY2(t.pending.find("cond_wake") == std::string::npos &&
                     t.pending.find("barrier_pass") == std::string::npos,
                 t.pending.c_str());
}

QTEST_MAIN(tst_SyncObjectStates)
#include "tst_SyncObjectStates.moc"
