// Two waiters on one condition variable, woken by a single broadcast: both leave whatever the order.
// No defect (with pthread_cond_signal instead, one waiter could stay blocked).
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int go, left; // protected by m

static void *waiter(void *arg) {
    pthread_mutex_lock(&m);
    while (!go)
        pthread_cond_wait(&c, &m);
    left++;
    pthread_mutex_unlock(&m);
    return arg;
}

static void *broadcaster(void *arg) {
    pthread_mutex_lock(&m);
    go = 1;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    pthread_t a, b, s;
    pthread_create(&a, NULL, waiter, NULL);
    pthread_create(&b, NULL, waiter, NULL);
    pthread_create(&s, NULL, broadcaster, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    pthread_join(s, NULL);
    assert(left == 2);
    return 0;
}
