// SPDX-License-Identifier: MIT
// `weft svcomp` (app/cli/SvcompCommand.cpp): SV-COMP's semantics against `weft explore`'s on the
// same programs (abort, exit and a failed assert() end a path silently; reach_error() is the
// violation), the verdict per property with its exit code, unknown for what Weft cannot decide, and
// the violation witness checked against the GraphML witness format with an XML parser.
#include "tests/ScratchFiles.hpp"
#include "tests/app/WeftRun.hpp"

#include <QCryptographicHash>
#include <QFile>
#include <QSet>
#include <QXmlStreamReader>
#include <QtTest>

using namespace weft;
using namespace weft::testing;

class tst_SvcompCommand : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_files.isValid()); }
    void verdicts_data();
    void verdicts();
    void debuggerSemanticsUnchanged_data();
    void debuggerSemanticsUnchanged();
    void exploreReportsUninitialisedReads();
    void witnessIsValidGraphMl();
    void witnessCarriesInputs();

private:
    std::string write(const std::string &name, const std::string &text) { return m_files.write(name, text); }
    ScratchFiles m_files;
};

namespace {

const char *kHeader = R"(#include <pthread.h>
#include <stdlib.h>
#include <assert.h>
extern void __VERIFIER_assume(int);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
void reach_error(void) { assert(0); }
)";

} // namespace

void tst_SvcompCommand::verdicts_data() {
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("property");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("verdict");
    // A lost update under sc reaches reach_error: the violation, located at the call.
    QTest::addRow("lost update") << R"(int x;
void *inc(void *a) { x = x + 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, inc, 0); x = x + 1; pthread_join(t, 0);
  if (x != 2) reach_error(); return 0; })"
                                 << "unreach-call" << 1 << "false (assertion failure at src.c:12:15)";
    QTest::addRow("atomic increment") << R"(int x;
void __VERIFIER_atomic_inc(void) { x = x + 1; }
void *inc(void *a) { __VERIFIER_atomic_inc(); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, inc, 0); __VERIFIER_atomic_inc(); pthread_join(t, 0);
  if (x != 2) reach_error(); return 0; })"
                                      << "unreach-call" << 0 << "true";
    // assume_abort_if_not: abort() only cuts the path; so do exit(3) and a failed assert().
    QTest::addRow("abort cuts the path") << R"(int x;
void assume_abort_if_not(int c) { if (!c) abort(); }
void *w(void *a) { x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); int v = x; assume_abort_if_not(v == 0);
  pthread_join(t, 0); if (v != 0) reach_error(); return 0; })"
                                         << "unreach-call" << 0 << "true";
    QTest::addRow("exit and assert cut the path") << R"(int x;
void *w(void *a) { x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); int v = x; if (v) exit(3); assert(v == 0 && 0);
  reach_error(); return 0; })"
                                                  << "unreach-call" << 0 << "true";
    // An abort or exit ends the program once the other threads cannot move (engine/unfolding/README.md,
    // "Program ends"):
    // the thread that reaches reach_error first is explored. Inside an atomic section it ends the
    // program at once: no other thread sees the section's write.
    QTest::addRow("abort in main, reach_error in a thread")
        << R"(void *t(void *a) { reach_error(); return 0; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); abort(); })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:9:20)";
    QTest::addRow("exit in main, reach_error in a thread")
        << R"(void *t(void *a) { reach_error(); return 0; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); exit(0); })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:9:20)";
    QTest::addRow("abort inside an atomic section") << R"(int x;
void *t(void *a) { if (x == 1) reach_error(); return 0; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0);
  __VERIFIER_atomic_begin(); x = 1; abort(); __VERIFIER_atomic_end(); return 0; })"
                                                    << "unreach-call" << 0 << "true";
    // Session 18: it waits as any end does, so a thread that has not reached its violation yet still does.
    QTest::addRow("abort inside an atomic section beside reach_error")
        << R"(void *t1(void *a) { __VERIFIER_atomic_begin(); abort(); __VERIFIER_atomic_end(); return 0; }
void *t2(void *a) { reach_error(); return 0; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, t1, 0); pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0); pthread_join(b, 0); return 0; })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:10:21)";
    // A loop that chooses and comes back with nothing changed is cut (engine/unfolding/README.md, "Spin loops
    // and awaits"): its first run chose 1 up to the action bound before session 18 (unknown at the timeout).
    QTest::addRow("loop that chooses") << R"(int x;
void *t(void *a) { while (1) switch (__VERIFIER_nondet_int()) { case 1: x = 1; break; case 2: return 0; } }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); if (x == 1) reach_error(); pthread_join(id, 0); return 0; })"
                                       << "unreach-call" << 1 << "false (assertion failure at src.c:11:74)";
    QTest::addRow("deadlock is no violation") << R"(pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
