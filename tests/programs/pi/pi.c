// PI(N), parallel pi in the style of `pth_pi_mutex.c` (docs/algorithms.md, "Oracles"): each thread sums its
// slice of the arctan series for pi/4 locally, then adds it to sum under one mutex; main joins all, prints
// the estimate and checks it against a serial sum. PARAM1 = N threads (default 5), ITERS = terms (default
// PARAM2, else 5000). Oracle: N! maximal configurations, the events of factorial-conflicts(N).
// As the original, main times both sums with gettimeofday (timer.h's GET_TIME): under Weft the clock
// is virtual, so the elapsed times printed are deterministic, and reading it adds no event.
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

// timer.h of the original
#define GET_TIME(now)                                                                                                  \
    {                                                                                                                  \
        struct timeval t;                                                                                              \
        gettimeofday(&t, NULL);                                                                                        \
        now = t.tv_sec + t.tv_usec / 1000000.0;                                                                        \
    }

#ifndef PARAM1
#define PARAM1 5
#endif
#ifndef ITERS
#ifdef PARAM2
#define ITERS PARAM2
#else
#define ITERS 5000
#endif
#endif

static const long thread_count = PARAM1;
static const long long n = ITERS;
static double sum;
static pthread_mutex_t mutex;

static void *Thread_sum(void *rank)
{
    long my_rank = (long)rank;
    double factor;
    long long i;
    long long my_n = n / thread_count;
    long long my_first_i = my_n * my_rank;
    long long my_last_i = my_first_i + my_n;
    double my_sum = 0.0;

    if (my_first_i % 2 == 0)
        factor = 1.0;
    else
        factor = -1.0;

    for (i = my_first_i; i < my_last_i; i++, factor = -factor)
        my_sum += factor / (2 * i + 1);

    pthread_mutex_lock(&mutex);
    sum += my_sum;
    pthread_mutex_unlock(&mutex);
    return NULL;
}

static double Serial_pi(long long terms)
{
    double serial_sum = 0.0;
    double factor = 1.0;
    for (long long i = 0; i < terms; i++, factor = -factor)
        serial_sum += factor / (2 * i + 1);
    return 4.0 * serial_sum;
}

int main(void)
{
    double start, finish;
    pthread_t *thread_handles = malloc(thread_count * sizeof(pthread_t));
    pthread_mutex_init(&mutex, NULL);
    GET_TIME(start);
    sum = 0.0;
    for (long thread = 0; thread < thread_count; thread++)
        pthread_create(&thread_handles[thread], NULL, Thread_sum, (void *)thread);
    for (long thread = 0; thread < thread_count; thread++)
        pthread_join(thread_handles[thread], NULL);
    GET_TIME(finish);

    sum = 4.0 * sum;
    printf("With n = %lld terms,\n", n);
    printf("   Our estimate of pi = %.15f\n", sum);
    printf("   Elapsed time = %e seconds\n", finish - start);
    // The threads cover n / thread_count * thread_count terms; the serial sum covers the same ones.
    GET_TIME(start);
    const double serial = Serial_pi(n / thread_count * thread_count);
    GET_TIME(finish);
    printf("   Single thread est  = %.15f\n", serial);
    printf("   Elapsed time = %e seconds\n", finish - start);
    printf("                   pi = %.15f\n", 4.0 * atan(1.0));
    assert(fabs(sum - serial) < 1e-9);

    pthread_mutex_destroy(&mutex);
    free(thread_handles);
    pthread_exit(NULL); // as the model program; nothing is left running here
}
