// pthread_mutex_destroy racing with another thread's lock (engine/unfolding/README.md, "Mutex
// destruction"). By default main destroys m while the worker may lock it, then joins:
//   the destroy is one event on m's chain, ordered against the worker's lock and unlock, so there
//   are 3 maximal configurations: destroy < lock (the lock uses a destroyed mutex: a defect, then
//   the mutex acts as initialised again), lock < destroy < unlock (destroying a held mutex: a
//   defect, EBUSY) and unlock < destroy (fine); 2 defects.
//   Events: main's start, create and the worker's start (3); on m, the three orders' events:
//   destroy, lock, unlock after the destroy; lock, destroy, unlock after it; lock, unlock, destroy
//   after them (8); per configuration the worker's exit, main's join and main's exit (9): 20.
// -D JOIN_FIRST: main joins before destroying, so no other thread can use m concurrently and the
//   destroy is no event: the counts of -D NO_DESTROY, the same program without it (1, 8).
// -D USE_AFTER: main destroys m, then creates the worker, which locks it: a use after destroy in
//   the one configuration (1 defect). With -D REINIT (pthread_mutex_init) or -D STORE_INIT (an
//   initialiser stored into m) between the destroy and the creation, none.
// -D TWICE: main destroys m twice after the join: 1 defect.
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    pthread_t t;
#if defined(USE_AFTER)
    pthread_mutex_destroy(&m);
#if defined(REINIT)
    pthread_mutex_init(&m, 0);
#elif defined(STORE_INIT)
    pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
    m = fresh;
#endif
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
#elif defined(JOIN_FIRST) || defined(NO_DESTROY) || defined(TWICE)
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
#if !defined(NO_DESTROY)
    pthread_mutex_destroy(&m);
#endif
#if defined(TWICE)
    pthread_mutex_destroy(&m);
#endif
#else
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_destroy(&m);
    pthread_join(t, 0);
#endif
    return 0;
}
