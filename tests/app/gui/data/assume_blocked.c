// T1 assumes it runs after main's write: in the run where it takes the lock first its assumption is
// false, it stops there and main waits to join it (an assume-blocked run, no deadlock).
#include <pthread.h>

extern void __VERIFIER_assume(int);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

static void *check(void *arg) {
    (void)arg;
    pthread_mutex_lock(&m);
    int seen = x;
    pthread_mutex_unlock(&m);
    __VERIFIER_assume(seen == 1);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, check, 0);
    pthread_mutex_lock(&m);
    x = 1;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
