// blocked3 (docs/algorithms.md, "Oracles"; a blocked thread, "Conflicting extensions"): main creates three
// threads that each do `lock m1; unlock m1; lock m2` and return holding m2, then calls pthread_exit; the two
// threads that lock m2 later block forever (a deadlock). No parameters. Oracle: 18 maximal configurations, 68 events.
#include <pthread.h>

static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    pthread_mutex_lock(&m1);
    pthread_mutex_unlock(&m1);
    pthread_mutex_lock(&m2);
    return arg; // still holding m2
}

int main(void)
{
    pthread_t t1, t2, t3;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_create(&t3, NULL, worker, NULL);
    pthread_exit(NULL);
}