void *w(void *p) { pthread_mutex_lock(&b); pthread_mutex_lock(&a); pthread_mutex_unlock(&a); pthread_mutex_unlock(&b); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&a); pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b); pthread_mutex_unlock(&a); pthread_join(t, 0); return 0; })"
                                              << "unreach-call" << 0 << "true";
    QTest::addRow("race") << R"(int x;
void *w(void *a) { x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); int v = x; pthread_join(t, 0); return v; })"
                          << "no-data-race" << 1 << "false (data race at src.c:10:22)";
    QTest::addRow("no race between sections") << R"(int x;
void *w(void *a) { __VERIFIER_atomic_begin(); x = 1; __VERIFIER_atomic_end(); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); __VERIFIER_atomic_begin(); int v = x; __VERIFIER_atomic_end();
  pthread_join(t, 0); return 0; })"
                                              << "no-data-race" << 0 << "true";
    QTest::addRow("out of bounds") << R"(int a[2];
void *w(void *p) { a[*(int *)p] = 1; return 0; }
int main(void) { int i = 2; pthread_t t; pthread_create(&t, 0, w, &i); pthread_join(t, 0); return 0; })"
                                   << "valid-memsafety" << 1 << "false (undefined behaviour at src.c:10:33)";
    QTest::addRow("memsafe but leaks unchecked") << R"(int main(void) { int *p = malloc(4); *p = 1; free(p); return 0; })"
                                                 << "valid-memsafety" << 4
                                                 << "unknown (no invalid dereference or free, but memory leaks (valid-memtrack) are not checked)";
    // Inputs are explored: a violation under any explored value is real; safe over bool and char (whole
    // domains) is true, safe over wider types is unknown (explored over -1..16 only).
    QTest::addRow("nondet int in the range")
        << R"(int main(void) { if (__VERIFIER_nondet_int() == 7) reach_error(); return 0; })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:9:52)";
    QTest::addRow("nondet int beyond the range")
        << R"(int main(void) { if (__VERIFIER_nondet_int() == 99) reach_error(); return 0; })"
        << "unreach-call" << 4
        << "unknown (the program compares __VERIFIER_nondet_* values of types wider than char for equality with 99, "
           "outside -1..16, the values explored)";
    QTest::addRow("nondet bool and char, violated")
        << R"(_Bool __VERIFIER_nondet_bool(void); char __VERIFIER_nondet_char(void);
int main(void) { _Bool b = __VERIFIER_nondet_bool(); char c = __VERIFIER_nondet_char(); if (!b && c == -127) reach_error(); return 0; })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:10:110)";
    QTest::addRow("nondet bools, safe") << R"(_Bool __VERIFIER_nondet_bool(void);
int main(void) { _Bool a = __VERIFIER_nondet_bool(), b = __VERIFIER_nondet_bool(); if (a && b && !a) reach_error(); return 0; })"
                                        << "unreach-call" << 0 << "true";
    // An uninitialised integer local is an arbitrary value of its type, the same at every read,
    // explored like the nondet call of its width; uninitialised memory stays an unknown.
    QTest::addRow("uninitialised local") << R"(int main(void) { int v; if (v == 7) reach_error(); return 0; })"
                                         << "unreach-call" << 1 << "false (assertion failure at src.c:9:37)";
    QTest::addRow("uninitialised local, safe in range")
        << R"(int main(void) { int v; if (v == 99) reach_error(); return 0; })" << "unreach-call" << 4
        << "unknown (the program compares __VERIFIER_nondet_* values of types wider than char for equality with 99, "
           "outside -1..16, the values explored)";
    // (Only compared with 3, so -1..16 stand for every value: true; never false, every read agrees.)
    QTest::addRow("uninitialised local, one value at every read")
        << R"(int main(void) { int v; _Bool a = v > 3; _Bool b = v > 3; if (a != b) reach_error(); return 0; })"
        << "unreach-call" << 0 << "true";
    // A wide input only compared with constants in 0..15 (eq, signed or unsigned order, after
    // widening): the negative values behave like -1, those above 15 like 16, so -1..16 cover it.
    QTest::addRow("wide input compared with small constants, safe")
        << R"(int main(void) { int v = __VERIFIER_nondet_int(); if (v > 3 && v < 2) reach_error(); return 0; })"
        << "unreach-call" << 0 << "true";
    QTest::addRow("wide input above the constants") << R"(unsigned __VERIFIER_nondet_uint(void);
int main(void) { unsigned u = __VERIFIER_nondet_uint(); if (u > 15) reach_error(); return 0; })"
                                                    << "unreach-call" << 1 << "false (assertion failure at src.c:10:";
    QTest::addRow("wide input, signed and unsigned order") << R"(long __VERIFIER_nondet_long(void);
