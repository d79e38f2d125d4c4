// SPDX-License-Identifier: MIT
// setjmp and longjmp within one thread: error recovery from nested calls, a retry loop, a second
// longjmp to the same jmp_buf, sigsetjmp/siglongjmp, longjmp(env, 0) returning 1; the same output as
// natively. RETURNED: a longjmp to a setjmp whose function has returned. NEVER_SET: a longjmp with a
// jmp_buf setjmp never set. OTHER_THREAD: a thread longjmps to main's jmp_buf (unsupported).
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static jmp_buf recover;
static int depth;

static void fail(int code) {
    printf("failing with %d at depth %d\n", code, depth);
    longjmp(recover, code);
}

static int parse(int level, int failAt) {
    ++depth;
    if (level == failAt)
        fail(level * 10);
    int result = level < 5 ? parse(level + 1, failAt) : 0;
    --depth;
    return result + level;
}

static int attempt(int failAt) {
    depth = 0;
    const int code = setjmp(recover);
    if (code != 0) {
        printf("recovered: code %d, depth %d\n", code, depth);
        return -code;
    }
    return parse(1, failAt);
}

#ifdef RETURNED
static jmp_buf stale;
static void setStale(void) {
    if (setjmp(stale) != 0)
        puts("never printed");
}
#endif

#ifdef OTHER_THREAD
static void *jumper(void *arg) {
    (void)arg;
    longjmp(recover, 1);
    return NULL;
}
#endif

int main(void) {
    printf("attempt(3) = %d\n", attempt(3));
    printf("attempt(9) = %d\n", attempt(9));

    volatile int tries = 0;
    jmp_buf again;
    if (setjmp(again) < 3) {
        ++tries;
        if (tries < 3)
            longjmp(again, tries);
    }
    printf("tries = %d\n", tries);

    jmp_buf zero;
    volatile int seen = -1;
    int r = setjmp(zero);
    if (seen < 0) {
        seen = r;
        longjmp(zero, 0);
    }
    printf("setjmp returned %d after longjmp(env, 0), first %d\n", r, seen);

    sigjmp_buf signalled;
    volatile int rounds = 0;
    if (sigsetjmp(signalled, 1) == 0 || rounds < 2) {
        ++rounds;
        if (rounds <= 2)
            siglongjmp(signalled, 7);
    }
    printf("rounds = %d\n", rounds);

#ifdef RETURNED
    setStale();
    longjmp(stale, 1);
#endif
#ifdef NEVER_SET
    jmp_buf never;
    memset(never, 0, sizeof never);
    longjmp(never, 1);
#endif
#ifdef OTHER_THREAD
    if (setjmp(recover) == 0) {
        pthread_t t;
        pthread_create(&t, NULL, jumper, NULL);
        pthread_join(t, NULL);
    }
#endif
    return 0;
}
