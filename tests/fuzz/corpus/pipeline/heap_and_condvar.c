#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int *slot; int ready;
void *producer(void *p) { int *v = malloc(4 * sizeof *v); memset(v, 0, 4 * sizeof *v); pthread_mutex_lock(&m); slot = v; ready = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m); return p; }
int main(void) { pthread_t t; pthread_create(&t, 0, producer, 0); pthread_mutex_lock(&m); while (!ready) pthread_cond_wait(&c, &m); int v = slot[3]; pthread_mutex_unlock(&m); pthread_join(t, 0); printf("%d\n", v); free(slot); return slot[0]; }
