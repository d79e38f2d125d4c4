// The program of Fig. 2 of the QPOR paper in the DPU event model (docs/algorithms.md, "Oracles"): main
// creates Thread0..Thread2 and exits; if Thread1 locks m first, Thread0 returns holding m and m2 and
// Thread2 blocks forever on m2 (a deadlock). No parameters. Oracle: 3 maximal configurations, 25 events.
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t m2 = PTHREAD_MUTEX_INITIALIZER; // m' of the paper
static int x, y, z;

static void *thread0(void *arg)
{
    x = 0;
    pthread_mutex_lock(&m);
    if (y == 0) {
        pthread_mutex_unlock(&m);
    } else {
        pthread_mutex_lock(&m2);
        z = 2; // returns holding m and m2
    }
    return arg;
}

static void *thread1(void *arg)
{
    pthread_mutex_lock(&m);
    y = 1;
    pthread_mutex_unlock(&m);
    return arg;
}

static void *thread2(void *arg)
{
    pthread_mutex_lock(&m2);
    z = 3;
    pthread_mutex_unlock(&m2);
    return arg;
}

int main(void)
{
    pthread_t t0, t1, t2;
    pthread_create(&t0, NULL, thread0, NULL);
    pthread_create(&t1, NULL, thread1, NULL);
    pthread_create(&t2, NULL, thread2, NULL);
    pthread_exit(NULL); // the threads run on (a return would end them all)
}
