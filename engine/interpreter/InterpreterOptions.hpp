// SPDX-License-Identifier: MIT
// Bounds and choices of one Interpreter: step bound between visible actions, call depth, output size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace weft::interpreter {

/// What a data race does: a defect and the execution goes on (Report), a defect that ends the
/// execution (Fatal), or nothing (Ignore: no detection, slightly faster).
enum class RaceMode : std::uint8_t { Report, Fatal, Ignore };

/// Where __VERIFIER_nondet_* values come from: always 0, or a pseudo-random stream per thread
/// drawn from `nondetSeed` (a thread's n-th draw depends only on the seed, the thread and n, so every
/// replay and every interleaving sees the same values): one value per call; or Explore: each call is
/// a nondet choice event (engine/action/NondetChoice.hpp) over its domain, bool and char exhaustively,
/// the other types over nondetLo..nondetHi, every value explored.
enum class NondetSource : std::uint8_t { Zero, Random, Explore };

/// Uninitialised reads: a branch, an address or a call argument computed from memory never written
/// is a defect and the execution goes on with the bytes as they are (zero) (Report), or nothing is
/// tracked (Ignore: slightly faster).
enum class UninitMode : std::uint8_t { Report, Ignore };

/// Which operations are visible actions (events). Sync: thread and synchronisation operations only
/// (plain memory accesses are local; data races are reported). Sc: also every load and store of
/// shared memory, read/write events under sequential consistency (see README "Event models").
enum class MemoryModel : std::uint8_t { Sync, Sc };

/// A call of a function the program only declares (not a C or POSIX library function; program
/// kUndefinedFunctionCall): an unsupported operation (the debugger), or run as SV-COMP reads it, with no
/// side effect and an arbitrary value of its result type, a nondet choice under the --nondet policy
/// (bool and char results over their whole domain, wider integers over nondetLo..nondetHi). Pointer
/// results: unsupported (Integers), or NULL and a fresh zero-filled object of kExternalObjectSize bytes,
/// two values among the many such a function could return (Values).
enum class UndefinedCalls : std::uint8_t { Unsupported, Integers, Values };

/// The size of the object an undefined function's pointer result points to (UndefinedCalls::Values).
inline constexpr std::uint64_t kExternalObjectSize = 4096;

struct InterpreterOptions {
    /// Instructions one thread may run between two visible actions before a StepBound defect.
    std::uint64_t stepBound = 10'000'000;
    /// Nested calls of one thread before the run is stopped as a stack overflow.
    std::uint32_t maxCallDepth = 100'000;
    /// Captured output per execution; the rest is dropped with a marker.
    std::size_t maxOutput = std::size_t{1} << 20;
    /// Live heap and stack bytes of one execution; beyond, a ResourceLimit defect (not a crash of Weft).
    std::uint64_t maxMemory = std::uint64_t{1} << 30;
    /// C semantics: returning from main ends the program like exit(): threads still blocked when
    /// nothing else can move are abandoned, not deadlocked. The other threads' remaining steps are
    /// still explored after main's return (they commute with it), so every defect C can reach is
    /// found. false: main's return is a pthread_exit (the model programs' and DPU's reading), so
    /// threads left blocked are a deadlock. Both give the same interleavings and counts.
    bool mainReturnEndsProgram = true;
    MemoryModel model = MemoryModel::Sync;
    RaceMode races = RaceMode::Report;
    UninitMode uninit = UninitMode::Report;
    /// A thread found looping forever (a spin loop that reads no memory another thread can change,
    /// or, when nothing else can move, an await on values that still hold) is a livelock defect
    /// (false, the debugger) or stops silently like a false __VERIFIER_assume, the execution counted
    /// as assume-blocked (true: SV-COMP, where such a path is cut). A spin on shared memory under
    /// --model sync stays a livelock defect either way (that model cannot explore the wait).
    bool livelocksEndSilently = false;
    NondetSource nondet = NondetSource::Zero;
    std::uint64_t nondetSeed = 0;
    /// sc model: objects (pointers to their first byte, sorted) that atomic sections touch; every
    /// access to them is keyed as the one section location (AtomicSections.cpp). Found by exploring:
    /// Interpreter::atomicSectionObjects() lists those seen so far.
    std::vector<std::uint64_t> atomicObjects;
    /// SV-COMP's semantics (weft svcomp): a call of reach_error() is the violation (an assertion
    /// failure); abort(), exit(), a failed assert() and main's return end the execution silently.
    bool svcompSemantics = false;
    std::int64_t nondetLo = 0; ///< Explore: the range of the types other than bool and char
    std::int64_t nondetHi = 1;
    /// How many times each thread's pthread_cond_wait (or _timedwait) may return without a signal, as
    /// POSIX allows: each wait while some are left is a choice (a bool nondet event: 0 waits for a
    /// signal, 1 wakes up now, releasing and retaking the mutex). 0: a wait only ever wakes when signalled.
    std::uint32_t spuriousWakeups = 0;
    /// A pthread_mutex_lock of a normal mutex whose result the program tests may fail, as POSIX lets
    /// it (SV-COMP's verdicts count with that): such a call starts with a bool nondet choice of the
    /// thread, 0 locks, 1 returns EAGAIN without locking. False: locks never fail.
    bool lockFailures = false;
    /// pthread_mutex_unlock of a normal (default) mutex the thread does not hold returns EPERM, as an
    /// error-checking mutex's does, instead of ending the run (undefined behaviour by POSIX; SV-COMP's
    /// no-data-race tasks go on past it): the invalid synchronisation is still reported, as a defect
    /// the run goes on after. False: it is the fault that ends the run.
    bool unheldUnlockFails = false;
    UndefinedCalls undefinedCalls = UndefinedCalls::Unsupported;
    /// A call of the program's own code that touched no memory but its own and called no builtin is
    /// answered from the results of an earlier call with the same arguments (PureCallMemo; --model sync,
    /// outside atomic sections, no undefined value met). The debugger's replay turns it off: its stepping
    /// enters every call.
    bool memoisePureCalls = true;
};

} // namespace weft::interpreter
