#include <pthread.h>
extern void __VERIFIER_assume(int); extern int __VERIFIER_nondet_int(void);
int flag, data;
void *w(void *p) { data = __VERIFIER_nondet_int(); flag = 1; return p; }
void *r(void *p) { __VERIFIER_assume(flag); return (void *)(long)data; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, w, 0); pthread_create(&b, 0, r, 0); pthread_join(a, 0); return 0; }
