// One writer and N readers of one variable (issue 5): each reader reads x before or after the
// write, and reads of one write commute, so --model sc explores exactly 2^N traces.
#include <pthread.h>

#ifndef N
#define N 3
#endif

int x;
int seen[N];

void *reader(void *arg) {
    long i = (long)arg;
    seen[i] = x;
    return 0;
}

void *writer(void *arg) {
    x = 1;
    return arg;
}

int main(void) {
    pthread_t t[N + 1];
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], 0, reader, (void *)i);
    pthread_create(&t[N], 0, writer, 0);
    for (int i = 0; i <= N; i++)
        pthread_join(t[i], 0);
    return 0;
}
