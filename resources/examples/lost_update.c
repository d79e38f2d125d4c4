// Lost update, no mutex at all: a DATA RACE.
//
// Two threads increment the shared counter x without any synchronisation. "x = x + 1" is a read
// followed by a write, so both threads can read 0 and both write 1: one update is lost and the
// assertion in main fails.
//
// Run:  weft explore resources/examples/lost_update.c
//
// Weft's `sync` model interleaves only thread and synchronisation operations, so it does not try the
// interleaving where the assertion fails; it reports the cause instead: in every execution, the two
// threads' accesses to x are not ordered by any synchronisation, a data race.
// Expected: 2 defects, both "data race" on x (T2's read against T1's write, and the two writes), in
// the 1 maximal configuration; exit code 1.
// Compare lost_update_split.c (the same bug, visible through lock interleavings) and
// lost_update_fixed.c (correct).
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static int x; // shared, unprotected

static void *increment(void *arg)
{
    x = x + 1; // bug: unsynchronised read-modify-write
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
