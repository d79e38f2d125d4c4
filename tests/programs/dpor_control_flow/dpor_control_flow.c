// The control-flow program of "Source Sets" (JACM 2017, Fig. 2) and its chain of GROUPS groups (Fig. 10):
// reversing the race that lets s_i write x_i needs the threads of every lower group scheduled just so,
// which makes source-DPOR's sleep-set-blocked runs grow exponentially with GROUPS while an optimal
// exploration has none. p_i reads x_i and, when it is 1, starts group i+1.
// Traces under --model sc: 4*GROUPS+1 (s_i reads y_i only after reading z_i == 1, the variant that gives the
// paper's Table 1), or 6*GROUPS+1 with AS_PRINTED (s_i reads y_i always, as the figure prints it).
#include <pthread.h>

#ifndef GROUPS
#define GROUPS 2
#endif

int x[GROUPS + 2], y[GROUPS + 2], z[GROUPS + 2];

void *q(void *arg) {
    long i = (long)arg;
    y[i] = 1;
    return 0;
}

void *r(void *arg) {
    long i = (long)arg;
    int m = y[i];
    if (m == 0)
        z[i] = 1;
    return 0;
}

void *s(void *arg) {
    long i = (long)arg;
    int n = z[i];
#ifdef AS_PRINTED
    int l = y[i];
    if (n == 1 && l == 0)
        x[i] = 1;
#else
    if (n == 1) {
        int l = y[i];
        if (l == 0)
            x[i] = 1;
    }
#endif
    return 0;
}

// Starts q_i, r_i and s_i and waits for them.
static void startGroup(long i) {
    pthread_t t[3];
    pthread_create(&t[0], 0, q, (void *)i);
    pthread_create(&t[1], 0, r, (void *)i);
    pthread_create(&t[2], 0, s, (void *)i);
    for (int k = 0; k < 3; k++)
        pthread_join(t[k], 0);
}

void *p(void *arg) {
    long i = (long)arg;
    if (x[i] == 1 && i < GROUPS)
        startGroup(i + 1);
    return 0;
}

void *firstGroup(void *arg) {
    startGroup(1);
    return arg;
}

int main(void) {
    pthread_t t[GROUPS + 1];
    for (long i = 1; i <= GROUPS; i++)
        pthread_create(&t[i], 0, p, (void *)i);
    pthread_create(&t[0], 0, firstGroup, 0);
    for (int i = 0; i <= GROUPS; i++)
        pthread_join(t[i], 0);
    return 0;
}
