// AB-BA deadlock: two threads take the same two mutexes in opposite orders.
//
// Thread 1 locks a then b; thread 2 locks b then a. If each gets its first mutex before the other
// gets its second, both wait forever. Most runs of the real program do not hit it; Weft finds the
// interleaving that does and reports who waits for what.
// Fix: make every thread take the mutexes in one global order (e.g. always a before b).
//
// Run:  weft explore resources/examples/deadlock_abba.c
// Expected: 1 defect (deadlock, in 1 of the 3 maximal configurations), exit code 1.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static int balance_a = 100, balance_b = 100; // protected by a and b

static void *transfer_a_to_b(void *arg)
{
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b); // may wait for thread 2, which waits for a
    balance_a -= 10;
    balance_b += 10;
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return arg;
}

static void *transfer_b_to_a(void *arg)
{
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a); // bug: opposite order
    balance_b -= 20;
    balance_a += 20;
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return arg;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, transfer_a_to_b, NULL);
    pthread_create(&t2, NULL, transfer_b_to_a, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("a = %d, b = %d\n", balance_a, balance_b);
    return 0;
}
