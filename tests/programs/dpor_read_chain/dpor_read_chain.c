// Three threads on one variable, where a read decides whether more accesses follow: T2 reads x and, having
// read 0, reads it again and writes 2 then 0. A regression program for optimal DPOR's sleep sets (a
// shortcut that puts reads to sleep by the time they were scheduled misses 2 of its traces). 38 traces
// (78 interleavings) under --model sc, by brute force.
#include <pthread.h>

int x;
int r0, r1, r2, r3;

void *t0(void *arg) {
    x = 2;
    r0 = x;
    return arg;
}

void *t1(void *arg) {
    r1 = x;
    return arg;
}

void *t2(void *arg) {
    r2 = x;
    if (r2 == 0) {
        r3 = x;
        x = 2;
        x = 0;
    }
    return arg;
}

int main(void) {
    pthread_t a, b, c;
    pthread_create(&a, 0, t0, 0);
    pthread_create(&b, 0, t1, 0);
    pthread_create(&c, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
