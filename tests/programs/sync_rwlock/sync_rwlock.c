// Three readers and a writer: each read section comes before or after the write, independently of
// the other readers (2^3 = 8 interleavings; with a mutex, 4! = 24).
// -DWRITE_UNDER_READ: the readers also count their visits under the read lock, a data race.
// -DLEAK: a reader that saw the old value returns without unlocking; the writer then waits forever.
#include <assert.h>
#include <pthread.h>

#define READERS 3

static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
static int value;
#ifdef WRITE_UNDER_READ
static int visits;
#endif

static void *reader(void *arg) {
    (void)arg;
    pthread_rwlock_rdlock(&lock);
    assert(value == 0 || value == 42);
#ifdef WRITE_UNDER_READ
    ++visits;
#endif
#ifdef LEAK
    if (value == 0)
        return 0;
#endif
    pthread_rwlock_unlock(&lock);
    return 0;
}

static void *writer(void *arg) {
    (void)arg;
    pthread_rwlock_wrlock(&lock);
    value = 42;
    pthread_rwlock_unlock(&lock);
    return 0;
}

int main(void) {
    pthread_t readers[READERS], w;
    for (int i = 0; i < READERS; ++i)
        pthread_create(&readers[i], 0, reader, 0);
    pthread_create(&w, 0, writer, 0);
    for (int i = 0; i < READERS; ++i)
        pthread_join(readers[i], 0);
    pthread_join(w, 0);
    return 0;
}
