// SPDX-License-Identifier: MIT
// pthread_once and spin locks on top of the interpreter's mutexes, so they are events like any lock.
// Part of Weft's runtime library: interpreted like the user's code.
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <pthread.h>

// pthread_once: one recursive lock for every once-control (an init routine may itself call
// pthread_once); a thread arriving while another runs the routine waits for it, as POSIX says.
static pthread_mutex_t weft_once_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;

int pthread_once(pthread_once_t *once, void (*init)(void)) {
    pthread_mutex_lock(&weft_once_lock);
    if (*once == PTHREAD_ONCE_INIT) {
        *once = 1;
        init();
    }
    pthread_mutex_unlock(&weft_once_lock);
    return 0;
}

// A spin lock is a mutex of this table; the pthread_spinlock_t holds its index + 1, given by
// pthread_spin_init (or on first use).
#define WEFT_SPIN_LOCKS 256
static pthread_mutex_t weft_spin_locks[WEFT_SPIN_LOCKS];
static int weft_spin_count;

static pthread_mutex_t *spinMutex(pthread_spinlock_t *lock) {
    int index = __atomic_load_n(lock, __ATOMIC_SEQ_CST);
    if (index == 0) {
        const int fresh = __atomic_add_fetch(&weft_spin_count, 1, __ATOMIC_SEQ_CST);
        assert(fresh <= WEFT_SPIN_LOCKS && "Weft supports at most 256 spin locks per execution");
        if (__atomic_compare_exchange_n(lock, &index, fresh, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            index = fresh;
    }
    return &weft_spin_locks[index - 1];
}

int pthread_spin_init(pthread_spinlock_t *lock, int shared) {
    (void)shared;
    __atomic_store_n(lock, 0, __ATOMIC_SEQ_CST);
    spinMutex(lock);
    return 0;
}

int pthread_spin_destroy(pthread_spinlock_t *lock) {
    (void)lock;
    return 0;
}

int pthread_spin_lock(pthread_spinlock_t *lock) { return pthread_mutex_lock(spinMutex(lock)); }
int pthread_spin_trylock(pthread_spinlock_t *lock) { return pthread_mutex_trylock(spinMutex(lock)) ? EBUSY : 0; }
int pthread_spin_unlock(pthread_spinlock_t *lock) { return pthread_mutex_unlock(spinMutex(lock)); }
