// A correct condition-variable handshake: the waiter tests the flag under the mutex, in a loop, so
// the signal cannot be lost whichever thread goes first. No defect.
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c;
static int ready, data; // protected by m

static void *waiter(void *arg) {
    pthread_mutex_lock(&m);
    while (!ready)
        pthread_cond_wait(&c, &m);
    assert(data == 42);
    pthread_mutex_unlock(&m);
    return arg;
}

static void *signaller(void *arg) {
    pthread_mutex_lock(&m);
    data = 42;
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    pthread_t w, s;
    pthread_cond_init(&c, NULL);
    pthread_create(&w, NULL, waiter, NULL);
    pthread_create(&s, NULL, signaller, NULL);
    pthread_join(w, NULL);
    pthread_join(s, NULL);
    pthread_cond_destroy(&c);
    return 0;
}
