// pthread_mutex_init and the other threads' use of the mutex (engine/unfolding/README.md, "Mutex
// initialisation"; the default is Nidhugg's mutex_lock_before_init with a join). The init is the
// thread's own step, never an event; a use with no synchronisation with it is a race, reported once per
// init site whichever came first, so the counts are those of the program without the init.
// By default main initialises m after creating the worker, which locks and unlocks it: 1 maximal
//   configuration; events: main's start and create, the worker's start, lock, unlock and exit, main's
//   join and exit (8); 1 defect (the init races with the worker's lock and unlock).
// -D INIT_FIRST: main initialises m before creating the worker, which the creation orders: 1, 8, none.
// -D JOIN_FIRST: main joins, then initialises: ordered after the worker's use, which came first: 1, 8,
//   1 defect (pthread_mutex_init of a used mutex).
// -D REINIT: main initialises m before the creation and again after it: 1, 8, 1 (the second races).
// -D HELD: the worker locks m and posts a semaphore; main waits for it, initialises m while the worker
//   holds it (EBUSY: m stays held), then posts back, and the worker unlocks: every use is ordered with
//   the init, 1 configuration, 1 defect (pthread_mutex_init of a locked mutex). Events: the 8 above,
//   main's two sem_init, sem_wait and sem_post, the worker's sem_post and sem_wait: 14.
// -D TWO_ORDERS: the worker and main first take another mutex n in turn, then the worker locks m and
//   main initialises it: 2 maximal configurations (the order of the n sections), in each of which the
//   init and the worker's use of m are unordered; whichever comes first in an execution, the report is
//   the same defect (one per init site): 1. Events: main's start and create, the worker's start (3);
//   per configuration the two n sections (4), the worker's lock, unlock and exit, main's join and exit
//   (5): 21.
// -D HEAP: the worker locks a malloc'd mutex nobody initialised (--uninit report, the default): the
//   lock is reported, once (1, 8, 1). -D HEAP -D CALLOC: a zero-filled block is a mutex as
//   PTHREAD_MUTEX_INITIALIZER makes it: no defect.
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>

#if !defined(HEAP)
static pthread_mutex_t m; // zero-filled: what PTHREAD_MUTEX_INITIALIZER gives, so initialised for glibc
#endif
#if defined(HELD)
static sem_t held, done;
#endif
#if defined(TWO_ORDERS)
static pthread_mutex_t n = PTHREAD_MUTEX_INITIALIZER;
#endif

static void *worker(void *arg) {
    pthread_mutex_t *p = arg;
#if defined(TWO_ORDERS)
    pthread_mutex_lock(&n);
    pthread_mutex_unlock(&n);
#endif
    pthread_mutex_lock(p);
#if defined(HELD)
    sem_post(&held);
    sem_wait(&done);
#endif
    pthread_mutex_unlock(p);
    return 0;
}

int main(void) {
    pthread_t t;
#if defined(HEAP)
#if defined(CALLOC)
    pthread_mutex_t *p = calloc(1, sizeof *p);
#else
    pthread_mutex_t *p = malloc(sizeof *p);
#endif
    pthread_create(&t, 0, worker, p);
    pthread_join(t, 0);
    free(p);
#elif defined(INIT_FIRST)
    pthread_mutex_init(&m, 0);
    pthread_create(&t, 0, worker, &m);
    pthread_join(t, 0);
#elif defined(JOIN_FIRST)
    pthread_create(&t, 0, worker, &m);
    pthread_join(t, 0);
    pthread_mutex_init(&m, 0);
#elif defined(HELD)
    sem_init(&held, 0, 0);
    sem_init(&done, 0, 0);
    pthread_create(&t, 0, worker, &m);
    sem_wait(&held);
    pthread_mutex_init(&m, 0);
    sem_post(&done);
    pthread_join(t, 0);
#else
#if defined(REINIT)
    pthread_mutex_init(&m, 0);
#endif
    pthread_create(&t, 0, worker, &m);
#if defined(TWO_ORDERS)
    pthread_mutex_lock(&n);
    pthread_mutex_unlock(&n);
#endif
    pthread_mutex_init(&m, 0);
    pthread_join(t, 0);
#endif
    return 0;
}
