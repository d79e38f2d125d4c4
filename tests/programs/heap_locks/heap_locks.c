// Heap objects named after the global pointers that hold them (issue 19): a malloc'd queue holding its
// mutex, and a calloc'd array of slots each holding one. Two workers lock q->lock, then p[2].m: 2 orders
// of each critical section, every combination feasible, 4 maximal configurations; no defect.
#include <pthread.h>
#include <stdlib.h>

struct queue {
    int items[4];
    pthread_mutex_t lock;
    int n;
};

struct slot {
    int v;
    pthread_mutex_t m;
};

struct queue *q;
struct slot *p;

void *worker(void *arg) {
    pthread_mutex_lock(&q->lock);
    q->n++;
    pthread_mutex_unlock(&q->lock);
    pthread_mutex_lock(&p[2].m);
    p[2].v++;
    pthread_mutex_unlock(&p[2].m);
    return arg;
}

int main(void) {
    q = malloc(sizeof *q);
    p = calloc(3, sizeof *p);
    q->n = 0;
    pthread_mutex_init(&q->lock, 0);
    for (int i = 0; i < 3; i++)
        pthread_mutex_init(&p[i].m, 0);
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return q->n == 2 && p[2].v == 2 ? 0 : 1;
}