int main(void) { long l = __VERIFIER_nondet_long(); if (l < 0 && (unsigned long)l < 5) reach_error(); return 0; })"
                                                           << "unreach-call" << 0 << "true";
    QTest::addRow("wide input in arithmetic")
        << R"(int main(void) { int v = __VERIFIER_nondet_int(); if (v * 2 == 7) reach_error(); return 0; })"
        << "unreach-call" << 4
        << "unknown (the program reads __VERIFIER_nondet_* values of types wider than char, explored over -1..16 only)";
    // The values the checks right after an input let through (an assume, assume_abort_if_not) are
    // explored exactly when they are few (docs/svcomp.md): every other value is cut before the
    // thread does anything visible, so they cover the input.
    QTest::addRow("assumed range, violated at its end")
        << R"(unsigned __VERIFIER_nondet_uint(void); volatile int n;
int main(void) { n = __VERIFIER_nondet_uint(); __VERIFIER_assume(n >= 20 && n < 40); if (n == 39) reach_error(); return 0; })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:10:";
    QTest::addRow("assumed range, safe") << R"(unsigned __VERIFIER_nondet_uint(void); volatile int n;
int main(void) { n = __VERIFIER_nondet_uint(); __VERIFIER_assume(n >= 20 && n < 40); if (n < 20 || n == 40) reach_error(); return 0; })"
                                         << "unreach-call" << 0 << "true";
    QTest::addRow("assumed range through a function") << R"(void assume_abort_if_not(int c) { if (!c) abort(); }
int main(void) { int k = __VERIFIER_nondet_int(); assume_abort_if_not(k > -5 && k <= 200); if (k * 3 == 600) reach_error(); return 0; })"
                                                      << "unreach-call" << 1 << "false (assertion failure at src.c:10:";
    QTest::addRow("assumed range through a function, safe") << R"(void assume_abort_if_not(int c) { if (!c) abort(); }
int main(void) { int k = __VERIFIER_nondet_int(); assume_abort_if_not(k > -5 && k <= 200); if (k * 3 == 603 || k == -5) reach_error(); return 0; })"
                                                            << "unreach-call" << 0 << "true";
    QTest::addRow("assumed range, unsigned order") << R"(unsigned __VERIFIER_nondet_uint(void);
int main(void) { unsigned u = __VERIFIER_nondet_uint(); __VERIFIER_assume(u < 200); if (u > 199) reach_error(); return 0; })"
                                                   << "unreach-call" << 0 << "true";
    QTest::addRow("assumption never holds")
        << R"(int main(void) { int k = __VERIFIER_nondet_int(); __VERIFIER_assume(k > 5 && k < 3); reach_error(); return 0; })"
        << "unreach-call" << 0 << "true";
    QTest::addRow("assumed range too wide")
        << R"(int main(void) { int k = __VERIFIER_nondet_int(); __VERIFIER_assume(k >= 0 && k < 1000); if (k == 999) reach_error(); return 0; })"
        << "unreach-call" << 4
        << "unknown (the program reads __VERIFIER_nondet_* values of types wider than char, explored over -1..16 only)";
    // Read back from a variable another thread may see before the checks: not a range (w sees 100).
    QTest::addRow("assumed range, another thread reads the variable")
        << R"(volatile int n;
void *w(void *a) { if (n == 100) reach_error(); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); n = __VERIFIER_nondet_int(); __VERIFIER_assume(n >= 20 && n < 40); pthread_join(t, 0); return 0; })"
        << "unreach-call" << 4
        << "unknown (the program reads __VERIFIER_nondet_* values of types wider than char, explored over -1..16 only)";
    // An input only compared for equality (through a variable, converted to double): every value no
    // comparison meets behaves like any other, so -1..16 covers it when it holds all the values met.
    QTest::addRow("input only compared for equality") << R"(double a[40]; double key; int count;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *p) { int n = 0; for (int i = 0; i < 20; i++) if (a[(long)p + i] == key) n++;
  pthread_mutex_lock(&m); count += n; pthread_mutex_unlock(&m); return 0; }
int main(void) { for (int i = 0; i < 40; i++) a[i] = i % 10 + 1.0; key = __VERIFIER_nondet_int();
  pthread_t t1, t2; pthread_create(&t1, 0, w, (void *)0); pthread_create(&t2, 0, w, (void *)20);
  pthread_join(t1, 0); pthread_join(t2, 0); int n = 0; for (int i = 0; i < 40; i++) if (a[i] == key) n++;
  if (n != count) reach_error(); return 0; })" << "unreach-call"
                                                      << 0 << "true";
    QTest::addRow("input equal to an element") << R"(int a[4] = {3, 9, 12, 7}; int key;
int main(void) { key = __VERIFIER_nondet_int(); for (int i = 0; i < 4; i++) if (a[i] == key && i == 3) reach_error(); return 0; })"
                                               << "unreach-call" << 1 << "false (assertion failure at src.c:10:";
    QTest::addRow("input compared with a value outside the range")
        << R"(int a[4] = {3, 9, 120, 7}; int key;
