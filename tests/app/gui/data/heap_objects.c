// Synchronisation objects no C expression names: a mutex and a semaphore inside heap blocks held only
// by void pointers (named by where they were allocated), and a mutex that is a local variable.
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>

static void *work(void *arg) {
    pthread_mutex_lock((pthread_mutex_t *)arg + 1);
    pthread_mutex_unlock((pthread_mutex_t *)arg + 1);
    return 0;
}

int main(void) {
    void *block = malloc(2 * sizeof(pthread_mutex_t));
    void *semaphore = malloc(sizeof(sem_t));
    pthread_mutex_t local;
    pthread_mutex_init((pthread_mutex_t *)block + 1, 0);
    pthread_mutex_init(&local, 0);
    sem_init((sem_t *)semaphore, 0, 1);
    pthread_t worker;
    pthread_create(&worker, 0, work, block);
    sem_wait((sem_t *)semaphore);
    pthread_mutex_lock((pthread_mutex_t *)block + 1);
    pthread_mutex_lock(&local);
    pthread_mutex_unlock(&local);
    pthread_mutex_unlock((pthread_mutex_t *)block + 1);
    sem_post((sem_t *)semaphore);
    pthread_join(worker, 0);
    return 0;
}
