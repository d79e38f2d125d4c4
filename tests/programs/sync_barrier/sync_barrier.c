// A barrier of three threads: each counts itself in before waiting, and checks after passing that
// all three arrived. No defect.
#include <assert.h>
#include <pthread.h>

static pthread_barrier_t b;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int arrived; // protected by m

static void *worker(void *arg) {
    pthread_mutex_lock(&m);
    arrived++;
    pthread_mutex_unlock(&m);
    pthread_barrier_wait(&b);
    pthread_mutex_lock(&m);
    assert(arrived == 3);
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    pthread_t t[3];
    pthread_barrier_init(&b, NULL, 3);
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    pthread_barrier_destroy(&b);
    return 0;
}
