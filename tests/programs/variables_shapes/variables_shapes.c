// variables_shapes, the debugger's variables pane test program (tests/app/session/tst_Replay,
// tests/app/gui/tst_VariablesPane): a value of each shape the pane expands (a typedef'd self-referential
// struct, a nested struct with a char array, arrays of ints and of structs, a 2-D array, bitfields, an
// enum, a 1000-element array and a local struct) and a worker that writes parts of them under a mutex
// while main writes its local. No parameters. 2 maximal configurations (who locks first), no defect.
#include <pthread.h>

struct point {
    int x;
    int y;
};

typedef struct counter {
    int count;
    struct counter *next;
} counter_t;

struct shape {
    char name[8];
    struct point corner;
    struct point size;
};

enum colour { RED, GREEN, BLUE };

struct flags {
    unsigned ready : 1;
    int level : 4;
    enum colour colour;
};

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
counter_t counter = {2, NULL};
struct shape box = {"box", {1, 2}, {3, 4}};
int primes[5] = {2, 3, 5, 7, 11};
struct point path[3] = {{0, 0}, {1, 1}, {2, 4}};
int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
struct flags state = {1, -3, GREEN};
int big[1000];

static void *worker(void *arg)
{
    pthread_mutex_lock(&m);
    counter.count = 3;
    counter.next = &counter;
    box.corner.y = 7;
    path[1].x = 5;
    grid[1][2] = 60;
    big[999] = 1;
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void)
{
    struct point local = {10, 20};
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    local.x = 11;
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    state.colour = local.x > 10 ? BLUE : RED;
    pthread_exit(NULL);
}
