// A retry loop on pthread_mutex_trylock (README "Spin loops"; engine/unfolding/README.md "Spin loops
// and awaits"): an iteration whose only event is a failed trylock changes nothing, so main awaits the
// mutex's release after one, as a spin awaits a write (session 18; before, each run inside T1's hold
// went on to the 4M-action bound, as in goblint's 04-mutex_42). T1 takes b, sets x and releases b.
// By default main retries `while (pthread_mutex_trylock(&b))`. Main's trylock and T1's hold of b:
//   before it (succeeds: T1's lock then waits for main's unlock), after it (succeeds), inside it
//   (fails, main awaits; T1's unlock frees b, so the run is cut): 2 configurations, 1 cut, no defect.
// -D UNDER_A: each attempt is made holding another mutex a (lock a, trylock b, unlock a), a hold of a
//   that nothing else observes: the same 2 + 1 runs.
// -D FOREVER: T1 never releases b. Main's trylock before T1's lock succeeds (main then releases b,
//   and T1 takes it and exits holding it); inside T1's hold it fails, and main awaits an owner that
//   exits holding b: a livelock (`T0 spins forever at trylock_retry.c:40:12 waiting for 'b' = locked
//   by T1 to change`): 2 configurations, 1 defect.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int x;

void *taker(void *arg) {
    pthread_mutex_lock(&b);
    x = 1;
#if !defined(FOREVER)
    pthread_mutex_unlock(&b);
#endif
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, taker, 0);
#if defined(UNDER_A)
    for (;;) {
        pthread_mutex_lock(&a);
        const int busy = pthread_mutex_trylock(&b);
        pthread_mutex_unlock(&a);
        if (!busy)
            break;
    }
#else
    while (pthread_mutex_trylock(&b)) {
    }
#endif
    const int seen = x;
    pthread_mutex_unlock(&b);
    pthread_join(t, 0);
    assert(seen == 0 || seen == 1);
    return 0;
}
