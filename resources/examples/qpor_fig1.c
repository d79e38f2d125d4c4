// Writers, count and master: the program of Fig. 1 of the Quasi-Optimal POR paper (Nguyen, Rodriguez,
// Sousa, Coti, Petrucci, CAV 2018), written with mutexes. CORRECT: it shows the exploration, not a bug.
//
// N writer threads each write their own variable x[i]. The count thread increments c N-1 times. The
// master reads c into i and then writes x[i]. Which writer the master's write conflicts with depends
// on the value it read, so the program has 2N meaningfully different executions (the master reads
// c = 0..N-1, then writes x[i] before or after writer i). An optimal exploration runs exactly 2N;
// source-set DPOR (the k = 1 end of QPOR) can run O(2^N) and throw most of them away (SSB).
//
// Run:  weft explore resources/examples/qpor_fig1.c                      (N = 3: 6 maximal configurations)
//       weft explore resources/examples/qpor_fig1.c -D N=8 --sdpor       (compare the SSB count with --optimal)
//       weft explore resources/examples/qpor_fig1.c -D N=8 -k 2          (k = 2 is already optimal here)
// Expected: 0 defects, 2N maximal configurations, 0 SSB with --optimal, exit code 0.
#include <pthread.h>
#include <stdio.h>

#ifndef N
#define N 3
#endif

static pthread_mutex_t mx[N];                            // mx[i] protects x[i]
static pthread_mutex_t mc = PTHREAD_MUTEX_INITIALIZER;   // protects c
static int x[N];
static int c;

static void *writer(void *arg)
{
    long i = (long)arg;
    pthread_mutex_lock(&mx[i]);
    x[i] = 7 + (int)i;
    pthread_mutex_unlock(&mx[i]);
    return NULL;
}

static void *count(void *arg)
{
    for (int k = 1; k < N; k++) {
        pthread_mutex_lock(&mc);
        c++;
        pthread_mutex_unlock(&mc);
    }
    return arg;
}

static void *master(void *arg)
{
    pthread_mutex_lock(&mc);
    int i = c;
    pthread_mutex_unlock(&mc);
    pthread_mutex_lock(&mx[i]);
    x[i] = 0;
    pthread_mutex_unlock(&mx[i]);
    return arg;
}

int main(void)
{
    pthread_t w[N], tc, tm;
    for (long i = 0; i < N; i++)
        pthread_mutex_init(&mx[i], NULL);
    for (long i = 0; i < N; i++)
        pthread_create(&w[i], NULL, writer, (void *)i);
    pthread_create(&tc, NULL, count, NULL);
    pthread_create(&tm, NULL, master, NULL);
    for (long i = 0; i < N; i++)
        pthread_join(w[i], NULL);
    pthread_join(tc, NULL);
    pthread_join(tm, NULL);
    for (int i = 0; i < N; i++)
        printf("x[%d] = %d\n", i, x[i]);
    return 0;
}
