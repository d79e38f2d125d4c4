// SPDX-License-Identifier: MIT
// pthread_once and spin locks on top of the interpreter's mutexes, so they are events like any lock;
// thread-specific data (pthread keys) on a thread-local table, destructors run at thread exit; timed
// waits as a timeout choice and the plain or try form.
// Part of Weft's runtime library: interpreted like the user's code.
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

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

// Thread-specific data: a key is an index of this table; each thread's values are thread-local, so
// getspecific and setspecific are local code. The interpreter runs __weft_thread_end in every thread
// but main when it exits (returning from its routine or calling pthread_exit): POSIX's destructor
// rounds. Keys and destructors are atomic: creating a key is not a data race with a thread exiting.
#define WEFT_KEYS 128
static int weft_key_used[WEFT_KEYS];
static void (*weft_key_destructors[WEFT_KEYS])(void *);
static _Thread_local void *weft_key_values[WEFT_KEYS];
void __weft_thread_end(void);
static void (*weft_thread_end)(void); // makes the linker keep __weft_thread_end

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
    __atomic_store_n(&weft_thread_end, __weft_thread_end, __ATOMIC_SEQ_CST);
    for (unsigned i = 0; i < WEFT_KEYS; ++i) {
        int unused = 0;
        if (__atomic_compare_exchange_n(&weft_key_used[i], &unused, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
            __atomic_store_n(&weft_key_destructors[i], destructor, __ATOMIC_SEQ_CST);
            *key = i;
            return 0;
        }
    }
    return EAGAIN;
}

int pthread_key_delete(pthread_key_t key) {
    if (key >= WEFT_KEYS || !__atomic_load_n(&weft_key_used[key], __ATOMIC_SEQ_CST))
        return EINVAL;
    __atomic_store_n(&weft_key_destructors[key], 0, __ATOMIC_SEQ_CST);
    __atomic_store_n(&weft_key_used[key], 0, __ATOMIC_SEQ_CST);
    return 0;
}

void *pthread_getspecific(pthread_key_t key) { return key < WEFT_KEYS ? weft_key_values[key] : 0; }

int pthread_setspecific(pthread_key_t key, const void *value) {
    if (key >= WEFT_KEYS || !__atomic_load_n(&weft_key_used[key], __ATOMIC_SEQ_CST))
        return EINVAL;
    weft_key_values[key] = (void *)value;
    return 0;
}

void __weft_thread_end(void) {
    // A destructor may set values again: up to PTHREAD_DESTRUCTOR_ITERATIONS rounds.
    for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS; ++round) {
        int called = 0;
        for (unsigned i = 0; i < WEFT_KEYS; ++i) {
            void *value = weft_key_values[i];
            if (!value)
                continue;
            void (*destructor)(void *) = __atomic_load_n(&weft_key_destructors[i], __ATOMIC_SEQ_CST);
            weft_key_values[i] = 0;
            if (destructor && __atomic_load_n(&weft_key_used[i], __ATOMIC_SEQ_CST)) {
                destructor(value);
                called = 1;
            }
        }
        if (!called)
            return;
    }
}

// Timed waits: whether a wait that has to block times out is a choice the exploration covers
// (__weft_timeout, a two-valued nondet event; the deadline's value plays no part). As with glibc, a
// lock or semaphore available at once is taken (no choice, and the deadline is not looked at); a busy
// one is waited for, or the call times out. A timed-out condition wait releases and retakes the
// mutex, so other threads may run in between, without having waited on the condition (a signal is
// never lost to it). A thread that chose to wait and stays blocked is a cut path, not a deadlock.
int __weft_timeout(void);

static int validDeadline(const struct timespec *deadline) {
    return deadline->tv_nsec >= 0 && deadline->tv_nsec < 1000000000;
}

int pthread_mutex_timedlock(pthread_mutex_t *mutex, const struct timespec *deadline) {
    const int tried = pthread_mutex_trylock(mutex);
    if (tried != EBUSY)
        return tried;
    if (!validDeadline(deadline))
        return EINVAL;
    return __weft_timeout() ? ETIMEDOUT : pthread_mutex_lock(mutex);
}

int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex, const struct timespec *deadline) {
    if (!validDeadline(deadline))
        return EINVAL;
    if (!__weft_timeout())
        return pthread_cond_wait(cond, mutex);
    pthread_mutex_unlock(mutex);
    pthread_mutex_lock(mutex);
    return ETIMEDOUT;
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *lock, const struct timespec *deadline) {
    const int tried = pthread_rwlock_tryrdlock(lock);
    if (tried != EBUSY)
        return tried;
    if (!validDeadline(deadline))
        return EINVAL;
    return __weft_timeout() ? ETIMEDOUT : pthread_rwlock_rdlock(lock);
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *lock, const struct timespec *deadline) {
    const int tried = pthread_rwlock_trywrlock(lock);
    if (tried != EBUSY)
        return tried;
    if (!validDeadline(deadline))
        return EINVAL;
    return __weft_timeout() ? ETIMEDOUT : pthread_rwlock_wrlock(lock);
}

int sem_timedwait(sem_t *sem, const struct timespec *deadline) {
    if (sem_trywait(sem) == 0)
        return 0;
    if (!validDeadline(deadline)) {
        errno = EINVAL;
        return -1;
    }
    if (!__weft_timeout())
        return sem_wait(sem);
    errno = ETIMEDOUT;
    return -1;
}
