// POL(N, K), DPU's regression version of poke (its tests/regression/ssbs/poke.c; docs/algorithms.md, "Oracles"):
// Table 1's poke.c without the asserts, ending with pthread_exit. It still joins the pool first: the
// reading that gives the published counts (the model program's comment). PARAM1 = N workers, PARAM2 = K rounds.
#include <pthread.h>

#ifndef PARAM1
#define PARAM1 4
#endif
#ifndef PARAM2
#define PARAM2 3
#endif
#define N PARAM1
#define K PARAM2

static pthread_mutex_t ma[N];
static pthread_mutex_t mi = PTHREAD_MUTEX_INITIALIZER;
static int a[N];
static int i = 0;
static int d = 0;

static void *choice(void *arg)
{
    for (int x = 1; x < N; x++) {
        pthread_mutex_lock(&mi);
        i = x;
        pthread_mutex_unlock(&mi);
    }
    return arg;
}

static void *wa(void *arg)
{
    long id = (long)arg;
    pthread_mutex_lock(&ma[id]);
    a[id] = 1;
    pthread_mutex_unlock(&ma[id]);
    return NULL;
}

static void *ra(void *arg)
{
    pthread_mutex_lock(&mi);
    int idx = i;
    pthread_mutex_unlock(&mi);
    pthread_mutex_lock(&ma[idx]);
    if (a[idx] == 1) {
        d++;
        a[idx] = 0;
    }
    pthread_mutex_unlock(&ma[idx]);
    return arg;
}

int main(void)
{
    pthread_t pool[N], c, r;
    for (long x = 0; x < N; x++) {
        a[x] = 0;
        pthread_mutex_init(&ma[x], NULL);
        pthread_create(&pool[x], NULL, wa, (void *)x);
    }
    for (int round = 0; round < K; round++) {
        pthread_create(&c, NULL, choice, NULL);
        pthread_create(&r, NULL, ra, NULL);
        pthread_join(c, NULL);
        pthread_join(r, NULL);
    }
    // Without these joins every configuration would have N events fewer than the published counts.
    for (int x = 0; x < N; x++)
        pthread_join(pool[x], NULL);
    pthread_exit(NULL);
}
