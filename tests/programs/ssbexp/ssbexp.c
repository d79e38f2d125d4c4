// ssbexp(K), the lock-based benchmark form of Fig. 1 of the QPOR paper (docs/algorithms.md, "Oracles"): the
// value main reads from i (set by counter) decides which writer's mutex ma[i] it races with. PARAM1 = K
// writers (default 3). Oracle: 2K maximal configurations, 3K^2 + 20K + 1 events.
#include <pthread.h>

#ifndef PARAM1
#define PARAM1 3
#endif
#define K PARAM1

static pthread_mutex_t ma[K];
static pthread_mutex_t mi = PTHREAD_MUTEX_INITIALIZER;
static int i = 0;

static void *counter(void *arg)
{
    for (int x = 1; x < K; x++) {
        pthread_mutex_lock(&mi);
        i = x;
        pthread_mutex_unlock(&mi);
    }
    return arg;
}

static void *wa(void *arg)
{
    long x = (long)arg;
    pthread_mutex_lock(&ma[x]);
    pthread_mutex_unlock(&ma[x]);
    return NULL;
}

int main(void)
{
    pthread_t writers[K], count;
    for (long x = 0; x < K; x++) {
        pthread_mutex_init(&ma[x], NULL);
        pthread_create(&writers[x], NULL, wa, (void *)x);
    }
    pthread_create(&count, NULL, counter, NULL);

    pthread_mutex_lock(&mi);
    int idx = i;
    pthread_mutex_unlock(&mi);
    pthread_mutex_lock(&ma[idx]);
    pthread_mutex_unlock(&ma[idx]);

    for (int x = 0; x < K; x++)
        pthread_join(writers[x], NULL);
    pthread_join(count, NULL);
    pthread_exit(NULL); // as the model program; nothing is left running here
}
