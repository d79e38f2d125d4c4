// lastzero(N) (Abdulla, Aronis, Jonsson, Sagonas, "Source Sets", JACM 2017, Fig. 11): thread 0 scans the
// array down from index N to the last zero while threads 1..N each write array[j] = array[j-1] + 1. The
// scanner's path depends on racing values, the classic source of source-DPOR's sleep-set-blocked runs.
// (N+3)*2^(N-2) Mazurkiewicz traces under --model sc: 5, 12, 28, 64, 144, 320, 704 for N = 2..8.
#include <pthread.h>

#ifndef N
#define N 4
#endif

int array[N + 1];

void *scanner(void *arg) {
    int i;
    for (i = N; array[i] != 0; i--)
        ;
    return arg;
}

void *writer(void *arg) {
    long j = (long)arg;
    array[j] = array[j - 1] + 1;
    return 0;
}

int main(void) {
    pthread_t t[N + 1];
    pthread_create(&t[0], 0, scanner, 0);
    for (long j = 1; j <= N; j++)
        pthread_create(&t[j], 0, writer, (void *)j);
    for (int j = 0; j <= N; j++)
        pthread_join(t[j], 0);
    return 0;
}
