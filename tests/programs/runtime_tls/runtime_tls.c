// _Thread_local and __thread variables: each thread has its own copy, starting from the variable's
// initial value (pointers included); a thread's copy is not main's. Deterministic: the threads only
// touch their own copies and record what they saw; main prints it after joining them, and
// tst_RuntimePrograms compares the output with the same program compiled natively.
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int table[4] = {10, 20, 30, 40};
static _Thread_local int counter = 5;
static __thread char label[16] = "initial";
static _Thread_local int *cursor = &table[1];
_Thread_local struct {
    long sum;
    short seen[3];
} stats;

struct report {
    int counter;
    char label[16];
    int cursor;
    long sum;
    int ownCopy;
};
static struct report reports[3];
static int *mainCounter;

static void *worker(void *arg) {
    const int n = (int)(long)arg;
    for (int i = 0; i <= n; ++i)
        counter += i;
    snprintf(label, sizeof label, "worker %d", n);
    cursor += n;
    stats.sum += *cursor;
    stats.seen[n % 3] = (short)n;
    struct report *r = &reports[n];
    r->counter = counter;
    strcpy(r->label, label);
    r->cursor = *cursor;
    r->sum = stats.sum + stats.seen[0] + stats.seen[1] + stats.seen[2];
    r->ownCopy = &counter != mainCounter;
    return 0;
}

int main(void) {
    mainCounter = &counter;
    counter = 100;
    strcpy(label, "main");
    pthread_t threads[3];
    for (long n = 0; n < 3; ++n)
        pthread_create(&threads[n], 0, worker, (void *)n);
    for (int n = 0; n < 3; ++n)
        pthread_join(threads[n], 0);
    for (int n = 0; n < 3; ++n)
        printf("worker %d: counter %d, label '%s', cursor %d, sum %ld, own copy %d\n", n, reports[n].counter,
               reports[n].label, reports[n].cursor, reports[n].sum, reports[n].ownCopy);
    printf("main: counter %d, label '%s', cursor %d, sum %ld\n", counter, label, *cursor, stats.sum);
    return 0;
}
