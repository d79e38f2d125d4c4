// Read-write locks: two readers and a writer on a pair that the writer keeps equal. Readers are
// independent of each other, so the writer only decides whether each whole read section comes before
// or after it: 4 interleavings (a mutex would give 3! = 6). The calls' results that do not depend on
// the schedule are printed (a thread's own locks: nested reads, EBUSY, EDEADLK).
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

static pthread_rwlock_t table = PTHREAD_RWLOCK_INITIALIZER;
static int left, right;

static void *reader(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&table);
    assert(left == right);
    pthread_rwlock_unlock(&table);
    return 0;
}

static void *writer(void *arg) {
    (void)arg;
    pthread_rwlock_wrlock(&table);
    ++left;
    ++right;
    pthread_rwlock_unlock(&table);
    return 0;
}

static const char *name(int result) {
    return result == 0 ? "0" : result == EBUSY ? "EBUSY" : result == EDEADLK ? "EDEADLK" : "other";
}

int main(void) {
    pthread_rwlock_t own;
    pthread_rwlockattr_t attr;
    pthread_rwlockattr_init(&attr);
    printf("init %s\n", name(pthread_rwlock_init(&own, &attr)));
    pthread_rwlockattr_destroy(&attr);
    printf("rdlock %s\n", name(pthread_rwlock_rdlock(&own)));
    printf("tryrdlock while reading %s\n", name(pthread_rwlock_tryrdlock(&own)));
    printf("trywrlock while reading %s\n", name(pthread_rwlock_trywrlock(&own)));
    printf("unlock %s\n", name(pthread_rwlock_unlock(&own)));
    printf("unlock %s\n", name(pthread_rwlock_unlock(&own)));
    printf("trywrlock %s\n", name(pthread_rwlock_trywrlock(&own)));
    printf("tryrdlock while writing %s\n", name(pthread_rwlock_tryrdlock(&own)));
    printf("rdlock while writing %s\n", name(pthread_rwlock_rdlock(&own)));
    printf("wrlock while writing %s\n", name(pthread_rwlock_wrlock(&own)));
    printf("unlock %s\n", name(pthread_rwlock_unlock(&own)));
    printf("destroy %s\n", name(pthread_rwlock_destroy(&own)));

    pthread_t threads[3];
    pthread_create(&threads[0], 0, reader, 0);
    pthread_create(&threads[1], 0, writer, 0);
    pthread_create(&threads[2], 0, reader, 0);
    for (int i = 0; i < 3; ++i)
        pthread_join(threads[i], 0);
    printf("left %d right %d\n", left, right);
    return 0;
}
