// Weft's runtime library, pthreads: pthread_once (the init routine runs once, whichever thread
// comes first) and spin locks (events like mutexes). Deterministic output: tst_RuntimePrograms
// compares it with the native program.
#include <pthread.h>
#include <stdio.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int initialised;
static pthread_spinlock_t spin;
static int counter;

static void initialise(void) { ++initialised; }

static void *worker(void *arg) {
    (void)arg;
    pthread_once(&once, initialise);
    pthread_spin_lock(&spin);
    ++counter;
    pthread_spin_unlock(&spin);
    return 0;
}

int main(void) {
    pthread_t threads[2];
    pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
    for (int i = 0; i < 2; ++i)
        pthread_create(&threads[i], 0, worker, 0);
    for (int i = 0; i < 2; ++i)
        pthread_join(threads[i], 0);
    pthread_once(&once, initialise);
    printf("initialised %d time(s), counter %d, trylock %d\n", initialised, counter, pthread_spin_trylock(&spin));
    pthread_spin_unlock(&spin);
    pthread_spin_destroy(&spin);
    return 0;
}
