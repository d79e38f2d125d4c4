// A false assumption stops only its own thread (issue 20). t_stuck's assumption always fails, yet
// the error stays reachable: t_set and t_check run while t_stuck sits at its assumption (or before
// it). A verifier that ended the whole program at the assumption would report no defect here.
// With -DLOCKED, t_stuck fails its assumption while holding m, so the threads that then need m are
// cut off with it: those executions are assume-blocked, not deadlocks.
#include <pthread.h>

extern void __VERIFIER_assume(int);
extern void __VERIFIER_error(void);

#ifdef LOCKED
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
#define ENTER() pthread_mutex_lock(&m)
#define LEAVE() pthread_mutex_unlock(&m)
#else
#define ENTER() ((void)0)
#define LEAVE() ((void)0)
#endif

int x = 0;

void *t_stuck(void *arg) {
    ENTER();
    __VERIFIER_assume(0);
    LEAVE();
    return arg;
}

void *t_set(void *arg) {
    ENTER();
    x = 1;
    LEAVE();
    return arg;
}

void *t_check(void *arg) {
    ENTER();
    int seen = x;
    LEAVE();
    if (seen == 1)
        __VERIFIER_error();
    return arg;
}

int main(void) {
    pthread_t a, b, c;
    pthread_create(&a, 0, t_stuck, 0);
    pthread_create(&b, 0, t_set, 0);
    pthread_create(&c, 0, t_check, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
