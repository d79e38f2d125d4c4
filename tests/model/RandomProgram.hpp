// SPDX-License-Identifier: MIT
// Small random model programs for brute-force cross-checks (docs/algorithms.md, "Event models"): main creates
// 2–4 threads, each a few critical sections on 1–3 mutexes with data-dependent branches on shared variables,
// each variable guarded by one fixed mutex (data-race free); deadlocks are allowed. With `sharedPercent`,
// also racy shared-memory reads and writes (the sc model) that branches depend on. Reproducible from a seed;
// a program is immutable once generated (reset() clears its variables).
#pragma once

#include "tests/model/ModelProgram.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace weft::model {

/// One instruction of a random thread's straight-line code with jumps.
struct RandomInstruction {
    enum Op : std::uint8_t {
        Lock,       ///< lock m(a)
        Unlock,     ///< unlock m(a)
        Write,      ///< v(a) = b
        Add,        ///< v(a) += b
        JumpUnless, ///< if v(a) != b goto target
        Jump,       ///< goto target
        Create,     ///< create a thread running code a (remembered for Join)
        Join,       ///< join the thread this thread created with code a
        TrylockOrSkip, ///< trylock m(a); if it fails goto target
        SemInit,    ///< sem_init s(a) to b
        SemPost,    ///< sem_post s(a)
        SemWait,    ///< sem_wait s(a)
        CondWait,   ///< pthread_cond_wait(c(a), m(b)), m(b) held
        CondSignal, ///< pthread_cond_signal c(a)
        CondBroadcast, ///< pthread_cond_broadcast c(a)
        SharedRead,    ///< read x(a); if the value read != b goto target
        SharedWrite,   ///< x(a) = b (a shared-memory write)
        SharedAdd,     ///< x(a) += b (a read, then a write)
        Assume,        ///< __VERIFIER_assume(v(a) == b): otherwise the thread stops for good
        SharedAssume,  ///< read x(a); __VERIFIER_assume(value == b)
        SharedSpin,    ///< while (x(a) != b) {}: a spin loop (ModelThread::spinUntil)
        NondetJump,    ///< if (__VERIFIER_nondet_int() != b) goto target, values 0..kNondetHi
        RwLock,        ///< rdlock (b = 0) or wrlock (b = 1) rw(a)
        RwTryOrSkip,   ///< tryrdlock (b = 0) or trywrlock (b = 1) rw(a); if it fails goto target
        RwUnlock,      ///< pthread_rwlock_unlock rw(a) (b as for the lock)
        Destroy,       ///< pthread_mutex_destroy m(a) (in the model: an operation that never blocks)
        RwDestroy,     ///< pthread_rwlock_destroy rw(a) (the same, on the writer side of the lock)
        Assert,        ///< assert(v(a) != b): otherwise the program ends with the defect (a ProgramEnd)
    };
    Op op = Lock;
    int a = 0;
    int b = 0;
    int target = 0;
};

/// How large the generated programs may be.
struct RandomProgramShape {
    int minWorkers = 2; ///< threads main creates
    int maxWorkers = 4;
    int maxMutexes = 3;           ///< mutexes (each guards one shared variable)
    int maxSections = 2;          ///< top-level critical sections per thread
    int maxNesting = 2;           ///< mutexes held at once
    int nestedCreatePercent = 30; ///< chance that one worker creates a thread of its own
    int joinPercent = 40;         ///< chance that main joins a given worker
    int mainSectionPercent = 15;  ///< chance that main runs a critical section between its creates
    int keepHeldPercent = 15;     ///< chance that a thread exits holding its last top-level mutex
    /// Chance that a critical section starts with a trylock, that a statement is a condition-variable
    /// operation, and that a thread posts or waits on a semaphore between sections (0: mutexes only).
    int syncPercent = 0;
    /// Chance that a thread's block is a run of racy shared-memory accesses instead of a critical
    /// section, and (half of it) that a statement inside a section is one (0: no shared memory).
    int sharedPercent = 0;
    int maxSharedVariables = 2;
    /// Chance that a statement is an assumption on a guarded variable (or, with shared memory, on a
    /// shared read) that stops its thread for good when false (0: none).
    int assumePercent = 0;
    /// Chance that a racy shared access is a spin loop waiting for a value (0: none).
    int spinPercent = 0;
    /// Chance that a statement or racy access is a branch on a nondet input (0: none).
    int nondetPercent = 0;
    /// Chance that a top-level section is a read or write section on a read-write lock (1–2 of them,
    /// each guarding a variable written only by its writers) instead of a mutex section (0: none).
    int rwlockPercent = 0;
    /// Chance that a thread destroys a mutex after a section, and that main does after its joins
    /// (0: none).
    int destroyPercent = 0;
    /// With destroyPercent: the destroy is of a read-write lock one time in two, when there are some.
    bool destroyRwlocks = false;
    /// Chance that a statement is an assertion on a guarded variable that fails for one of its
    /// values (0: none).
    int assertPercent = 0;
    /// Programs with more visible operations than this (counted statically: start, exit, and every
    /// lock, unlock, create and join in the code) are drawn again.
    int maxActions = 20;
};

/// The cross-check families shared by the brute-force suites: 0 up to four short threads on
/// mutexes; 1 two long threads with deeper nesting and more exits holding a lock; 2 trylock, a
/// semaphore and a condition variable next to the mutexes; 3 assumptions that stop their thread
/// (holding its locks) when false; 4 the same over racy shared memory (the sc model's accesses);
/// 5 racy shared memory with spin loops that wait for another thread's write; 6 mutexes and racy
/// shared memory with branches on nondet inputs (--nondet explore:0..2); 7 read-write lock
/// sections next to mutex sections; 8 mutexes destroyed while other threads may still use them; 9 the
/// read-write lock sections of 7 with mutexes and read-write locks destroyed so; 10
/// assertions that fail in some runs, ending the program once the other threads cannot move.
RandomProgramShape randomProgramFamily(int family);

class RandomProgram final : public ModelProgram {
public:
    /// The values of a NondetJump's input: 0..kNondetHi (--nondet explore:0..kNondetHi in C).
    static constexpr int kNondetHi = 2;
    /// The program generated from `seed` (same seed and shape, same program).
    static std::unique_ptr<RandomProgram> generate(std::uint64_t seed,
                                                   const RandomProgramShape &shape = {});

    std::string name() const override { return "random-" + std::to_string(m_seed); }
    void reset() override;
    ModelTask main(ModelThread &self) override { return run(self, 0); }

    /// A readable listing of every thread's code, for failure messages.
    std::string listing() const;
    std::size_t codeCount() const { return m_code.size(); }
    int mutexCount() const { return m_mutexes; }
    int sharedVariableCount() const { return m_shared; }
    /// Read-write locks rw<i>; the variable guarded by rw<i> is v<mutexCount() + i>.
    int rwlockCount() const { return m_rwlocks; }
    /// Every thread's code; code 0 is main's (for printing the program as C, RandomProgramC.hpp).
    const std::vector<std::vector<RandomInstruction>> &code() const { return m_code; }

private:
    RandomProgram() = default;
    ModelTask run(ModelThread &self, int code);

    std::uint64_t m_seed = 0;
    int m_mutexes = 0;
    int m_shared = 0;
    int m_rwlocks = 0;
    std::vector<std::vector<RandomInstruction>> m_code; ///< code 0 is main
    std::vector<int> m_values; ///< v(i) is guarded by m(i), then one per read-write lock
};

} // namespace weft::model
