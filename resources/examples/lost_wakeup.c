// Lost wake-up: the signal comes before the wait, and nobody signals again: a DEADLOCK.
//
// The worker waits on a condition variable for the main thread's "go". It checks the flag, releases
// the mutex, and only then locks again to wait, without checking the flag a second time. If main
// sets the flag and signals in that gap, the signal wakes nobody (a condition variable has no
// memory), and the worker waits forever while main waits in pthread_join for the worker.
// Fix: check the flag and wait in one critical section, in a loop:
//     pthread_mutex_lock(&m); while (!go) pthread_cond_wait(&c, &m); pthread_mutex_unlock(&m);
//
// Run:  weft explore resources/examples/lost_wakeup.c
// Expected: 1 defect (deadlock, in 1 of the 3 maximal configurations), exit code 1.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int go; // protected by m

static void *worker(void *arg)
{
    pthread_mutex_lock(&m);
    int started = go;
    pthread_mutex_unlock(&m);
    if (!started) {
        // bug: main may set go and signal right here; the signal is lost
        pthread_mutex_lock(&m);
        pthread_cond_wait(&c, &m);
        pthread_mutex_unlock(&m);
    }
    puts("worker: working");
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    go = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return 0;
}
