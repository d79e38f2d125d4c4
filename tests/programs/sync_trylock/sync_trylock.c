// Two threads try-lock a mutex that a third locks: a failed trylock returns EBUSY and skips the
// critical section, so the count is 1, 2 or 3, never 0. No defect.
#include <assert.h>
#include <errno.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count; // protected by m

static void *trier(void *arg) {
    int r = pthread_mutex_trylock(&m);
    assert(r == 0 || r == EBUSY);
    if (r == 0) {
        count++;
        pthread_mutex_unlock(&m);
    }
    return arg;
}

static void *locker(void *arg) {
    pthread_mutex_lock(&m);
    count++;
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    pthread_t a, b, c;
    pthread_create(&a, NULL, trier, NULL);
    pthread_create(&b, NULL, locker, NULL);
    pthread_create(&c, NULL, trier, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    pthread_join(c, NULL);
    assert(count >= 1 && count <= 3);
    return 0;
}
