// Every kind of event the event structure draws, under --model sc --nondet explore, with the objects
// programs name most (a mutex, an element of an array, a field): for tst_FrenchDebugger's labels.
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

struct queue {
    pthread_mutex_t lock;
    int items;
};

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t forks[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
struct queue q = {PTHREAD_MUTEX_INITIALIZER, 0};
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
pthread_rwlock_t table = PTHREAD_RWLOCK_INITIALIZER;
pthread_barrier_t start;
sem_t ready;
sem_t spare_sem; // destroyed by the worker while main runs: events
pthread_cond_t spare_cond = PTHREAD_COND_INITIALIZER;
pthread_barrier_t spare_barrier;
pthread_rwlock_t spare_table = PTHREAD_RWLOCK_INITIALIZER;
int flag;

void *worker(void *arg) {
    (void)arg;
    pthread_barrier_wait(&start);
    sem_post(&ready);
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_rwlock_wrlock(&table);
    pthread_rwlock_unlock(&table);
    pthread_mutex_destroy(&forks[0]); // main runs on: an event
    sem_destroy(&spare_sem);
    pthread_cond_destroy(&spare_cond);
    pthread_barrier_destroy(&spare_barrier);
    pthread_rwlock_destroy(&spare_table);
    return 0;
}

int main(void) {
    pthread_t t;
    sem_init(&ready, 0, 0);
    pthread_barrier_init(&start, 0, 2);
    pthread_create(&t, 0, worker, 0);
    pthread_barrier_wait(&start);
    sem_wait(&ready);
    sem_trywait(&ready);
    pthread_mutex_lock(&m);
    while (!flag)
        pthread_cond_wait(&c, &m);
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    if (pthread_mutex_trylock(&forks[1]) == 0)
        pthread_mutex_unlock(&forks[1]);
    pthread_mutex_lock(&q.lock);
    q.items = __VERIFIER_nondet_int();
    pthread_mutex_unlock(&q.lock);
    pthread_rwlock_rdlock(&table);
    pthread_rwlock_unlock(&table);
    if (pthread_rwlock_tryrdlock(&table) == 0)
        pthread_rwlock_unlock(&table);
    if (pthread_rwlock_trywrlock(&table) == 0)
        pthread_rwlock_unlock(&table);
    pthread_join(t, 0);
    exit(0); // the program's end: an event
}
