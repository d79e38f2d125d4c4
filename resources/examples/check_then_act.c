// Check-then-act: two withdrawals both pass the balance check, and the balance goes NEGATIVE
// (assertion failure).
//
// Each thread checks under the mutex that the account holds enough money, releases the mutex, and
// then withdraws in a second critical section. Both threads can pass the check before either
// withdraws: 100 - 70 - 70 = -40. Every access is locked, so this is not a data race; it is an
// atomicity violation. Fix: check and act in the same critical section.
//
// Run:  weft explore resources/examples/check_then_act.c
// Expected: 1 defect (assertion failure: balance >= 0, in 4 of the 6 maximal configurations),
// exit code 1.
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int balance = 100; // protected by m

static void *withdraw(void *arg)
{
    int amount = 70;
    pthread_mutex_lock(&m);
    int enough = balance >= amount; // check...
    pthread_mutex_unlock(&m);
    if (enough) {
        // bug: the other thread may withdraw here
        pthread_mutex_lock(&m);
        balance -= amount; // ...then act on a stale check
        pthread_mutex_unlock(&m);
    }
    return arg;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, NULL, withdraw, NULL);
    pthread_create(&t2, NULL, withdraw, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("balance = %d\n", balance);
    assert(balance >= 0);
    return 0;
}