int main(void) { key = __VERIFIER_nondet_int(); for (int i = 0; i < 4; i++) if (a[i] == key && i == 2) reach_error(); return 0; })"
        << "unreach-call" << 4
        << "unknown (the program compares __VERIFIER_nondet_* values of types wider than char for equality with 120, "
           "outside -1..16, the values explored)";
    // What the input is compared with may depend on earlier comparisons: each value met counts.
    QTest::addRow("input compared with what a comparison chose")
        << R"(int key; int a = 3;
int main(void) { key = __VERIFIER_nondet_int(); int b = 100; if (key == a) b = 50; if (key == b) reach_error(); return 0; })"
        << "unreach-call" << 4
        << "unknown (the program compares __VERIFIER_nondet_* values of types wider than char for equality with 50, "
           "outside -1..16, the values explored)";
    QTest::addRow("input compared with every explored value")
        << R"(int key;
int main(void) { key = __VERIFIER_nondet_int(); int n = 0; for (int i = -1; i <= 16; i++) if (key == i) n++; return n; })"
        << "unreach-call" << 4
        << "unknown (the program compares __VERIFIER_nondet_* values of types wider than char for equality with every "
           "value of -1..16, the values explored)";
    // Its bits read through another type are not the input: not an equality input.
    QTest::addRow("input read back as other bits")
        << R"(double key;
int main(void) { key = __VERIFIER_nondet_int(); if (*(long *)&key == 0x4059000000000000L) reach_error(); return 0; })"
        << "unreach-call" << 4
        << "unknown (the program reads __VERIFIER_nondet_* values of types wider than char, explored over -1..16 only)";
    QTest::addRow("input in order comparisons")
        << R"(int a[4] = {3, 9, 120, 7}; int key;
int main(void) { key = __VERIFIER_nondet_int(); for (int i = 0; i < 4; i++) if (a[i] < key && i == 2) reach_error(); return 0; })"
        << "unreach-call" << 4
        << "unknown (the program reads __VERIFIER_nondet_* values of types wider than char, explored over -1..16 only)";
    // __VERIFIER_atomic_assert, which old tasks call without defining it, is __VERIFIER_assert run
    // atomically (the reading sv-benchmarks gave fkp2014 when it replaced the call); a definition
    // the task gives is run instead.
    QTest::addRow("atomic assert holds") << R"(void __VERIFIER_atomic_assert(int c); int s, t;
void *w(void *a) { __VERIFIER_atomic_begin(); t++; __VERIFIER_atomic_end(); __VERIFIER_atomic_assert(s < t);
  __VERIFIER_atomic_begin(); s++; __VERIFIER_atomic_end(); return 0; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, w, 0); pthread_create(&b, 0, w, 0); return 0; })"
                                         << "unreach-call" << 0 << "true";
    QTest::addRow("atomic assert fails") << R"(void __VERIFIER_atomic_assert(int c); int s, t;
void *w(void *a) { __VERIFIER_atomic_begin(); t++; __VERIFIER_atomic_end(); __VERIFIER_atomic_assert(s + 1 < t);
  __VERIFIER_atomic_begin(); s++; __VERIFIER_atomic_end(); return 0; }
int main(void) { pthread_t a, b; pthread_create(&a, 0, w, 0); pthread_create(&b, 0, w, 0); return 0; })"
                                         << "unreach-call" << 1 << "false (assertion failure at src.c:10:77)";
    QTest::addRow("atomic assert the task defines") << R"(void __VERIFIER_atomic_assert(int c) { }
int main(void) { __VERIFIER_atomic_assert(0); return 0; })"
                                                    << "unreach-call" << 0 << "true";
    QTest::addRow("wide input deciding a lock") << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int g;
void *t(void *a) { pthread_mutex_lock(&m); g++; pthread_mutex_unlock(&m); return 0; }
int main(void) { int i = __VERIFIER_nondet_int(); pthread_t id; pthread_create(&id, 0, t, 0);
  if (i) pthread_mutex_lock(&m); if (i) g++; if (i) pthread_mutex_unlock(&m); pthread_join(id, 0); return 0; })"
                                                << "no-data-race" << 0 << "true";
    QTest::addRow("uninitialised local in a thread")
        << R"(int x; void *w(void *p) { int c; if (c == 5) x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); x = 2; pthread_join(t, 0); return 0; })"
        << "no-data-race" << 1 << "false (data race at src.c:";
    QTest::addRow("written before read") << R"(int main(void) { int v; v = 3; if (v == 7) reach_error(); return 0; })"
                                         << "unreach-call" << 0 << "true";
    QTest::addRow("uninitialised array") << R"(int main(void) { int a[2]; if (a[1] == 7) reach_error(); return 0; })"
                                         << "unreach-call" << 4 << "unknown (uninitialised read: ";
    // pthread_cond_wait may return without a signal: three times per thread are explored.
    QTest::addRow("spurious wake-up found")
        << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_t c = PTHREAD_COND_INITIALIZER; int ready;
