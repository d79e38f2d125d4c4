// A thread joined twice (README.md, "What the interpreter provides"): POSIX leaves the second join
// undefined, as the thread is no longer joinable; Weft reports it as invalid synchronisation, in
// whichever order the two joins run (found with GenMC's W+JW test, session 17). By default main
// joins the worker twice:
//   1 configuration: main's start and create, the worker's start and exit, main's first join (5
//   events); the second join is the defect, which ends the run there (1 defect).
// -D CONCURRENT: a second thread joins the worker while main does (GenMC's W+JW): the two joins
//   are independent events, so one order is explored, and in it the second join is the defect:
//   1 configuration, 1 defect. Events: main's start and two creates, both threads' starts, the
//   worker's exit, the first join (7).
// -D ONCE: main joins once: 1 configuration, no defect, 6 events (its join and exit).
#include <pthread.h>

static pthread_t worker;

static void *work(void *arg) { return arg; }

#if defined(CONCURRENT)
static void *joiner(void *arg) {
    pthread_join(worker, 0);
    return arg;
}
#endif

int main(void) {
    pthread_create(&worker, 0, work, 0);
#if defined(CONCURRENT)
    pthread_t other;
    pthread_create(&other, 0, joiner, 0);
    pthread_join(worker, 0);
    pthread_join(other, 0);
#else
    pthread_join(worker, 0);
#if !defined(ONCE)
    pthread_join(worker, 0);
#endif
#endif
    return 0;
}
