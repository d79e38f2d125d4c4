// factorial-conflicts(N) (docs/algorithms.md, "Oracles"): N threads each lock m, increment a counter and
// unlock; main creates them in a loop, joins them all and asserts the total. Oracle: N! maximal configurations.
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 3
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count;

static void *increment(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    count++;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t threads[N];
    for (int i = 0; i < N; i++)
        pthread_create(&threads[i], NULL, increment, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(threads[i], NULL);
    assert(count == N);
    return 0;
}