void *w(void *p) { pthread_mutex_lock(&m); ready = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); if (!ready) pthread_cond_wait(&c, &m);
  if (!ready) reach_error(); pthread_mutex_unlock(&m); pthread_join(t, 0); return 0; })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:12:15)";
    QTest::addRow("one wait, spurious or not")
        << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_t c = PTHREAD_COND_INITIALIZER; int ready;
void *w(void *p) { pthread_mutex_lock(&m); ready = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); if (!ready) pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m); pthread_join(t, 0); if (!ready) reach_error(); return 0; })"
        << "unreach-call" << 0 << "true";
    // A wait repeated after a spurious wake-up with nothing changed is the same wait: decided.
    QTest::addRow("waits in a loop")
        << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_t c = PTHREAD_COND_INITIALIZER; int ready;
void *w(void *p) { pthread_mutex_lock(&m); ready = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); while (!ready) pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m); pthread_join(t, 0); if (!ready) reach_error(); return 0; })"
        << "unreach-call" << 0 << "true";
    // Each loop's first wait has its own choice; the waits repeating a spurious wake-up need none.
    QTest::addRow("waits in two loops")
        << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_t c = PTHREAD_COND_INITIALIZER; int ready, done;
void *w(void *p) { pthread_mutex_lock(&m); ready = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m); done = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); while (!ready) pthread_cond_wait(&c, &m);
  while (!done) pthread_cond_wait(&c, &m); pthread_mutex_unlock(&m); if (!done) reach_error(); pthread_join(t, 0); return 0; })"
        << "unreach-call" << 0 << "true";
    QTest::addRow("changes something between waits")
        << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_t c = PTHREAD_COND_INITIALIZER; int ready, waits;
void *w(void *p) { pthread_mutex_lock(&m); ready = 1; pthread_cond_signal(&c); pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_mutex_lock(&m); while (!ready) { ++waits; pthread_cond_wait(&c, &m); }
  pthread_mutex_unlock(&m); pthread_join(t, 0); return 0; })"
        << "unreach-call" << 4
        << "unknown (a thread waited on a condition variable more than 3 times, not repeating its last wait";
    // pthread_mutex_lock may fail where the program tests its result: both outcomes are explored.
    QTest::addRow("lock failure races") << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int x;
void *w(void *p) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); if (pthread_mutex_lock(&m)) x = 2; else pthread_mutex_unlock(&m);
  pthread_join(t, 0); return 0; })"
                                        << "no-data-race" << 1 << "false (data race at src.c:";
    QTest::addRow("lock failure handled") << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int x;
void *w(void *p) { if (pthread_mutex_lock(&m)) abort(); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); if (pthread_mutex_lock(&m) != 0) return 0; x = 2;
  pthread_mutex_unlock(&m); pthread_join(t, 0); if (x != 2 && x != 1) reach_error(); return 0; })"
                                          << "no-data-race" << 0 << "true";
    QTest::addRow("lock failure reaches") << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int main(void) { if (pthread_mutex_lock(&m)) reach_error(); pthread_mutex_unlock(&m); return 0; })"
                                          << "unreach-call" << 1 << "false (assertion failure at src.c:10:46)";
    // Unlocking a mutex not held returns EPERM (reported): the other thread's run before it is explored.
    QTest::addRow("unheld unlock races") << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int x;
void *w(void *p) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); x = 2; pthread_mutex_unlock(&m); return 0; })"
                                         << "no-data-race" << 1 << "false (data race at src.c:";
    QTest::addRow("unheld unlock without race") << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; int x;
void *w(void *p) { pthread_mutex_lock(&m); x = 1; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); if (pthread_mutex_unlock(&m) != 1) reach_error();
  pthread_mutex_lock(&m); x = 2; pthread_mutex_unlock(&m); return 0; })"
                                                << "no-data-race" << 4 << "unknown (invalid synchronisation: src.c:";
    QTest::addRow("unheld unlock returns EPERM") << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int main(void) { if (pthread_mutex_unlock(&m) != 1) reach_error(); return 0; })"
                                                 << "unreach-call" << 4 << "unknown (invalid synchronisation: src.c:";
    QTest::addRow("unsupported call") << R"(int fork(void); int main(void) { if (fork() == 0) reach_error(); return 0; })"
                                      << "unreach-call" << 4 << "unknown (unsupported operation: ";
    // A function the task only declares returns an arbitrary value of its type, explored like an input.
    QTest::addRow("undefined function, small constants")
        << R"(int get(void);
