// Lost update, fixed: CORRECT.
//
// The read and the write of x happen in one critical section, so the two increments cannot
// interleave and x is always 2 at the end. Compare lost_update.c (no mutex: a data race) and
// lost_update_split.c (locked accesses, but the increment split over two critical sections).
//
// Run:  weft explore resources/examples/lost_update_fixed.c
// Expected: 0 defects, 2 maximal configurations (thread 1 first, or thread 2 first), exit code 0.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x; // protected by m

static void *increment(void *arg)
{
    pthread_mutex_lock(&m);
    x = x + 1;
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
