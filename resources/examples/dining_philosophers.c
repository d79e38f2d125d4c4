// Dining philosophers: a DEADLOCK.
//
// N philosophers sit round a table with one fork between neighbours. Each picks up the fork on the
// left, then the fork on the right, eats, and puts both down. If all of them pick up their left fork
// at the same time, each waits forever for the right one, held by the neighbour: a cycle of waits.
// See dining_philosophers_fixed.c for the classic fix.
//
// Run:  weft explore resources/examples/dining_philosophers.c            (N = 3)
//       weft explore resources/examples/dining_philosophers.c -D N=4     (more philosophers)
// Expected (N = 3): 1 defect (deadlock, in 1 of the 7 maximal configurations), exit code 1.
//           (N = 4): the same deadlock, in 1 of 15.
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
    pthread_mutex_lock(&forks[left]);
    pthread_mutex_lock(&forks[right]); // bug: everyone may hold a left fork and wait here
    meals[i]++;
    pthread_mutex_unlock(&forks[right]);
    pthread_mutex_unlock(&forks[left]);
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