int main(void) { if (get() == 3) reach_error(); return 0; })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:10:34)";
    QTest::addRow("undefined function, every char")
        << R"(unsigned char get(void);
int main(void) { unsigned char c = get(); if (c == 200) reach_error(); return 0; })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:10:57)";
    QTest::addRow("undefined function, char covered") << R"(unsigned char get(void);
int main(void) { int c = get(); if (c > 255 || c < 0) reach_error(); return 0; })"
                                                      << "unreach-call" << 0 << "true";
    QTest::addRow("undefined function, wide result in arithmetic")
        << R"(int get(void);
int main(void) { if (get() * 2 == 40) reach_error(); return 0; })"
        << "unreach-call" << 4
        << "unknown (the program calls functions it only declares (the last: get()), whose results";
    QTest::addRow("undefined void function") << R"(void note(int v);
int main(void) { note(3); return 0; })" << "unreach-call"
                                             << 0 << "true";
    // A value only passed to undefined functions changes nothing: no choice (else 256^20 executions).
    QTest::addRow("undefined results passed on") << R"(unsigned char rd(int i); void wr(unsigned char c, int i);
int main(void) { char c; for (int i = 0; i < 20; ++i) { wr(rd(i), i); wr(c, i); } return 0; })"
                                                 << "unreach-call" << 0 << "true";
    // Pointers: NULL and a fresh object are explored, two of the values it may return.
    QTest::addRow("undefined pointer, NULL") << R"(int *alloc(void);
int main(void) { if (alloc() == 0) reach_error(); return 0; })"
                                             << "unreach-call" << 1 << "false (assertion failure at src.c:10:36)";
    QTest::addRow("undefined pointer, fresh object")
        << R"(int *alloc(void);
int main(void) { int *p = alloc(); if (p) { *p = 5; if (*p == 5) reach_error(); } return 0; })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:10:66)";
    QTest::addRow("undefined pointer, not all values")
        << R"(int *alloc(void);
int main(void) { int *p = alloc(); if (p) { *p = 5; if (*p != 5) reach_error(); } return 0; })"
        << "unreach-call" << 4
        << "unknown (the program calls functions it only declares (the last: alloc()), whose results";
    QTest::addRow("undefined pointer under valid-memsafety")
        << R"(int *alloc(void);
int main(void) { int *p = alloc(); if (p) *p = 5; return 0; })"
        << "valid-memsafety" << 4 << "unknown (unsupported operation: ";
    // __VERIFIER_nondet_pointer is such a pointer (goblint's 04-mutex_31): two threads locking mutexes
    // it returns race when the two are fresh objects, different ones.
    QTest::addRow("nondet pointer, two mutexes race") << R"(void *__VERIFIER_nondet_pointer(void); int g;
void *w(void *a) { pthread_mutex_t *m = __VERIFIER_nondet_pointer(); pthread_mutex_lock(m); g++; pthread_mutex_unlock(m); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); w(0); pthread_join(t, 0); return 0; })"
                                                      << "no-data-race" << 1 << "false (data race at src.c:";
    QTest::addRow("nondet pointer, not all values")
        << R"(void *__VERIFIER_nondet_pointer(void);
int main(void) { int *p = __VERIFIER_nondet_pointer(); if (p) { *p = 5; if (*p != 5) reach_error(); } return 0; })"
        << "unreach-call" << 4
        << "unknown (the program calls functions it only declares (the last: "
           "__VERIFIER_nondet_pointer()), whose results";
    // A handle declared as a 4-byte int (ILP32 tasks' `typedef int pthread_t;`) takes 4 bytes.
    QTest::addRow("4-byte thread handle") << R"(int x;
void *w(void *a) { x = 1; return 0; }
int main(void) { int h; pthread_create((pthread_t *)&h, 0, w, 0); pthread_join(h, 0); if (x != 1) reach_error(); return 0; })"
                                          << "unreach-call" << 0 << "true";
    QTest::addRow("lock inside a section") << R"(pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int main(void) { __VERIFIER_atomic_begin(); pthread_mutex_lock(&m); __VERIFIER_atomic_end(); return 0; })"
                                           << "unreach-call" << 4 << "unknown (unsupported operation: ";
    // Long local loops: svcomp's step bound is 10^9 instructions, and the timeout is polled inside them.
    QTest::addRow("local loop past 10^7 instructions")
        << R"(int main(void) { long s = 0; for (long i = 0; i < 4000000; ++i) s += i & 3; if (s == 6000000) reach_error(); return 0; })"
        << "unreach-call" << 1 << "false (assertion failure at src.c:9:95)";
    QTest::addRow("timeout inside local code")
        << R"(int main(void) { long s = 0; for (long i = 0; i < 4000000000L; ++i) s += i & 3; if (s == 1) reach_error(); return 0; })"
        << "unreach-call" << 4 << "unknown (exploration incomplete: timeout)";
    QTest::addRow("timeout") << R"(int x;
