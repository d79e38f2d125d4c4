// SPDX-License-Identifier: MIT
// exit, atexit and _Exit. Without a define: handlers registered by main and by a thread run in
// reverse order when main returns, one handler registering another (it runs next); the same output
// as natively. THREAD_EXIT: a thread calls exit(0) while main waits to join it: the program ends
// there, handlers run in that thread. QUICK: _Exit skips the handlers. STATUS: exit(3) after the
// handlers ran is a non-zero exit defect.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void first(void) { puts("first handler (registered first, runs last)"); }
static void late(void) { puts("late handler (registered by a handler)"); }
static void second(void) {
    puts("second handler");
    atexit(late);
}
static void fromThread(void) { puts("handler registered by a thread"); }

static void *worker(void *arg) {
    (void)arg;
    atexit(fromThread);
#ifdef THREAD_EXIT
    puts("worker exits the program");
    exit(0);
#endif
    return NULL;
}

int main(void) {
    atexit(first);
    atexit(second);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    puts("main returns");
#ifdef QUICK
    _Exit(0);
#endif
#ifdef STATUS
    exit(3);
#endif
    return 0;
}
