// two-columns(N) (docs/algorithms.md, "Oracles"): main creates one thread; both do N times (lock m; count++;
// unlock m); nobody joins. main returns, which DPU reads as a pthread_exit: the oracle needs
// InterpreterOptions::mainReturnEndsProgram = false (expected.json says so). Oracle: C(2N, N) configurations.
#include <pthread.h>

#ifndef N
#define N 2
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count;

static void *column(void *arg)
{
    for (int x = 0; x < N; x++) {
        pthread_mutex_lock(&m);
        count++;
        pthread_mutex_unlock(&m);
    }
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, column, NULL);
    column(NULL);
    return 0;
}