void *w(void *a) { for (int i = 0; i < 12; ++i) x = x + 1; return 0; }
int main(void) { pthread_t t[4]; for (int i = 0; i < 4; ++i) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 4; ++i) pthread_join(t[i], 0); if (x == 0) reach_error(); return 0; })"
                             << "unreach-call" << 4 << "unknown (exploration incomplete: timeout)";
}

void tst_SvcompCommand::verdicts() {
    QFETCH(QString, body);
    QFETCH(QString, property);
    QFETCH(int, code);
    QFETCH(QString, verdict);
    const std::string file = write("src.c", kHeader + body.toStdString() + "\n");
    // Only the rows about the timeout stop at 1 s; the others get a bound no busy machine reaches, so
    // their verdict never depends on the machine's speed.
    const char *timeout = verdict.contains("timeout") ? "1" : "300";
    const WeftRun r = runWeft({"svcomp", file, "--property", property.toStdString(), "--timeout", timeout});
    QCOMPARE(r.code, code);
    verdict.replace("src.c:", m_files.dir() + "/src.c:");
    // The verdict is the last line.
    const std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
    QVERIFY2(last.starts_with("weft: verdict " + verdict.toStdString()), (last + r.err).c_str());
    if (verdict.startsWith("false"))
        QVERIFY2(contains(r.out, "weft: violation: "), r.out.c_str());
}

void tst_SvcompCommand::debuggerSemanticsUnchanged_data() {
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("defect");
    QTest::addRow("abort") << "int main(void) { abort(); }" << "weft: defect 1: abort: ";
    QTest::addRow("exit") << "int main(void) { exit(3); }" << "weft: defect 1: non-zero exit: ";
    QTest::addRow("assert") << "int main(void) { assert(0); }" << "weft: defect 1: assertion failure: ";
    QTest::addRow("undefined function") << "int get(void); int main(void) { return get() == 4; }"
                                        << "weft: defect 1: unsupported operation: ";
}

void tst_SvcompCommand::debuggerSemanticsUnchanged() {
    // `weft explore` keeps its debugger semantics: what svcomp treats as the end of a path is a defect.
    QFETCH(QString, body);
    QFETCH(QString, defect);
    const std::string file = write("dbg.c", kHeader + body.toStdString() + "\n");
    const WeftRun explore = runWeft({"explore", file});
    QCOMPARE(explore.code, 1);
    QVERIFY2(contains(explore.out, defect.toStdString()), explore.out.c_str());
    const WeftRun svcomp = runWeft({"svcomp", file});
    QCOMPARE(svcomp.code, 0);
    QVERIFY2(contains(svcomp.out, "weft: verdict true\n"), svcomp.out.c_str());
    // What svcomp runs is not announced as unsupported (an undefined function's call).
    QVERIFY2(!contains(svcomp.err, "unsupported operation"), svcomp.err.c_str());
}

void tst_SvcompCommand::exploreReportsUninitialisedReads() {
    // svcomp reads an uninitialised local as any value (verdicts above); explore reports the read.
    const std::string file =
        write("uninit.c", std::string(kHeader) + "int main(void) { int v; if (v == 99) return 1; return 0; }\n");
    const WeftRun explore = runWeft({"explore", file});
    QCOMPARE(explore.code, 1);
    QVERIFY2(contains(explore.out, "weft: defect 1: uninitialised read: "), explore.out.c_str());
    const WeftRun svcomp = runWeft({"svcomp", file});
    QCOMPARE(svcomp.code, 4);
    QVERIFY2(!contains(svcomp.out, "uninitialised"), svcomp.out.c_str());
}

