#include <assert.h>
#include <pthread.h>
int x; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *f(void *a) { pthread_mutex_lock(&m); int t = x; pthread_mutex_unlock(&m); pthread_mutex_lock(&m); x = t + 1; pthread_mutex_unlock(&m); return a; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, f, 0); pthread_create(&b, 0, f, 0); pthread_join(a, 0); pthread_join(b, 0); assert(x == 2); return 0; }
