// lost_update, a classroom example (cf. the example of DPU's Steroids runtime): two threads each
// read x in one critical section and write the value + 1 back in another, so one update can be lost;
// main joins both and asserts x == 2. No parameters. 6 maximal configurations; the assertion fails in 4.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *increment(void *arg)
{
    pthread_mutex_lock(&m);
    int tmp = x;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    x = tmp + 1;
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, increment, NULL);
    pthread_create(&t2, NULL, increment, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("x = %d\n", x);
    assert(x == 2);
    pthread_exit(NULL); // as every program here; nothing is left running
}
