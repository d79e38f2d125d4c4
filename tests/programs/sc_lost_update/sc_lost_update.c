// The lost update in its plain form (issue 5): two threads do `x = x + 1` without a lock; main joins
// both and checks x == 2. Under --model sc the reads and writes of x are events: 4 Mazurkiewicz
// traces, 2 of them lose an update (the assertion fails); the unprotected accesses are data races.
#include <assert.h>
#include <pthread.h>

int x;

void *increment(void *arg) {
    x = x + 1;
    return arg;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, increment, 0);
    pthread_create(&b, 0, increment, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(x == 2);
    return 0;
}
