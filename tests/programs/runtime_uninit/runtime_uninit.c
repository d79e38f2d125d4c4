// SPDX-License-Identifier: MIT
// Uninitialised reads (--uninit report). Without a define the program only reads what it wrote,
// including bit-fields written next to unwritten ones, partly written structs copied whole, calloc'd,
// memset and realloc'd memory, and values sscanf stored: no defect, and the same output as natively.
// Each define adds one use of memory never written: a branch (BRANCH), an array index (ADDRESS), a
// printf argument (ARGUMENT), a heap block's unwritten element (HEAP), a value copied through
// another variable first (COPIED), a field another thread never wrote (THREAD), a local whose
// address is taken, so it lives in memory and the defect names it (MEMORY).
// The defines' reads are what the program is for: no compiler warning about them.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wsometimes-uninitialized"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct flags {
    unsigned ready : 1;
    unsigned done : 1;
    unsigned count : 6;
};

struct pair {
    int first;
    int second;
};

struct job {
    int input;
    int output;
};

static void *worker(void *arg) {
    struct job *j = arg;
#ifdef THREAD
    if (j->output > 0) // main wrote input only
        puts("output was set");
#endif
    j->output = j->input * 2;
    return NULL;
}

#ifdef MEMORY
static void keep(int *p) { (void)p; }
#endif

static int sum(const int *values, int n) {
    int total = 0;
    for (int i = 0; i < n; ++i)
        total += values[i];
    return total;
}

int main(void) {
    struct flags f;
    f.ready = 1; // the other bits of the byte are never written
    if (f.ready)
        puts("ready");

    struct pair p, q;
    p.first = 3; // p.second is never written, but only p.first is read from the copy
    q = p;
    printf("q.first = %d\n", q.first);

    int *zeroes = calloc(4, sizeof *zeroes);
    int squares[5];
    for (int i = 0; i < 5; ++i)
        squares[i] = i * i;
    char text[16];
    memset(text, 'x', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    printf("%d %d %zu\n", sum(zeroes, 4), sum(squares, 5), strlen(text));

    int *grown = malloc(2 * sizeof *grown);
    grown[0] = 10;
    grown[1] = 20;
    grown = realloc(grown, 4 * sizeof *grown);
    grown[2] = 30;
    grown[3] = 40;
    printf("grown: %d\n", sum(grown, 4));

    int parsed;
    if (sscanf("42", "%d", &parsed) == 1 && parsed == 42)
        puts("parsed 42");

    int x;
#ifdef BRANCH
    if (x == 7)
        puts("x is 7");
#endif
#ifdef ADDRESS
    squares[x] = 1;
#endif
#ifdef ARGUMENT
    printf("x = %d\n", x);
#endif
#ifdef HEAP
    int *block = malloc(3 * sizeof *block);
    block[0] = 1;
    if (block[2] > 0)
        puts("block[2] is positive");
    free(block);
#endif
#ifdef MEMORY
    int flag;
    keep(&flag);
    if (flag)
        puts("flag set");
#endif
#ifdef COPIED
    int y = x + 1;
    int z = y;
    if (z > 0)
        puts("z is positive");
#endif
    (void)x;

    struct job *j = malloc(sizeof *j);
    j->input = 21;
    pthread_t t;
    pthread_create(&t, NULL, worker, j);
    pthread_join(t, NULL);
    printf("output = %d\n", j->output);
    free(j);
    free(grown);
    free(zeroes);
    return 0;
}
