// thread-creates(N) (docs/algorithms.md, "Oracles"; DPU regression suite): a chain of creations main -> T1
// -> ... -> TN, each thread joining the child it created. N = chain length (default 3).
// Oracle: 1 maximal configuration, 4N + 2 events.
#include <pthread.h>

#ifndef N
#define N 3
#endif

/// Creates the rest of the chain (`remaining` more threads) and joins its head.
static void *spawn(void *arg)
{
    long remaining = (long)arg;
    if (remaining == 0)
        return NULL;
    pthread_t child;
    pthread_create(&child, NULL, spawn, (void *)(remaining - 1));
    pthread_join(child, NULL);
    return NULL;
}

int main(void)
{
    spawn((void *)(long)N);
    pthread_exit(NULL); // as the model program; nothing is left running here
}
