// Polling a flag under a mutex (README "Spin loops"; engine/unfolding/README.md "Spin loops and
// awaits"): an iteration that locks and unlocks mutexes and reads changes nothing. VARIANT 0: main
// polls `done` under m until the setter sets it under m; 1: the setter takes m but never sets `done`
// (a livelock); 2: as 0, and the setter first try-locks another mutex (the rule still applies to m);
// 3: main polls under two nested mutexes, the setter sets `done` under the inner one; 4: a worker
// try-locks m while main polls it, twice with m taken and released in between: both fail only if
// main's poll holds m at both, in two different iterations (the rule is not applied to m).
#include <assert.h>
#include <pthread.h>

#ifndef VARIANT
#define VARIANT 0
#endif

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, inner = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;
int done;

void *setter(void *arg) {
    if (VARIANT == 2 && pthread_mutex_trylock(&other) == 0)
        pthread_mutex_unlock(&other);
    pthread_mutex_t *guard = VARIANT == 3 ? &inner : &m;
    pthread_mutex_lock(guard);
    if (VARIANT != 1)
        done = 1;
    pthread_mutex_unlock(guard);
    return arg;
}

#if VARIANT == 4
// (Only in variant 4: a trylock of m anywhere in the program turns the rule off for m.)
void *tryer(void *arg) {
    const int first = pthread_mutex_trylock(&m);
    if (first == 0)
        pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    const int second = pthread_mutex_trylock(&m);
    if (second == 0)
        pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    done = 1;
    pthread_mutex_unlock(&m);
    assert(first == 0 || second == 0);
    return arg;
}
#else
#define tryer setter
#endif

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, VARIANT == 4 ? tryer : setter, 0);
    for (;;) {
        pthread_mutex_lock(&m);
        if (VARIANT == 3)
            pthread_mutex_lock(&inner);
        const int seen = done;
        if (VARIANT == 3)
            pthread_mutex_unlock(&inner);
        pthread_mutex_unlock(&m);
        if (seen)
            break;
    }
    pthread_join(t, 0);
    return 0;
}
