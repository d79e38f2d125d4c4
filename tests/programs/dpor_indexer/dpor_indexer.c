// indexer(N) (Flanagan and Godefroid, POPL 2005; "Source Sets", JACM 2017, Table 3): N threads insert MAX
// keys each into a hash table with compare-and-swap and linear probing. Keys collide only between
// (m, tid) and (m-1, tid+11), so the first 11 threads never race: 1 trace for N <= 11 and 2^(3*(N-11))
// for 11 <= N <= 22 under --model sc (8 for N = 12, 64 for 13, 4096 for 15).
#include <pthread.h>

#ifndef N
#define N 12
#endif
#define SIZE 128
#define MAX 4

int table[SIZE];

void *insert(void *arg) {
    int tid = (int)(long)arg;
    for (int m = 0; m < MAX; m++) {
        int w = m * 11 + tid;
        int h = (w * 7) % SIZE;
        int expected = 0;
        while (!__atomic_compare_exchange_n(&table[h], &expected, w, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
            expected = 0;
            h = (h + 1) % SIZE;
        }
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (long i = 0; i < N; i++)
        pthread_create(&t[i], 0, insert, (void *)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    return 0;
}
