// Fig. 1 (a) of the QPOR paper in its paper form (issue 5): N writers do x[j] = 7 + j, a counter
// thread increments c N - 1 times, and the master (main) does i = c; x[i] = 0. No mutexes. Which
// writer the master's write interferes with depends on the counter's progress: 2N traces, and
// k = 2 alternatives already explore them without a sleep-set-blocked execution (source-DPOR may
// explore O(2^N)). The unsynchronised accesses are data races, reported as such.
#include <pthread.h>

#ifndef N
#define N 3
#endif

int x[N];
int c;

void *writer(void *arg) {
    long j = (long)arg;
    x[j] = 7 + (int)j;
    return 0;
}

void *count(void *arg) {
    for (int k = 1; k < N; k++)
        c = c + 1;
    return arg;
}

int main(void) {
    pthread_t w[N], t;
    for (long j = 0; j < N; j++)
        pthread_create(&w[j], 0, writer, (void *)j);
    pthread_create(&t, 0, count, 0);
    int i = c;
    x[i] = 0;
    pthread_exit(0);
}
