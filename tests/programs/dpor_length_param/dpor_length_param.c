// length-param(T, N) (Abdulla et al., "Parsimonious Optimal DPOR", CAV 2024): each of T threads stores and
// loads its own global N times, then stores and loads one shared variable. The traces do not depend on N
// (4 for T = 2, 36 for T = 3 under --model sc); the cost per execution does: a test of per-event cost on
// long executions.
#include <pthread.h>

#ifndef T
#define T 2
#endif
#ifndef N
#define N 5
#endif

int g[T];
int shared;

void *worker(void *arg) {
    int t = (int)(long)arg;
    for (int k = 0; k < N; k++) {
        g[t] = k;
        int r = g[t];
        (void)r;
    }
    shared = t;
    int r2 = shared;
    (void)r2;
    return 0;
}

int main(void) {
    pthread_t th[T];
    for (long t = 0; t < T; t++)
        pthread_create(&th[t], 0, worker, (void *)t);
    for (int t = 0; t < T; t++)
        pthread_join(th[t], 0);
    return 0;
}
