// A detached thread joined, or detached again (README.md, "What the interpreter provides"): POSIX
// leaves both undefined, as the thread is no longer joinable; Weft reports them as invalid
// synchronisation (session 18; before, pthread_detach had no effect and no instance had a defect).
// Counts under sync (the calls that fail end the run there; the worker still runs to its exit):
// By default main detaches the worker, then joins it (`pthread_join of T1, which pthread_detach has
//   detached`): 1 configuration, 1 defect; events: main's start and create, the worker's start and
//   exit, main's end (5).
// -D TWICE: main detaches the worker twice (`... which is detached already`): the same 5 events.
// -D AFTER_JOIN: main joins the worker, then detaches it (`... which has been joined already`):
//   1 configuration, 1 defect, 6 events (the join).
// -D CONCURRENT: a second thread detaches the worker while main joins it. pthread_detach is no event,
//   so one order is explored; in either order the second call fails (a join that waited for the exit
//   checks again when it runs): 1 configuration, 1 defect; events: main's start, two creates and
//   join, both threads' starts, the worker's exit, the detacher's end (8).
// -D ONCE: main detaches the worker and never joins it: 1 configuration, no defect, 5 events.
#include <pthread.h>

static pthread_t worker;

static void *work(void *arg) { return arg; }

#if defined(CONCURRENT)
static void *detacher(void *arg) {
    pthread_detach(worker);
    return arg;
}
#endif

int main(void) {
    pthread_create(&worker, 0, work, 0);
#if defined(CONCURRENT)
    pthread_t other;
    pthread_create(&other, 0, detacher, 0);
    pthread_join(worker, 0);
    pthread_join(other, 0);
#elif defined(AFTER_JOIN)
    pthread_join(worker, 0);
    pthread_detach(worker);
#else
    pthread_detach(worker);
#if defined(TWICE)
    pthread_detach(worker);
#elif !defined(ONCE)
    pthread_join(worker, 0);
#endif
#endif
    return 0;
}
