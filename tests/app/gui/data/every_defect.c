// One defect per value of CASE (-D CASE=n): tst_FrenchDefects explores each and reads its message in
// French. Memory faults, undefined behaviour, invalid synchronisation, unsupported operations,
// livelocks, bounds, uninitialised reads, races at an offset and on a heap block, a deadlock on
// mutexes of a heap block reached through local pointers, a spin on memory no variable names and a
// lock inside an atomic section.
#include <pthread.h>
#include <semaphore.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

struct pair {
    int a, b;
};
struct pair shared_pair;
int flag, counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static int *returns_local(void) {
    int local = 1;
    int *p = &local;
    return p;
}

static int recurse(int n) { return n <= 0 ? 0 : 1 + recurse(n + 1); }

static void *write_b(void *arg) {
    (void)arg;
    shared_pair.b = 1;
    return 0;
}

static void *lock_in_reverse(void *arg) {
    pthread_mutex_t *mine = arg;
    pthread_mutex_lock(&mine[1]);
    pthread_mutex_lock(&mine[0]);
    pthread_mutex_unlock(&mine[0]);
    pthread_mutex_unlock(&mine[1]);
    return 0;
}

static void *spin_on_flag(void *arg) {
    (void)arg;
    while (!flag) {
    }
    return 0;
}

static uintptr_t hidden_cell; // a heap block's address as a number: no pointer names the block

static void *spin_on_flag_and_cell(void *arg) {
    (void)arg;
    const uintptr_t cell = hidden_cell;
    while (!flag && !*(volatile int *)cell) {
    }
    return 0;
}

static void *write_heap(void *arg) {
    *(int *)arg = 1;
    return 0;
}

int main(void) {
    volatile int zero = 0, big = 40;
    int *heap = malloc(8);
#if CASE == 1 // out of bounds
    heap[3] = 1;
#elif CASE == 2 // null pointer
    int *volatile null = 0;
    *null = 1;
#elif CASE == 3 // use after free
    free(heap);
    counter = heap[0];
#elif CASE == 4 // double free
    free(heap);
    free(heap);
#elif CASE == 5 // invalid free inside a block
    free(heap + 1);
#elif CASE == 6 // invalid free of a global
    free(&counter);
#elif CASE == 7 // invalid pointer
    *(int *volatile)0x7fff12345678L = 1;
#elif CASE == 8 // read-only memory
    char *volatile text = "abc";
    text[0] = 'x';
#elif CASE == 9 // use after return
    counter = *returns_local();
#elif CASE == 10 // division by zero
    counter = 1 / zero;
#elif CASE == 11 // shift
    counter = 1 << big;
#elif CASE == 12 // stack overflow (with a call depth bound of 100)
    counter = recurse(1);
#elif CASE == 13 // null function pointer
    void (*volatile fn)(void) = 0;
    fn();
#elif CASE == 14 // overlapping memcpy
    char bytes[8] = "abcdefg";
    memcpy(bytes + 1, bytes, 4);
#elif CASE == 15 // destroying a locked mutex
    pthread_mutex_lock(&m);
    pthread_mutex_destroy(&m);
#elif CASE == 16 // unlocking a read-write lock not held
    pthread_rwlock_unlock(&rw);
#elif CASE == 17 // joining a detached thread
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_create(&t, &attr, write_b, 0);
    pthread_join(t, 0);
#elif CASE == 18 // unlocking a mutex not held
    pthread_mutex_unlock(&m);
#elif CASE == 19 // a semaphore used before sem_init
    static sem_t s;
    sem_post(&s);
#elif CASE == 20 // __VERIFIER_atomic_end outside a section
    __VERIFIER_atomic_end();
#elif CASE == 21 // uninitialised heap memory decides a branch
    if (heap[1])
        counter = 1;
#elif CASE == 22 // an uninitialised local decides a branch
    int never;
    if (never)
        counter = 1;
#elif CASE == 23 // a race at an offset of a global
    pthread_t t;
    pthread_create(&t, 0, write_b, 0);
    shared_pair.b = 2;
    pthread_join(t, 0);
#elif CASE == 24 // a deadlock on mutexes of a heap block reached through local pointers
    pthread_mutex_t *locks = malloc(2 * sizeof *locks);
    pthread_mutex_init(&locks[0], 0);
    pthread_mutex_init(&locks[1], 0);
    pthread_t t;
    pthread_create(&t, 0, lock_in_reverse, locks);
    pthread_mutex_lock(&locks[0]);
    pthread_mutex_lock(&locks[1]);
    pthread_mutex_unlock(&locks[1]);
    pthread_mutex_unlock(&locks[0]);
    pthread_join(t, 0);
#elif CASE == 25 // a spin: a livelock under --model sync, a wait in a deadlock under --model sc
    pthread_t t;
    pthread_create(&t, 0, spin_on_flag, 0);
    pthread_join(t, 0);
#elif CASE == 26 // an unsupported call
    pthread_cancel(pthread_self());
#elif CASE == 27 // longjmp to a jmp_buf setjmp did not set
    static jmp_buf buffer;
    longjmp(buffer, 1);
#elif CASE == 28 // long double arithmetic
    printf("%Lf\n", (long double)1);
#elif CASE == 29 // a thread loops without a visible action (with a step bound of 10000)
    for (volatile long i = 0;; ++i) {
    }
#elif CASE == 30 // a race on a heap block (named by where it was allocated)
    pthread_t t;
    pthread_create(&t, 0, write_heap, heap);
    heap[0] = 2;
    pthread_join(t, 0);
#elif CASE == 31 // barrier init with a count of 0
    pthread_barrier_t barrier;
    pthread_barrier_init(&barrier, 0, 0);
#elif CASE == 32 // mixed-size access under --model sc
    pthread_t t;
    pthread_create(&t, 0, write_b, 0);
    counter = ((char *)&shared_pair.b)[1];
    pthread_join(t, 0);
#elif CASE == 33 // a spin on a global and on a heap block no variable points to (--model sync)
    hidden_cell = (uintptr_t)calloc(1, sizeof(int));
    pthread_t t;
    pthread_create(&t, 0, spin_on_flag_and_cell, 0);
    pthread_join(t, 0);
#elif CASE == 34 // a lock inside an atomic section
    __VERIFIER_atomic_begin();
    pthread_mutex_lock(&m);
    __VERIFIER_atomic_end();
#elif CASE == 35 // more threads than one execution may create (4096): the execution is cut there
    for (int i = 0; i < 5000; ++i) {
        pthread_t t;
        pthread_create(&t, 0, write_b, 0);
        pthread_join(t, 0);
    }
#elif CASE == 36 // locking a destroyed mutex
    pthread_mutex_destroy(&m);
    pthread_mutex_lock(&m);
#elif CASE == 37 // relocking a normal mutex the thread holds: it waits for itself
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
#endif
    return 0;
}
