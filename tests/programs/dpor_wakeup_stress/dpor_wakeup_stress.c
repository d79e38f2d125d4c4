// wakeup_stress(N) ("Source Sets", JACM 2017, Fig. 12): thread 0 increments counter1; threads 1..N each
// increment counter2; the last thread waits for threads 1..N (joins them) and increments counter1. Every
// increment is an atomic read-modify-write. 2*N! traces under --model sc (the order of the N counter2
// increments times the order of the two counter1 increments): 2, 4, 12, 48, 240 for N = 1..5. It stresses
// Optimal-DPOR's wakeup trees (N!+1 leaves); QPOR needs none.
#include <pthread.h>

#ifndef N
#define N 3
#endif

int counter1, counter2;
pthread_t arrivals[N + 1];

void *first(void *arg) {
    __atomic_fetch_add(&counter1, 1, __ATOMIC_SEQ_CST);
    return arg;
}

void *arrive(void *arg) {
    __atomic_fetch_add(&counter2, 1, __ATOMIC_SEQ_CST);
    return arg;
}

void *last(void *arg) {
    for (int j = 1; j <= N; j++)
        pthread_join(arrivals[j], 0);
    __atomic_fetch_add(&counter1, 1, __ATOMIC_SEQ_CST);
    return arg;
}

int main(void) {
    pthread_t zero, waiter;
    pthread_create(&zero, 0, first, 0);
    for (int j = 1; j <= N; j++)
        pthread_create(&arrivals[j], 0, arrive, 0);
    pthread_create(&waiter, 0, last, 0);
    pthread_join(zero, 0);
    pthread_join(waiter, 0);
    return 0;
}
