// blocked2 (docs/algorithms.md, "Oracles"; the blocked-thread case of "Conflicting extensions"): main creates
// two threads that each lock m and return holding it, then calls pthread_exit; whoever locks second blocks
// forever (a deadlock). No parameters. Oracle: 2 maximal configurations, 10 events.
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    pthread_mutex_lock(&m);
    return arg; // still holding m
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_exit(NULL);
}
