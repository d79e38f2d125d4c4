// Lost update with a mutex used wrongly: every access to x is locked, but the increment is not atomic.
//
// Each thread reads x in one critical section and writes the value + 1 back in a second one. Another
// thread can update x in between, and that update is overwritten: the assertion x == 2 fails.
// Locking each access is not enough; the read and the write must be in the same critical section
// (see lost_update_fixed.c).
//
// Run:  weft explore resources/examples/lost_update_split.c
// Expected: 1 defect (assertion failure, seen in 4 of the 6 maximal configurations), exit code 1.
// Replay a failing interleaving with the `weft replay ... --schedule S` line that weft prints.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x; // protected by m

static void *increment(void *arg)
{
    pthread_mutex_lock(&m);
    int tmp = x; // read...
    pthread_mutex_unlock(&m);
    // bug: another thread may update x here
    pthread_mutex_lock(&m);
    x = tmp + 1; // ...and write back a stale value + 1
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, increment, NULL);
    pthread_create(&t2, NULL, increment, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("x = %d\n", x);
    assert(x == 2);
    return 0;
}
