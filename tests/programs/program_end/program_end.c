// A fault (failed assert, abort, crash) or exit() in one thread ends the program only once the other
// threads have taken their steps (engine/unfolding/README.md, "Program ends"): their defects are
// found too, and each thread's end is explored against the others'. Counted by hand:
//
// default: T1 fails its assertion, main aborts; either can end the program first: 2 configurations
//   (main's abort, T1's assertion), 2 defects; events: T0 start, create, T1 start, the two ends: 5.
// EXIT: main calls exit(0) instead: the same 2 configurations and 5 events, 1 defect (T1's).
// CRASH: T1 dereferences NULL; T2 increments x under m; main asserts x == 0 under m, then joins T1
//   (which never exits). Main's critical section first: the assertion holds, main waits to join T1,
//   T2 runs, T1's crash ends the program (1 configuration). T2's first: the assertion fails, and main's
//   failure or T1's crash ends the program (2 configurations). 3 configurations, 2 defects; events:
//   T0 start, 2 creates, lock and unlock first, lock after T2's unlock, its end (7), T1 start and
//   crash (2), T2 start, then lock, unlock, exit before and after main's section (7): 16.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *failing(void *arg) {
  assert(arg != 0);
  return arg;
}

void *crashing(void *arg) {
  int *p = arg;
  *p = 1;
  return 0;
}

void *incrementing(void *arg) {
  pthread_mutex_lock(&m);
  x = x + 1;
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  pthread_t t1;
#ifdef CRASH
  pthread_t t2;
  pthread_create(&t1, 0, crashing, 0);
  pthread_create(&t2, 0, incrementing, 0);
  pthread_mutex_lock(&m);
  assert(x == 0);
  pthread_mutex_unlock(&m);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
#else
  pthread_create(&t1, 0, failing, 0);
#ifdef EXIT
  exit(0);
#else
  abort();
#endif
#endif
}
