// The interleaving weft-dap-bench steps through (tests/bench/weft_dap_bench.cpp): four threads each
// take one shared mutex ROUNDS times and update a counter and a small struct under it, so one
// execution has 4 * ROUNDS * 2 lock/unlock events plus creates, starts, exits and joins (10,418 for
// the default 1300 rounds) while the program stays small enough to read.
#include <assert.h>
#include <pthread.h>

#define THREADS 4
#ifndef ROUNDS
#define ROUNDS 1300
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long counter;
static struct {
    long last;
    long history[8];
} stats;

static void *worker(void *arg)
{
    long id = (long)arg;
    for (int i = 0; i < ROUNDS; ++i) {
        pthread_mutex_lock(&m);
        counter++;
        stats.last = id;
        stats.history[i % 8] = counter;
        pthread_mutex_unlock(&m);
    }
    return arg;
}

int main(void)
{
    pthread_t threads[THREADS];
    for (long i = 0; i < THREADS; ++i)
        pthread_create(&threads[i], NULL, worker, (void *)i);
    for (int i = 0; i < THREADS; ++i)
        pthread_join(threads[i], NULL);
    assert(counter == THREADS * ROUNDS);
    pthread_exit(NULL);
}
