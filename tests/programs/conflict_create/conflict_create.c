// conflict-create(N) (docs/algorithms.md, "Oracles", DPU regression suite): main creates N threads; each
// locks m, creates a child (which does nothing) and unlocks m. Nobody joins; main ends with pthread_exit. N =
// threads (default 3). Oracle: N! maximal configurations; events 10, 30, 98, 394, 1962, 11750.
#include <pthread.h>

#ifndef N
#define N 3
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *child(void *arg)
{
    return arg;
}

static void *creator(void *arg)
{
    pthread_t c;
    pthread_mutex_lock(&m);
    pthread_create(&c, NULL, child, NULL);
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void)
{
    pthread_t t;
    for (int x = 0; x < N; x++)
        pthread_create(&t, NULL, creator, NULL);
    pthread_exit(NULL); // the creators and their children run on
}
