// Producer/consumer with `if` instead of `while` around pthread_cond_wait: a consumer TAKES FROM AN
// EMPTY BUFFER (assertion failure).
//
// Two consumers each take one item from a buffer that one producer fills with two items, one at a
// time. A consumer that finds the buffer empty waits on `not_empty`, but when it wakes up it does not
// check the buffer again. Between the producer's signal and the woken consumer relocking the mutex,
// the other consumer can grab the item: the woken consumer then takes from an empty buffer.
// Fix: always wait in a loop, `while (count == 0) pthread_cond_wait(...)`; a wake-up only says the
// condition was true at some moment, not that it still is.
//
// Run:  weft explore resources/examples/producer_consumer_if.c
// Expected: 1 defect (assertion failure at the assert in consume, in 2 of the 44 maximal
// configurations), exit code 1.
#include <assert.h>
#include <pthread.h>

#define ITEMS 2

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static int count; // items in the buffer, protected by m

static void *producer(void *arg)
{
    for (int i = 0; i < ITEMS; i++) {
        pthread_mutex_lock(&m);
        count++;
        pthread_cond_signal(&not_empty);
        pthread_mutex_unlock(&m);
    }
    return arg;
}

static void *consume(void *arg)
{
    pthread_mutex_lock(&m);
    if (count == 0) // bug: must be `while`
        pthread_cond_wait(&not_empty, &m);
    assert(count > 0 && "took an item from an empty buffer");
    count--;
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void)
{
    pthread_t p, c1, c2;
    pthread_create(&c1, NULL, consume, NULL);
    pthread_create(&c2, NULL, consume, NULL);
    pthread_create(&p, NULL, producer, NULL);
    pthread_join(p, NULL);
    pthread_join(c1, NULL);
    pthread_join(c2, NULL);
    return 0;
}
