// Pure calls (docs/algorithms.md, "Pure calls"): each execution calls functions whose results follow
// from their arguments alone (a loop over a local array and a read-only table, a recursion, a pointer
// argument only compared), so the interpreter answers their later calls from the first one's results;
// and functions that are not pure (one locks a mutex, one reads memory its caller owns; reading a const
// table is pure), which run every
// time. A heap mutex is made after the pure calls' stack objects: its number, and with it the events'
// objects, must not depend on whether they ran. main's check fails when it runs before both workers.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static int shared;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static const long table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

static long mix(long n)
{
    long acc[8];
    for (int i = 0; i < 8; i++)
        acc[i] = table[i] * n;
    long s = 0;
    for (long k = 0; k < n; k++)
        s += acc[k % 8] ^ k;
    return s;
}

static long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int same(const void *a, const void *b, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        c += a == b;
    return c;
}

static int peek(int k)
{
    pthread_mutex_lock(&m);
    const int s = shared * k;
    pthread_mutex_unlock(&m);
    return s;
}

static long sum(const long *v, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void *worker(void *arg)
{
    const long v = mix(100 + (long)arg);
    pthread_mutex_lock(&m);
    shared += (int)(v & 3) + 1;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)1);
    pthread_create(&b, 0, worker, (void *)2);
    const long f = fib(10);
    const long g = mix(64);
    pthread_mutex_t *late = malloc(sizeof *late);
    pthread_mutex_init(late, 0);
    pthread_mutex_lock(late);
    const int p = peek(3);
    pthread_mutex_unlock(late);
    pthread_join(a, 0);
    pthread_join(b, 0);
    long w[4] = {1, 2, 3, 4};
    assert(f == 55 && same(&f, &f, 70) == 70 && sum(table, 8) == 31 && sum(w, 4) == 10 && g == mix(64));
    assert(p != 0);
    pthread_mutex_destroy(late);
    free(late);
    return 0;
}
