// Weft's runtime library, time: time, clock, gettimeofday, clock_gettime and the sleeps. Under Weft
// the clocks are virtual (deterministic, nothing sleeps); natively they are real. The program prints
// only what holds for both, so tst_RuntimePrograms compares its output with the native program.
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static long long nanos(const struct timespec *t) { return t->tv_sec * 1000000000LL + t->tv_nsec; }

static long long elapsedMicros(const struct timeval *a, const struct timeval *b) {
    return (b->tv_sec - a->tv_sec) * 1000000LL + (b->tv_usec - a->tv_usec);
}

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ticks;

static void *worker(void *arg) {
    (void)arg;
    struct timespec a, b, nap = {0, 2000000};
    clock_gettime(CLOCK_MONOTONIC, &a);
    nanosleep(&nap, 0);
    sched_yield();
    clock_gettime(CLOCK_MONOTONIC, &b);
    pthread_mutex_lock(&m);
    ticks += nanos(&b) - nanos(&a) >= 2000000;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    const time_t now = time(0);
    time_t stored;
    time(&stored);
    printf("time after 2020: %d, time(&t) agrees: %d\n", now > 1577836800, stored >= now && stored - now < 5);

    struct timeval before, after;
    gettimeofday(&before, 0);
    usleep(1500);
    gettimeofday(&after, 0);
    printf("usleep(1500) took at least 1.5 ms: %d, tv_usec in range: %d\n", elapsedMicros(&before, &after) >= 1500,
           after.tv_usec >= 0 && after.tv_usec < 1000000);

    struct timespec wall, mono1, mono2, resolution;
    clock_gettime(CLOCK_REALTIME, &wall);
    clock_gettime(CLOCK_MONOTONIC, &mono1);
    struct timespec nap = {0, 3000000}, rest;
    const int slept = nanosleep(&nap, &rest);
    clock_gettime(CLOCK_MONOTONIC, &mono2);
    printf("realtime near time(): %d, nanosleep %d, monotonic advanced 3 ms: %d\n", wall.tv_sec - now < 5, slept,
           nanos(&mono2) - nanos(&mono1) >= 3000000);
    printf("clock_getres ok: %d, bad clock rejected: %d\n", clock_getres(CLOCK_MONOTONIC, &resolution) == 0,
           clock_gettime((clockid_t)12345, &wall) == -1);
    struct timespec invalid = {0, 2000000000};
    printf("invalid nanosleep rejected: %d\n", nanosleep(&invalid, 0) == -1);

    const clock_t c1 = clock();
    volatile double x = 0;
    for (int i = 0; i < 100000; ++i)
        x += i;
    const clock_t c2 = clock();
    printf("clock monotone: %d, difftime %.1f\n", c2 >= c1, difftime(now + 90, now));

    pthread_t threads[2];
    for (int i = 0; i < 2; ++i)
        pthread_create(&threads[i], 0, worker, 0);
    for (int i = 0; i < 2; ++i)
        pthread_join(threads[i], 0);
    printf("threads that slept 2 ms: %d\n", ticks);
    return 0;
}
