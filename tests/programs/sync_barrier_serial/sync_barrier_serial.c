// pthread_barrier_wait returns PTHREAD_BARRIER_SERIAL_THREAD to exactly one party of each round
// (the one whose arrival completed it) and 0 to the others. main is one of the three parties.
#include <assert.h>
#include <pthread.h>

static pthread_barrier_t b;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int serial; // protected by m

static void *party(void *arg) {
    int r = pthread_barrier_wait(&b);
    assert(r == 0 || r == PTHREAD_BARRIER_SERIAL_THREAD);
    if (r == PTHREAD_BARRIER_SERIAL_THREAD) {
        pthread_mutex_lock(&m);
        serial++;
        pthread_mutex_unlock(&m);
    }
    return arg;
}

int main(void) {
    pthread_t t1, t2;
    pthread_barrier_init(&b, NULL, 3);
    pthread_create(&t1, NULL, party, NULL);
    pthread_create(&t2, NULL, party, NULL);
    party(NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    assert(serial == 1);
    return 0;
}
