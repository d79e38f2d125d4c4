// Bounded buffer (one slot) with two semaphores: one producer puts two items, two consumers take
// one each. Every item is consumed exactly once. No defect.
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>

static sem_t empty, full;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int slot, sum; // protected by m

static void *producer(void *arg) {
    for (int i = 1; i <= 2; i++) {
        sem_wait(&empty);
        pthread_mutex_lock(&m);
        slot = i;
        pthread_mutex_unlock(&m);
        sem_post(&full);
    }
    return arg;
}

static void *consumer(void *arg) {
    sem_wait(&full);
    pthread_mutex_lock(&m);
    sum += slot;
    slot = 0;
    pthread_mutex_unlock(&m);
    sem_post(&empty);
    return arg;
}

int main(void) {
    pthread_t p, c1, c2;
    sem_init(&empty, 0, 1);
    sem_init(&full, 0, 0);
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c1, NULL, consumer, NULL);
    pthread_create(&c2, NULL, consumer, NULL);
    pthread_join(p, NULL);
    pthread_join(c1, NULL);
    pthread_join(c2, NULL);
    assert(sum == 3);
    sem_destroy(&empty);
    sem_destroy(&full);
    return 0;
}
