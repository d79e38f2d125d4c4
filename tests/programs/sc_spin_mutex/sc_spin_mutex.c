// Mutual exclusion for two threads written with spin loops, as textbooks and SV-COMP write them
// (issue 12): PROTOCOL 0 Peterson, 1 Dekker, 2 Lamport's bakery, 3 Szymanski, 4 a broken Peterson
// (turn is given away before the flag is raised, so both threads can enter). Every wait is a spin
// loop without a bound: Weft recognises an iteration that changes nothing as an await (README
// "Spin loops"), so each exploration is finite. Under --model sc the four protocols never have two
// threads inside; the broken one is caught by the assertion.
#include <assert.h>
#include <pthread.h>

#ifndef PROTOCOL
#define PROTOCOL 0
#endif

#define LOAD(v) __atomic_load_n(&(v), __ATOMIC_SEQ_CST)
#define STORE(v, value) __atomic_store_n(&(v), (value), __ATOMIC_SEQ_CST)

int flag[2];
int turn;
int number[2];
int inside;

static void critical(void) {
    assert(inside == 0); // nobody else in the critical section
    inside = 1;
    inside = 0;
}

void *worker(void *arg) {
    const int me = (int)(long)arg, other = 1 - me;
#if PROTOCOL == 0
    STORE(flag[me], 1);
    STORE(turn, other);
    while (LOAD(flag[other]) && LOAD(turn) == other) {
    }
    critical();
    STORE(flag[me], 0);
#elif PROTOCOL == 1
    STORE(flag[me], 1);
    while (LOAD(flag[other])) {
        if (LOAD(turn) != me) {
            STORE(flag[me], 0);
            while (LOAD(turn) != me) {
            }
            STORE(flag[me], 1);
        }
    }
    critical();
    STORE(turn, other);
    STORE(flag[me], 0);
#elif PROTOCOL == 2
    // flag[] plays 'choosing'; a ticket is one more than the largest seen.
    STORE(flag[me], 1);
    const int ticket = 1 + (LOAD(number[other]) > LOAD(number[me]) ? LOAD(number[other]) : LOAD(number[me]));
    STORE(number[me], ticket);
    STORE(flag[me], 0);
    while (LOAD(flag[other])) {
    }
    while (LOAD(number[other]) != 0 &&
           (LOAD(number[other]) < ticket || (LOAD(number[other]) == ticket && other < me))) {
    }
    critical();
    STORE(number[me], 0);
#elif PROTOCOL == 3
    // flag[i]: 0 idle, 1 wants in, 2 waits for the other, 3 in the doorway, 4 has closed the door.
    STORE(flag[me], 1);
    while (LOAD(flag[other]) >= 3) {
    }
    STORE(flag[me], 3);
    if (LOAD(flag[other]) == 1) {
        STORE(flag[me], 2);
        while (LOAD(flag[other]) != 4) {
        }
    }
    STORE(flag[me], 4);
    if (me == 1)
        while (LOAD(flag[other]) >= 2) {
        }
    critical();
    if (me == 0)
        while (LOAD(flag[other]) >= 2 && LOAD(flag[other]) <= 3) {
        }
    STORE(flag[me], 0);
#else
    STORE(turn, other);
    STORE(flag[me], 1);
    while (LOAD(flag[other]) && LOAD(turn) == other) {
    }
    critical();
    STORE(flag[me], 0);
#endif
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)0);
    pthread_create(&b, 0, worker, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
