// Dining philosophers, fixed: CORRECT.
//
// The same table as dining_philosophers.c, but every philosopher picks up the lower-numbered of
// their two forks first. The forks are then always taken in one global order, so no cycle of waits
// can form (the last philosopher reaches for fork 0 first and competes with philosopher 0 instead
// of closing the circle).
//
// Run:  weft explore resources/examples/dining_philosophers_fixed.c          (N = 3)
//       weft explore resources/examples/dining_philosophers_fixed.c -D N=4
// Expected (N = 3): 0 defects, 6 maximal configurations, exit code 0 (N = 4: 14).
#include <pthread.h>
#include <stdio.h>

#ifndef N
#define N 3
#endif

static pthread_mutex_t forks[N];
static int meals[N]; // meals[i] is only touched by philosopher i

static void *philosopher(void *arg)
{
    long i = (long)arg;
    long left = i, right = (i + 1) % N;
    long first = left < right ? left : right, second = left < right ? right : left;
    pthread_mutex_lock(&forks[first]);
    pthread_mutex_lock(&forks[second]);
    meals[i]++;
    pthread_mutex_unlock(&forks[second]);
    pthread_mutex_unlock(&forks[first]);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (long i = 0; i < N; i++)
        pthread_mutex_init(&forks[i], NULL);
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], NULL, philosopher, (void *)i);
    for (long i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (long i = 0; i < N; i++)
        printf("philosopher %ld ate %d time(s)\n", i, meals[i]);
    return 0;
}
