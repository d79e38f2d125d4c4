// SPDX-License-Identifier: MIT
// One long execution ending in a defect: two threads each take and release their own mutex N times
// (independent events, so the exploration has a single maximal configuration of 4N+5 events), then
// main asserts a total that is off by one. N=10000: 40,005 events; 100000: 400,005; 1000000: 4,000,005
// (under the default bound of 2^22 actions per execution). Used by the GUI's long-execution test and
// weft-gui-bench.
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 100000
#endif

pthread_mutex_t locks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
long counts[2];

void *worker(void *arg) {
    long mine = (long)arg;
    for (long k = 0; k < N; k++) {
        pthread_mutex_lock(&locks[mine]);
        counts[mine]++;
        pthread_mutex_unlock(&locks[mine]);
    }
    return 0;
}

int main(void) {
    pthread_t other;
    pthread_create(&other, 0, worker, (void *)1);
    worker((void *)0);
    pthread_join(other, 0);
    assert(counts[0] + counts[1] == 2L * N + 1); // fails: the failing step ends the long execution
    return 0;
}
