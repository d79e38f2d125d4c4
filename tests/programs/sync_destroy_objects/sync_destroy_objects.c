// sem_destroy, pthread_cond_destroy, pthread_barrier_destroy and pthread_rwlock_destroy racing with
// another thread's use of the object (engine/unfolding/README.md, "Destruction of the other objects").
// Main destroys the object while the worker may use it, then joins; the destroy is an event ordered
// against the worker's operations on the object, and every order is explored once.
// By default a barrier of 1: the worker's arrival before or after the destroy, 2 maximal configurations;
//   the arrival after it is a defect (1). Events: main's start, barrier_init and create, the worker's
//   start (4); on b: destroy then arrival, arrival then destroy (4); the worker's pass after each
//   arrival (2); per configuration the worker's exit, main's join and exit (6): 16.
// -D RWLOCK: the worker read-locks and unlocks; the destroy is a writer-side operation: before the
//   rdlock (a defect: the rdlock after the destroy), inside the hold (a defect: EBUSY, the lock stays
//   held) or after it: 3 configurations, 2 defects. Events: 3 (starts, create); the rdlock of the
//   initial lock (shared by two orders), the destroy, rdlock and rdunlock after it, the destroy and the
//   rdunlock after the shared rdlock, the rdunlock and the destroy after it (8); 3 per configuration: 20.
// -D SEM: a semaphore of 1; the worker waits and posts: the destroy before the wait, between, after:
//   3 configurations; the wait after a destroy and the post after one are defects (2; a semaphore's
//   waiters are not its state, so destroying it between is no defect of its own). Events: 4 (starts,
//   sem_init, create); the 8 of the three orders (the wait right after sem_init shared by two); 9: 21.
// -D COND: main signals the waiting worker under m, then destroys c: the destroy may come while the
//   worker is still queued on c (a defect: EBUSY): 3 configurations, 32 events, 1 defect (checked
//   against brute force by tst_SyncCalls).
// -D JOIN_FIRST: main joins first, so no other thread can race and the destroy is no event: 1
//   configuration each (barrier 9 events, rwlock 8, semaphore 9; the condition variable's program
//   has 2, 23 events: whether the worker waits), no defect.
// -D JOIN_FIRST -D TWICE: a second destroy after the first: a use after destroy, 1 defect.
#include <pthread.h>
#include <semaphore.h>

#if defined(RWLOCK)
static pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
static void *worker(void *arg) {
    pthread_rwlock_rdlock(&l);
    pthread_rwlock_unlock(&l);
    return arg;
}
#elif defined(SEM)
static sem_t s;
static void *worker(void *arg) {
    sem_wait(&s);
    sem_post(&s);
    return arg;
}
#elif defined(COND)
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int flag;
static void *worker(void *arg) {
    pthread_mutex_lock(&m);
    while (!flag)
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return arg;
}
#else
static pthread_barrier_t b;
static void *worker(void *arg) {
    pthread_barrier_wait(&b);
    return arg;
}
#endif

static void destroy(void) {
#if defined(RWLOCK)
    pthread_rwlock_destroy(&l);
#elif defined(SEM)
    sem_destroy(&s);
#elif defined(COND)
    pthread_cond_destroy(&c);
#else
    pthread_barrier_destroy(&b);
#endif
}

int main(void) {
    pthread_t t;
#if defined(SEM)
    sem_init(&s, 0, 1);
#elif !defined(RWLOCK) && !defined(COND)
    pthread_barrier_init(&b, 0, 1);
#endif
    pthread_create(&t, 0, worker, 0);
#if defined(COND)
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
#endif
#if defined(JOIN_FIRST)
    pthread_join(t, 0);
    destroy();
#else
    destroy();
    pthread_join(t, 0);
#endif
#if defined(TWICE)
    destroy();
#endif
    return 0;
}
