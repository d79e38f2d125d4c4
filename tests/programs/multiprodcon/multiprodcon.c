// MPC(P, W), multiple producers and consumers (docs/algorithms.md, "Oracles", `multiprodcon.c`): the order on
// prodmut decides each producer's destination worker, and so which worker mutex is raced on. Main ends
// with pthread_exit. PARAM1 = P producers (default 2), PARAM2 = W workers (default 5); TASKS = ITERS = 2.
#include <assert.h>
#include <math.h>
#include <pthread.h>

#ifndef PARAM1
#define PARAM1 2
#endif
#ifndef PARAM2
#define PARAM2 5
#endif
#define P PARAM1
#define W PARAM2
#define TASKS 2
#define ITERS 2

static pthread_mutex_t mut[W];
static pthread_mutex_t prodmut;
static int workreq[W];
static int workdone[W];
static unsigned prodbuff = 0;

static void *worker(void *arg)
{
    long id = (long)arg;
    int havework = 0;
    for (int x = 0; x < TASKS; x++) {
        pthread_mutex_lock(&mut[id]);
        if (workreq[id] > 0) {
            workreq[id]--;
            havework = 1;
        }
        pthread_mutex_unlock(&mut[id]);
        if (havework) {
            workdone[id]++;
            havework = 0;
        }
    }
    return NULL;
}

static void *producer(void *arg)
{
    unsigned id = (unsigned)(long)arg;
    unsigned tmp = 0;
    for (int x = 0; x < ITERS; x++) {
        pthread_mutex_lock(&prodmut);
        prodbuff = prodbuff * P + id;
        tmp = prodbuff;
        pthread_mutex_unlock(&prodmut);
    }
    assert(tmp <= pow(P, ITERS * P));
    unsigned dst = tmp % W;
    pthread_mutex_lock(&mut[dst]);
    workreq[dst]++;
    pthread_mutex_unlock(&mut[dst]);
    return NULL;
}

int main(void)
{
    pthread_t t;
    assert(W >= 2);
    for (long id = 0; id < W; id++) {
        pthread_mutex_init(&mut[id], NULL);
        pthread_create(&t, NULL, worker, (void *)id);
    }
    pthread_mutex_init(&prodmut, NULL);
    prodbuff = 0;
    for (long id = 0; id < P; id++) // producer ids 0..P-1, the loop index
        pthread_create(&t, NULL, producer, (void *)id);
    pthread_exit(NULL); // workers and producers run on
}
