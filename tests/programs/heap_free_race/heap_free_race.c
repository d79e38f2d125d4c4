// free() racing with another thread's access to the block (README.md, "Data races"). free is a write
// of the whole block for the race detector, as ThreadSanitizer reads it. By default the worker frees
// p while main writes *p with nothing between them, then main joins:
//   with no event on the heap (sync), one configuration: main's write, then the worker's free,
//   which races with it (1 defect: "... T1 frees it at ..."); the free first would make the write
//   a use after free, an execution the race already stands for. Events: main's start and create,
//   the worker's start and exit, main's join and exit: 6.
// -D LOCKED: both under one mutex, the worker clearing p after its free, main writing only if p is
//   set: 2 configurations (the lock orders), no defect.
// -D ORDERED: main writes before it creates the worker: 1 configuration, no defect.
// -D REALLOC: main reads *p while the worker moves the block with realloc, whose copy only reads it
//   but whose free of the old block races with main's read: as the default (1 defect).
// The block comes from calloc, so main's read of it is defined.
#include <pthread.h>
#include <stdlib.h>

static int *p;
#if defined(LOCKED)
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#endif

static void *worker(void *arg) {
#if defined(LOCKED)
    pthread_mutex_lock(&m);
    free(p);
    p = 0;
    pthread_mutex_unlock(&m);
#elif defined(REALLOC)
    free(realloc(p, 64 * sizeof *p));
#else
    free(p);
#endif
    return arg;
}

int main(void) {
    pthread_t t;
    p = calloc(1, sizeof *p);
#if defined(ORDERED)
    *p = 1;
#endif
    pthread_create(&t, 0, worker, 0);
#if defined(LOCKED)
    pthread_mutex_lock(&m);
    if (p)
        *p = 1;
    pthread_mutex_unlock(&m);
#elif defined(REALLOC)
    volatile int seen = *p;
    (void)seen;
#elif !defined(ORDERED)
    *p = 1;
#endif
    pthread_join(t, 0);
    return 0;
}
