// ccnf(N) (docs/algorithms.md, "Oracles"): 2N threads; thread i locks and unlocks m[i/2]. With JOIN=1 main
// joins them all, with JOIN=0 main ends with pthread_exit. Oracle: 2^N maximal configurations.
#include <pthread.h>

#ifndef N
#define N 2
#endif
#ifndef JOIN
#define JOIN 1
#endif

static pthread_mutex_t m[N];

static void *worker(void *arg)
{
    long i = (long)arg;
    pthread_mutex_lock(&m[i / 2]);
    pthread_mutex_unlock(&m[i / 2]);
    return NULL;
}

int main(void)
{
    pthread_t threads[2 * N];
    for (int i = 0; i < N; i++)
        pthread_mutex_init(&m[i], NULL);
    for (long i = 0; i < 2 * N; i++)
        pthread_create(&threads[i], NULL, worker, (void *)i);
#if JOIN
    for (int i = 0; i < 2 * N; i++)
        pthread_join(threads[i], NULL);
    return 0;
#else
    pthread_exit(NULL);
#endif
}
