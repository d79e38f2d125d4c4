// MPAT(K), the "M pattern" (docs/algorithms.md, "Oracles"): for each i < K main creates a writer that locks
// and unlocks ma[i], and a reader that locks mi, then ma[i], unlocks both; main ends with pthread_exit.
// Oracle: 2^K * K! maximal configurations.
#include <pthread.h>

#ifndef K
#define K 2
#endif

static pthread_mutex_t mi = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t ma[K];

static void *wa(void *arg)
{
    long i = (long)arg;
    pthread_mutex_lock(&ma[i]);
    pthread_mutex_unlock(&ma[i]);
    return NULL;
}

static void *ra(void *arg)
{
    long i = (long)arg;
    pthread_mutex_lock(&mi);
    pthread_mutex_lock(&ma[i]);
    pthread_mutex_unlock(&ma[i]);
    pthread_mutex_unlock(&mi);
    return NULL;
}

int main(void)
{
    pthread_t t;
    for (long i = 0; i < K; i++)
        pthread_mutex_init(&ma[i], NULL);
    for (long i = 0; i < K; i++) {
        pthread_create(&t, NULL, wa, (void *)i);
        pthread_create(&t, NULL, ra, (void *)i);
    }
    pthread_exit(NULL);
}
