// A thread's end (a failed assertion, exit()) while another thread loops forever with visible actions, which is
// no spin (it writes what it reads): the end waits while the others take at most 65,536 more actions
// (ExecutionLimits::maxActionsAfterEnd; engine/unfolding/README.md, "Program ends"), then ends the run, which is
// cut there. Before that bound every such run went on to the action bound, 4,194,304 actions.
//
// Two threads increment x in two critical sections each (a lost update: C(4,2) = 6 orders of the sections, 4 of
// them failing main's assertion x == 2), a heartbeat thread created after them locks and unlocks its own mutex
// forever, and main ends with exit(0). The lowest-first runs reach the heartbeat last, after main's end became
// due, so it takes 65,536 actions in each run, the same events every time (its mutex is its own): counts are
// those of -D NO_HEARTBEAT (6 configurations, 4 failing) plus main's create and 65,536 events.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_mutex_t hb = PTHREAD_MUTEX_INITIALIZER, m = PTHREAD_MUTEX_INITIALIZER;
int beats, x;

void *heartbeat(void *arg) {
  for (;;) {
    pthread_mutex_lock(&hb);
    beats++;
    pthread_mutex_unlock(&hb);
  }
  return arg;
}

void *increment(void *arg) {
  pthread_mutex_lock(&m);
  int seen = x;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  x = seen + 1;
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, increment, 0);
  pthread_create(&b, 0, increment, 0);
#ifndef NO_HEARTBEAT
  pthread_t h;
  pthread_create(&h, 0, heartbeat, 0);
#endif
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  exit(0);
}
