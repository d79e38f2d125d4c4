// N writers of distinct variables (issue 5): no two accesses conflict, so --model sc explores
// exactly one trace however many threads there are.
#include <pthread.h>

#ifndef N
#define N 4
#endif

int x[N];

void *writer(void *arg) {
    long j = (long)arg;
    x[j] = (int)j + 1;
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (long j = 0; j < N; j++)
        pthread_create(&t[j], 0, writer, (void *)j);
    for (int j = 0; j < N; j++)
        pthread_join(t[j], 0);
    return 0;
}
