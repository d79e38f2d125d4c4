// SPDX-License-Identifier: MIT
// Timed waits: whether a wait that has to block times out is a choice the exploration covers.
// Without a define: one thread, a free mutex, a posted semaphore, an invalid deadline on a free
// mutex: taken at once, no choice, the native program's output. BLOCKING: a semaphore nobody posts
// and a condition nobody signals: the waiting choices are cut paths (never a deadlock), the
// timing-out ones return ETIMEDOUT (3 executions, 2 of them cut). THREADS: T1's timedlock of a
// mutex main holds: taken if main unlocked before T1's try; else T1 waits, or times out.
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t s;
static struct timespec past = {0, 0};

#ifdef THREADS
static int result = -1;
static void *contender(void *arg) {
    (void)arg;
    result = pthread_mutex_timedlock(&m, &past);
    if (result == 0)
        pthread_mutex_unlock(&m);
    return NULL;
}
#endif

int main(void) {
    sem_init(&s, 0, 1);
    int r = pthread_mutex_timedlock(&m, &past); // free: taken, whether it would time out or not
    printf("timedlock of a free mutex: %d\n", r);
    pthread_mutex_unlock(&m);
    r = sem_timedwait(&s, &past);
    printf("sem_timedwait of a posted semaphore: %d\n", r);
    struct timespec bad = {0, -1};
    r = pthread_mutex_timedlock(&m, &bad); // free: taken without looking at the deadline
    printf("invalid deadline, free mutex: %d\n", r);
    if (r == 0)
        pthread_mutex_unlock(&m);
#ifdef BLOCKING
    static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
    r = sem_timedwait(&s, &past);
    printf("sem_timedwait of an empty semaphore: %d, errno ETIMEDOUT: %d\n", r, errno == ETIMEDOUT);
    pthread_mutex_lock(&m);
    r = pthread_cond_timedwait(&c, &m, &past);
    printf("cond_timedwait without a signal: ETIMEDOUT: %d\n", r == ETIMEDOUT);
    pthread_mutex_unlock(&m);
#endif
#ifdef THREADS
    pthread_t t;
    pthread_mutex_lock(&m);
    pthread_create(&t, NULL, contender, NULL);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    printf("contender: %s\n", result == 0 ? "locked" : result == ETIMEDOUT ? "timed out" : "error");
#endif
    return 0;
}
