// Hand-written mutual exclusion for two threads (issue 5), with sequentially consistent atomics:
// PROTOCOL 0 Peterson, 1 Dekker, 2 broken (each thread raises its flag only after testing the
// other's, so both can enter). Busy waits give up after SPINS tries (the thread then skips its
// critical section) so every execution is finite. Under --model sc, Peterson and Dekker never
// have two threads inside; the broken variant is caught by the assertion.
#include <assert.h>
#include <pthread.h>

#ifndef PROTOCOL
#define PROTOCOL 0
#endif
#ifndef SPINS
#define SPINS 1
#endif

#define LOAD(v) __atomic_load_n(&(v), __ATOMIC_SEQ_CST)
#define STORE(v, value) __atomic_store_n(&(v), (value), __ATOMIC_SEQ_CST)

int flag[2];
int turn;
int inside;

void *worker(void *arg) {
    int me = (int)(long)arg, other = 1 - me, entered = 0;
#if PROTOCOL == 0
    STORE(flag[me], 1);
    STORE(turn, other);
    for (int s = 0; s <= SPINS && !entered; s++)
        if (!LOAD(flag[other]) || LOAD(turn) == me)
            entered = 1;
#elif PROTOCOL == 1
    STORE(flag[me], 1);
    for (int s = 0; s <= SPINS && !entered; s++) {
        if (!LOAD(flag[other])) {
            entered = 1;
        } else if (LOAD(turn) != me) {
            STORE(flag[me], 0);
            while (LOAD(turn) != me && s < SPINS)
                s++;
            STORE(flag[me], 1);
        }
    }
#else
    for (int s = 0; s <= SPINS && !entered; s++)
        if (!LOAD(flag[other]))
            entered = 1;
    STORE(flag[me], 1);
#endif
    if (entered) {
        assert(inside == 0); // nobody else in the critical section
        inside = 1;
        inside = 0;
#if PROTOCOL == 1
        STORE(turn, other);
#endif
    }
    STORE(flag[me], 0);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)0);
    pthread_create(&b, 0, worker, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
