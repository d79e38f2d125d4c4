// Lost wake-up: the waiter reads the flag under the mutex but releases it before waiting, without
// testing the flag again. If the signal comes in between, nobody wakes the waiter: a deadlock.
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready; // protected by m

static void *waiter(void *arg) {
    pthread_mutex_lock(&m);
    int seen = ready;
    pthread_mutex_unlock(&m);
    if (!seen) {
        pthread_mutex_lock(&m);
        pthread_cond_wait(&c, &m); // bug: ready may have been set (and signalled) meanwhile
        pthread_mutex_unlock(&m);
    }
    return arg;
}

static void *signaller(void *arg) {
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    pthread_t w, s;
    pthread_create(&w, NULL, waiter, NULL);
    pthread_create(&s, NULL, signaller, NULL);
    pthread_join(w, NULL);
    pthread_join(s, NULL);
    return 0;
}
