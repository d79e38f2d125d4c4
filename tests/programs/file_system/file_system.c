// file-system(N), the Flanagan-Godefroid (POPL'05) file-system benchmark of DPU's regression suite
// (docs/algorithms.md, "Oracles"): thread tid takes inode tid % 32 and searches the 26 blocks for a free one
// from block (2 * inode) % 26. N = threads (default 14). Oracle: 1 configuration for N <= 13, else 2^(N-13).
#include <pthread.h>

#ifndef N
#define N 14
#endif
#define NUMINODE 32
#define NUMBLOCKS 26

// Reconstruction (only counts are published, not the source). FG'05's thread body, with main creating N
// threads and then joining them in creation order, reproduces every count of docs/algorithms.md, "Oracles"
// (checked for N = 1..21 on a model program):
// * Threads 0..12 start their search at the distinct even blocks 0, 2, ..., 24 and find them free, so
//   for N <= 13 nothing conflicts: 1 configuration; per thread 8 events (create, start, lock
//   locki, lock lockb, unlock lockb, unlock locki, exit, join), plus main's start and exit: 8N + 2.
//   Without the joins it would be 7N + 2.
// * Thread 13 + j (j = 0..7) starts at block 2j, thread j's block: the two race on lockb[2j], the
//   loser moves on to the free block 2j + 1. Each such pair doubles the configurations: 2^(N-13);
//   the joins after the racing exits make the event counts 141, 192, 275, ... for N = 14, 15, 16, ....
static pthread_mutex_t locki[NUMINODE];
static int inode[NUMINODE];
static pthread_mutex_t lockb[NUMBLOCKS];
static int busy[NUMBLOCKS];

static void *thread_routine(void *arg)
{
    long tid = (long)arg;
    int i = tid % NUMINODE;
    pthread_mutex_lock(&locki[i]);
    if (inode[i] == 0) {
        int b = (i * 2) % NUMBLOCKS;
        while (1) {
            pthread_mutex_lock(&lockb[b]);
            if (!busy[b]) {
                busy[b] = 1;
                inode[i] = b + 1;
                pthread_mutex_unlock(&lockb[b]);
                break;
            }
            pthread_mutex_unlock(&lockb[b]);
            b = (b + 1) % NUMBLOCKS;
        }
    }
    pthread_mutex_unlock(&locki[i]);
    return NULL;
}

int main(void)
{
    pthread_t threads[N];
    for (int x = 0; x < NUMINODE; x++)
        pthread_mutex_init(&locki[x], NULL);
    for (int x = 0; x < NUMBLOCKS; x++)
        pthread_mutex_init(&lockb[x], NULL);
    for (long tid = 0; tid < N; tid++)
        pthread_create(&threads[tid], NULL, thread_routine, (void *)tid);
    for (int tid = 0; tid < N; tid++)
        pthread_join(threads[tid], NULL);
    pthread_exit(NULL); // nothing is left running here; the same events as a return
}
