// DISP(S, R), the job dispatcher (docs/algorithms.md, "Oracles"): S server threads each check their input
// channel under their mutex; for each of R requests main creates a picker that cycles sid through
// the servers under k, reads sid under k, feeds that server and joins the picker; main ends with
// pthread_exit. The value read from sid decides which server mutex main races with.
#include <pthread.h>
#include <stdlib.h>

#if defined(PARAM1) && !defined(S)
#define S PARAM1 // the benchmark convention of docs/algorithms.md, "Oracles"
#endif
#if defined(PARAM2) && !defined(R)
#define R PARAM2
#endif
#ifndef S
#define S 3
#endif
#ifndef R
#define R 2
#endif

static pthread_mutex_t servers[S];
static pthread_mutex_t k = PTHREAD_MUTEX_INITIALIZER;
static int sid;
static int in_channel[S], out_channel[S];

static void *server(void *arg)
{
    long id = (long)arg;
    pthread_mutex_lock(&servers[id]);
    if (in_channel[id] > 0)
        out_channel[id] = in_channel[id];
    pthread_mutex_unlock(&servers[id]);
    return NULL;
}

static void *pick_server(void *arg)
{
    for (int x = 0; x < S; x++) {
        pthread_mutex_lock(&k);
        sid = x;
        pthread_mutex_unlock(&k);
    }
    return arg;
}

static int process_request(int r, int last)
{
    (void)r;
    (void)last;
    pthread_t s;
    pthread_create(&s, NULL, pick_server, NULL);
    pthread_mutex_lock(&k);
    int idx = sid;
    pthread_mutex_unlock(&k);
    pthread_mutex_lock(&servers[idx]);
    in_channel[idx]++;
    pthread_mutex_unlock(&servers[idx]);
    pthread_join(s, NULL);
    return idx;
}

int main(void)
{
    pthread_t t;
    int picked[R];
    for (long x = 0; x < S; x++) {
        pthread_mutex_init(&servers[x], NULL);
        pthread_create(&t, NULL, server, (void *)x);
    }
    for (int r = 0; r < R; r++)
        picked[r] = process_request(r, r == 0 ? S : picked[r - 1]);
    pthread_exit(NULL);
}
