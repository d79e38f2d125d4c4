// POL(N, K), poke a thread pool, Table 1's version (docs/algorithms.md, "Oracles", `poke.c`): K rounds of a
// choice thread moving the index i while a reader ra consumes a[i] under ma[i]; main joins the pool and
// checks that every poke was counted once. PARAM1 = N workers (default 7), PARAM2 = K rounds (default 3).
#include <assert.h>
#include <pthread.h>

#ifndef PARAM1
#define PARAM1 7
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
    assert(0 <= d && d <= N);
    for (int x = 0; x < N; x++)
        pthread_join(pool[x], NULL);
    for (int x = 0; x < N; x++)
        d += a[x] != 0;
    assert(d == N);
    pthread_exit(NULL); // as the model program; nothing is left running here
}
