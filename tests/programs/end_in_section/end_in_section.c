// An abort inside an atomic section ends the program, but only once the other threads cannot move, and
// nobody sees what the section did (engine/unfolding/README.md, "Program ends"). Before session 18 the
// section's end ran at once: the lowest-first run ended as soon as T1 entered its section, and T2's
// failure was never found (1 configuration, 1 defect). Sync model; counted by hand:
//
// default: T1 aborts in its section, T2 fails its assertion at once; either end can end the program:
//   2 configurations, 2 defects; events: T0 start, two creates, T1 start, T1's section lock, its end,
//   T2 start, T2's end: 8 (main waits to join T1 for good: no event).
// READS: T2 reads x in a section of its own and fails only if it sees the 1 T1's section wrote before
//   aborting, which it never does: T2's section first (it reads 0, T2 exits, then T1's section and end),
//   or T1's first (T2's section waits for the lock T1 never releases, then T1's end): 2 configurations,
//   1 defect (the abort); events: T0 start, two creates (3), T1 start, T1's lock after T2's unlock and
//   before T2's lock, T1's end after each (5), T2 start, lock, unlock, exit (4): 12.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x;

void *ender(void *arg) {
    (void)arg;
    __VERIFIER_atomic_begin();
    x = 1;
    abort();
    __VERIFIER_atomic_end();
    return 0;
}

void *checker(void *arg) {
    (void)arg;
#ifdef READS
    __VERIFIER_atomic_begin();
    int v = x;
    __VERIFIER_atomic_end();
    assert(v != 1);
#else
    assert(0);
#endif
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, ender, 0);
    pthread_create(&t2, 0, checker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
