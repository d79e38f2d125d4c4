// Heap blocks reached only through local pointers: an account allocated by main, its mutex locked
// by main through `shared` and by a worker through its own `acc`; a node list walked with a local.
#include <pthread.h>
#include <stdlib.h>

struct account {
    int balance;
    pthread_mutex_t lock;
};

static void *deposit(void *arg) {
    struct account *acc = arg;
    pthread_mutex_lock(&acc->lock);
    acc->balance += 1;
    pthread_mutex_unlock(&acc->lock);
    return 0;
}

int main(void) {
    struct account *shared = malloc(sizeof *shared);
    shared->balance = 0;
    pthread_mutex_init(&shared->lock, 0);
    pthread_t worker;
    pthread_create(&worker, 0, deposit, shared);
    pthread_mutex_lock(&shared->lock);
    shared->balance += 2;
    pthread_mutex_unlock(&shared->lock);
    pthread_join(worker, 0);
    free(shared);
    return 0;
}
