// SPDX-License-Identifier: MIT
// Recognises spin loops while a thread runs: at each loop head, whether the iteration that ends there
// changed nothing; then the thread awaits a change (a stop) or loops for good (a livelock).
#pragma once

#include "engine/interpreter/FaultReporter.hpp"
#include "engine/interpreter/SpinLoops.hpp"
#include "engine/interpreter/TrylockedMutexes.hpp"

namespace weft::interpreter {

class SpinDetector {
public:
    SpinDetector(const program::Program &program, const InterpreterOptions &options, FaultReporter &faults)
        : m_options(options), m_faults(faults), m_loops(program), m_trylocked(program) {}

    /// Whether `pc` of `function` is a loop head (cheap: checked on every jump).
    bool isHead(std::uint32_t function, std::uint32_t pc) const { return m_loops.isHead(function, pc); }
    /// Control reached a loop head from `from`: compares the iteration that ends here with the state
    /// it started from; Stop: the thread awaits (or, silently, loops for good); Fault: a livelock.
    Continuation atLoopHead(const InterpreterState &state, ThreadState &t, std::uint32_t from);
    /// A jump from `from` to `target` in the thread's current frame, when `from` is the armed branch of
    /// a re-read loop: staying in the loop, the thread awaits (Stop), as a spin does.
    Continuation atBranch(const InterpreterState &state, ThreadState &t, std::uint32_t from, std::uint32_t target);
    /// A load of the current iteration; `event`: it was a read event (sc); `atomic`: an atomic access.
    void noteRead(ThreadState &t, std::uint64_t address, std::uint32_t size, std::uint64_t value, bool event,
                  bool atomic);
    /// A pthread_mutex_trylock event of the current iteration found `mutex` held by `owner`: it
    /// changed nothing, and read the mutex as a load reads memory. (A trylock that succeeds ends the watch.)
    void noteFailedTrylock(ThreadState &t, std::uint64_t mutex, ThreadId owner);
    /// An explored nondet input of the current iteration (README "Spin loops and awaits", "Loops that
    /// choose"): an iteration that comes back to the same state after it is cut, whatever it chose.
    void noteChoice(ThreadState &t);
    /// A store of the current iteration that wrote the value already there: kept only by an iteration
    /// that also chooses (else the watch ends as for any store).
    void noteSameStore(ThreadState &t, std::uint64_t address, std::uint32_t size, std::uint64_t value, bool event);
    /// pthread_mutex_lock or _unlock stopped at its event `action` (the thread's pending action): the
    /// watch goes on when it locks a mutex no trylock can name or unlocks one the watch saw it lock.
    void noteLockEvent(ThreadState &t, const Action &action) const;

private:
    /// An iteration that changed nothing ended; its reads are SpinWatch::reads from `readsFrom`, its
    /// lock events SpinWatch::locks from `locksFrom` (with some, other threads ran in between, even
    /// under sync).
    Continuation spinning(const InterpreterState &state, ThreadState &t, std::uint32_t readsFrom,
                          std::uint32_t locksFrom);

    /// Appends one access of the current iteration (nullptr, and the watch ended, past the bound).
    SpinRead *record(ThreadState &t, std::uint64_t address, std::uint32_t size, std::uint64_t value, bool event,
                     bool atomic);
    /// The rotated rule: whether the iteration's reads since its head equal the last one's up to its relock.
    static bool rotationRepeats(const SpinWatch &w);
    /// At the relock of a repeated rotated iteration: the thread awaits there (false: left to run).
    bool awaitRotated(ThreadState &t) const;

    const InterpreterOptions &m_options;
    FaultReporter &m_faults;
    LoopHeads m_loops;
    TrylockedMutexes m_trylocked;
};

} // namespace weft::interpreter
