// Spin loops as Weft recognises them (issue 12, README "Spin loops"). VARIANT 0: a handshake, main
// spins until the producer raises a flag; 1: a worker spins on a flag nobody raises (a livelock once
// main waits in pthread_join); 2: a worker spins on a local copy of a shared value (a livelock as
// soon as the copy is 1); 3: a spin whose iteration runs an inner loop over two flags; 4: two workers
// increment a counter under a compare-exchange spin lock; 5: the same under a test-and-set (exchange)
// lock. A failed compare-exchange or an exchange of the value already there changes nothing: it spins.
#include <assert.h>
#include <pthread.h>

#ifndef VARIANT
#define VARIANT 0
#endif

#define LOAD(v) __atomic_load_n(&(v), __ATOMIC_SEQ_CST)
#define STORE(v, value) __atomic_store_n(&(v), (value), __ATOMIC_SEQ_CST)

int flag, data, turn = 1;
int ready[2];
int lock, counter;

void *casWorker(void *arg) {
    int expected = 0;
    while (!__atomic_compare_exchange_n(&lock, &expected, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        expected = 0;
    STORE(counter, LOAD(counter) + 1);
    STORE(lock, 0);
    return 0;
}

void *exchangeWorker(void *arg) {
    while (__atomic_exchange_n(&lock, 1, __ATOMIC_SEQ_CST)) {
    }
    STORE(counter, LOAD(counter) + 1);
    STORE(lock, 0);
    return 0;
}

void *producer(void *arg) {
    STORE(data, 42);
    STORE(flag, 1);
    return 0;
}

void *waiter(void *arg) {
    while (!LOAD(flag)) {
    }
    return 0;
}

void *copier(void *arg) {
    const int t = LOAD(turn);
    while (t != 0) {
    }
    return 0;
}

void *setter(void *arg) {
    STORE(ready[(long)arg], 1);
    return 0;
}

int main(void) {
    pthread_t t;
#if VARIANT == 0
    pthread_create(&t, 0, producer, 0);
    while (!LOAD(flag)) {
    }
    assert(LOAD(data) == 42);
#elif VARIANT == 1
    pthread_create(&t, 0, waiter, 0);
#elif VARIANT == 2
    pthread_create(&t, 0, copier, 0);
    STORE(turn, 0);
#elif VARIANT == 3
    pthread_create(&t, 0, setter, (void *)1);
    for (;;) {
        int any = 0;
        for (int i = 0; i < 2; i++)
            any |= LOAD(ready[i]);
        if (any)
            break;
    }
#else
    pthread_t t2;
    pthread_create(&t, 0, VARIANT == 4 ? casWorker : exchangeWorker, 0);
    pthread_create(&t2, 0, VARIANT == 4 ? casWorker : exchangeWorker, 0);
    pthread_join(t2, 0);
#endif
    pthread_join(t, 0);
#if VARIANT >= 4
    assert(LOAD(counter) == 2);
#endif
    return 0;
}
