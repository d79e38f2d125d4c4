// LPAIRS(P, R), lock pairs: P independent pairs of threads; both threads of pair i enter a critical
// section on their pair's mutex R times. The pairs share nothing, so their orders combine freely:
// C(2R, R)^P maximal configurations (160,000 for P = 4, R = 3) over a few hundred events. A wide
// exploration tree with a small event structure: the GUI benchmark's (tests/bench/weft_gui_bench.cpp)
// program with >= 100,000 executions. PARAM1 = P pairs (default 2), PARAM2 = R rounds (default 1).
#include <pthread.h>

#ifndef PARAM1
#define PARAM1 2
#endif
#ifndef PARAM2
#define PARAM2 1
#endif
#define P PARAM1
#define R PARAM2

static pthread_mutex_t m[P];
static int count[P];

static void *worker(void *arg)
{
    long pair = (long)arg;
    for (int round = 0; round < R; round++) {
        pthread_mutex_lock(&m[pair]);
        count[pair]++;
        pthread_mutex_unlock(&m[pair]);
    }
    return NULL;
}

int main(void)
{
    pthread_t t;
    for (long i = 0; i < P; i++)
        pthread_mutex_init(&m[i], NULL);
    for (long i = 0; i < P; i++) {
        pthread_create(&t, NULL, worker, (void *)i);
        pthread_create(&t, NULL, worker, (void *)i);
    }
    pthread_exit(NULL); // no joins: main's events would otherwise multiply with every pair's order
}