void tst_SvcompCommand::witnessIsValidGraphMl() {
    const std::string file = write("w.c", std::string(kHeader) + R"(int x;
void *inc(void *a) { x = x + 1; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, inc, 0);
  x = x + 1;
  pthread_join(t, 0);
  if (x != 2) reach_error();
  return 0;
}
)");
    const std::string witnessPath = m_files.path("witness.graphml");
    const WeftRun r = runWeft({"svcomp", file, "--witness", witnessPath});
    QCOMPARE(r.code, 1);
    QFile in(QString::fromStdString(witnessPath));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&in);

    // The GraphML witness format: keys declared before use, graph data, nodes, a path of edges.
    const QSet<QString> graphKeys{"witness-type", "sourcecodelang", "producer", "specification",
                                  "programfile",  "programhash",    "architecture", "creationtime"};
    QSet<QString> declared;
    QMap<QString, QString> graphData;
    QStringList nodes;
    QString entry, violation;
    struct Edge {
        QString source, target;
        QMap<QString, QString> data;
    };
    QList<Edge> edges;
    QString node;
    Edge *edge = nullptr;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QString name = xml.name().toString();
        if (name == "graphml") {
            QCOMPARE(xml.namespaceUri().toString(), QString("http://graphml.graphdrawing.org/xmlns"));
        } else if (name == "key") {
            declared << xml.attributes().value("id").toString();
            QVERIFY(!xml.attributes().value("attr.name").isEmpty());
            QVERIFY(!xml.attributes().value("for").isEmpty());
        } else if (name == "graph") {
            QCOMPARE(xml.attributes().value("edgedefault").toString(), QString("directed"));
        } else if (name == "node") {
            node = xml.attributes().value("id").toString();
            nodes << node;
            edge = nullptr;
        } else if (name == "edge") {
            edges.append({xml.attributes().value("source").toString(), xml.attributes().value("target").toString(), {}});
            edge = &edges.last();
            node.clear();
        } else if (name == "data") {
            const QString key = xml.attributes().value("key").toString();
            QVERIFY2(declared.contains(key), qPrintable("undeclared key " + key));
            const QString value = xml.readElementText();
            if (edge)
                edge->data[key] = value;
            else if (!node.isEmpty() && key == "entry" && value == "true")
                entry = node;
            else if (!node.isEmpty() && key == "violation" && value == "true")
                violation = node;
            else if (node.isEmpty())
                graphData[key] = value;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    for (const QString &k : graphKeys)
        QVERIFY2(graphData.contains(k) && !graphData[k].isEmpty(), qPrintable("missing graph data " + k));
    QCOMPARE(graphData["witness-type"], QString("violation_witness"));
    QCOMPARE(graphData["sourcecodelang"], QString("C"));
    QCOMPARE(graphData["architecture"], QString("64bit"));
    QVERIFY(graphData["specification"].contains("G ! call(reach_error())"));
    QFile source(QString::fromStdString(file));
    QVERIFY(source.open(QIODevice::ReadOnly));
    QCOMPARE(graphData["programhash"],
             QString(QCryptographicHash::hash(source.readAll(), QCryptographicHash::Sha256).toHex()));
    QVERIFY(QRegularExpression("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$").match(graphData["creationtime"]).hasMatch());

    // One path from the entry to the violation, every edge with its thread; the create edge names
    // the new thread; the last edge is the call of reach_error.
    QVERIFY(!entry.isEmpty() && !violation.isEmpty());
    QVERIFY(!edges.isEmpty());
    QString at = entry;
    bool created = false;
    for (const Edge &e : edges) {
        QCOMPARE(e.source, at);
        QVERIFY(nodes.contains(e.target));
        QVERIFY(e.data.contains("threadId"));
        if (e.data.contains("createThread")) {
            QCOMPARE(e.data["createThread"], QString("1"));
            QCOMPARE(e.data["startline"], QString("13"));
            created = true;
        }
        at = e.target;
    }
    QCOMPARE(at, violation);
    QVERIFY(created);
    QCOMPARE(edges.last().data["startline"], QString("16"));
}

void tst_SvcompCommand::witnessCarriesInputs() {
    // The values of the inputs on the path are assumptions on the results of their nondet calls;
    // a choice no call in the source makes (a spurious wake-up) states none.
    const std::string file = write("inputs.c", std::string(kHeader) + R"(_Bool __VERIFIER_nondet_bool(void);
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int main(void) {
  int v = __VERIFIER_nondet_int();
  _Bool b = __VERIFIER_nondet_bool();
  pthread_mutex_lock(&m);
  pthread_cond_wait(&c, &m);
  if (v == 7 && b) reach_error();
  return 0;
}
)");
    const std::string witnessPath = m_files.path("inputs.graphml");
    const WeftRun r = runWeft({"svcomp", file, "--witness", witnessPath});
    QCOMPARE(r.code, 1);
    QFile in(QString::fromStdString(witnessPath));
    QVERIFY(in.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&in);
    QStringList assumptions; // "line: assumption @ function", in path order
    QMap<QString, QString> edge;
    auto flush = [&] {
        if (edge.contains("assumption"))
            assumptions << edge["startline"] + ": " + edge["assumption"] + " @ " + edge["assumption.resultfunction"];
        edge.clear();
    };
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QString name = xml.name().toString();
        if (name == "edge")
            flush();
        else if (name == "data") {
            const QString key = xml.attributes().value("key").toString(); // before the text moves past it
            edge[key] = xml.readElementText();
        }
    }
    flush();
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(assumptions, QStringList({"12: \\result == 7; @ __VERIFIER_nondet_int",
                                       "13: \\result == 1; @ __VERIFIER_nondet_bool"}));
}

QTEST_GUILESS_MAIN(tst_SvcompCommand)
#include "tst_SvcompCommand.moc"
