// Thread-specific data: pthread_key_create/delete/getspecific/setspecific, destructors at thread exit
// (returning or pthread_exit), a destructor that sets a value again (a second round), none for a
// NULL value, none for main. Deterministic: threads record what happened in their own slot, main
// prints after joining; tst_RuntimePrograms compares the output with the native program's.
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_key_t buffer, again, unused;
static int freed[3];      // per thread: the value the buffer destructor freed
static int rounds[3];     // per thread: how often the 'again' destructor ran
static int seenBefore[3]; // per thread: getspecific before setspecific was NULL

static void freeBuffer(void *p) {
    int *slot = p;
    freed[slot[0]] = slot[1];
    free(slot);
}

static void setAgain(void *p) {
    const long n = (long)p; // thread number + 1, then + 11
    if (++rounds[(n - 1) % 10] < 2)
        pthread_setspecific(again, (void *)(n + 10)); // once more: a second round
}

static void *worker(void *arg) {
    const int n = (int)(long)arg;
    seenBefore[n] = pthread_getspecific(buffer) == NULL;
    int *slot = malloc(2 * sizeof(int));
    slot[0] = n;
    slot[1] = 100 + n;
    pthread_setspecific(buffer, slot);
    if (n != 2)
        pthread_setspecific(again, (void *)(long)(n + 1));
    if (n == 1)
        pthread_exit(0); // destructors run as when returning
    return 0;
}

int main(void) {
    printf("create %d\n", pthread_key_create(&buffer, freeBuffer));
    printf("create %d\n", pthread_key_create(&again, setAgain));
    printf("create %d\n", pthread_key_create(&unused, 0));
    printf("delete %d\n", pthread_key_delete(unused));
    printf("delete again: EINVAL %d\n", pthread_key_delete(unused) == EINVAL);
    int mine = 7;
    pthread_setspecific(buffer, &mine); // main's value: no destructor when main returns
    printf("main's value %d\n", *(int *)pthread_getspecific(buffer));
    pthread_t threads[3];
    for (long n = 0; n < 3; ++n)
        pthread_create(&threads[n], 0, worker, (void *)n);
    for (int n = 0; n < 3; ++n)
        pthread_join(threads[n], 0);
    for (int n = 0; n < 3; ++n)
        printf("T%d: NULL at first %d, freed %d, 'again' destructor rounds %d\n", n, seenBefore[n], freed[n], rounds[n]);
    printf("main's value still %d\n", *(int *)pthread_getspecific(buffer));
    return 0;
}
