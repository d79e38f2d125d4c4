// SPDX-License-Identifier: MIT
// Runs one thread's local code until its next visible action (or a fault): the instruction loop,
// calls and returns, libc builtins (libc/) and the checks of pthread calls (pthread/). Single-threaded.
#pragma once

#include "engine/action/ThreadNaming.hpp"
#include "engine/execution/Machine.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"
#include "engine/interpreter/InterpreterState.hpp"
#include "engine/interpreter/SpinLoops.hpp"
#include "engine/program/Program.hpp"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace weft::interpreter {

class Stepper {
public:
    /// What an instruction or call leaves the run to do: go on, stop at a visible action, or fault.
    enum class Next { Continue, Stop, Fault };

    Stepper(const program::Program &program, const InterpreterOptions &options);

    /// Runs `t` (of `state`) until it has a pending visible action, the program ended, or a fault
    /// (then false; fault() says which). Child thread ids for pthread_create come from `naming`.
    /// With `pauseBefore`, the run also stops (false, paused() true, no fault) before an instruction
    /// other than the first for which it returns true.
    bool run(InterpreterState &state, ThreadState &t, ThreadNaming &naming,
             const std::function<bool(const ThreadState &)> *pauseBefore = nullptr);
    bool paused() const { return m_paused; }

    const std::optional<ProgramFault> &fault() const { return m_fault; }
    program::SourceSpot faultSpot() const { return m_faultSpot; }
    void clearFault() { m_fault.reset(); }

    /// Argument `i` of the call `t` stands on.
    std::uint64_t callArgument(const ThreadState &t, unsigned i) const;
    /// Completes the call `t` stands on: stores `result` (if it has one) and moves past it.
    void finishCall(ThreadState &t, std::uint64_t result);
    /// Sets up `child` to run `function(argument)` (a pthread start routine).
    void startThread(ThreadState &child, std::uint32_t function, std::uint64_t argument);
    /// Ends the lifetimes of all of `t`'s stack objects (the thread exited).
    void releaseStack(InterpreterState &state, ThreadState &t);
    /// Data races found by the last run() that did not end it (RaceMode::Report); taken by the caller.
    std::vector<ProgramFault> takeRaceReports() { return std::exchange(m_raceReports, {}); }
    /// Checks an access of `t` that Memory has just allowed, for data races; false when a race
    /// ended the execution (RaceMode::Fatal: the fault is raised).
    bool noteAccess(InterpreterState &state, const ThreadState &t, std::uint64_t p, std::uint64_t size, bool write,
                    bool atomic = false);
    /// sc model: an access of `t` that Memory has just allowed. Continue: perform it now (local
    /// memory, or its event was just granted); Stop: t.pending is now its read/write event;
    /// Fault: an access overlapping another location of the object with a different size.
    Next visibleAccess(InterpreterState &state, ThreadState &t, std::uint64_t p, std::uint32_t size, bool write) {
        // Inline: under sync (the default) every load and store passes here.
        if (t.sectionDepth > 0)
            return sectionAccess(state, t, p, write);
        return m_options.model == MemoryModel::Sc ? sharedAccess(state, t, p, size, write) : Next::Continue;
    }
    /// Atomic sections (AtomicSections.cpp). Entering the outermost section is a visible action (sync:
    /// lock of the implicit global lock; sc: a write of the section location) after which the call
    /// runs again and enters; leaving it is the unlock (sync). Continue: entered / left now.
    Next enterSection(InterpreterState &state, ThreadState &t);
    Next leaveSection(InterpreterState &state, ThreadState &t);
    /// Whether a function is an atomic section (its name starts with __VERIFIER_atomic_).
    bool isAtomicFunction(std::uint32_t function) const { return m_atomicFunction[function]; }
    /// __VERIFIER_nondet_* calls, in every execution so far.
    std::uint64_t nondetCalls() const { return m_nondetCalls; }
    /// pthread_cond_wait and _timedwait calls, in every execution so far (they wake only when signalled).
    std::uint64_t condWaits() const { return m_condWaits; }
    /// Objects that atomic sections have touched, in every execution so far (sc model).
    const std::vector<std::uint64_t> &sectionObjects() const { return m_sectionObjects; }
    /// sc model: the object `value` points into (if it is a pointer) becomes shared.
    void markEscaped(InterpreterState &state, std::uint64_t value) const;
    /// Raises a fault of `kind` at `t`'s current instruction; the message gets the location prefix.
    void raise(const ThreadState &t, DefectKind kind, const std::string &text, bool performed = true);
    /// The message of a memory fault, with the names of the objects involved.
    std::string describe(const MemoryFault &fault) const;
    /// "a 16-byte local variable 'buf' declared at f.c:3", "a 40-byte heap block allocated at f.c:9:5", ...
    std::string nameObject(ObjectKind kind, std::uint32_t size, std::uint64_t site) const;
    /// A readable name for an address: "'m'", "'buf'+8", "heap block allocated at f.c:12:7", ...
    std::string describeAddress(const InterpreterState &state, std::uint64_t address) const;
    /// "'flag' = 0, 'turn' = 1": the shared reads of a spin iteration, each location once.
    std::string describeReads(const InterpreterState &state, const std::vector<SpinRead> &reads) const;

private:
    /// visibleAccess under the sc model (SharedAccesses.cpp).
    Next sharedAccess(InterpreterState &state, ThreadState &t, std::uint64_t p, std::uint32_t size, bool write);
    /// A load or store inside an atomic section: local code in both models, noted (AtomicSections.cpp).
    Next sectionAccess(InterpreterState &state, ThreadState &t, std::uint64_t p, bool write);

    /// Control reached a loop head (SpinLoops.cpp): compares the iteration that ends here with the
    /// state it started from; Stop: the thread awaits (or, silently, loops for good); Fault: a livelock.
    Next atLoopHead(const InterpreterState &state, ThreadState &t, std::uint32_t from);
    /// An iteration that changed nothing ended; its reads are SpinWatch::reads from `readsFrom`.
    Next spinning(const InterpreterState &state, ThreadState &t, std::uint32_t readsFrom);
    /// A load of the current iteration; `event`: it was a read event (sc).
    void noteSpinRead(const InterpreterState &state, ThreadState &t, std::uint64_t address, std::uint32_t size,
                      std::uint64_t value, bool event);

    Next call(InterpreterState &state, ThreadState &t, std::uint32_t function);
    /// SV-COMP's abort(), exit(n) and failed assert(): the program ends there, no defect.
    Next endSilently(ThreadState &t);
    Next ret(InterpreterState &state, ThreadState &t, const program::Instruction &in);
    Next builtin(InterpreterState &state, ThreadState &t, program::Builtin b);
    /// Library functions that are not visible actions (libc/LibcCalls.cpp).
    Next libc(InterpreterState &state, ThreadState &t, program::Builtin b, std::uint64_t &result);
    /// math.h (libc/MathCalls.cpp).
    static bool isMath(program::Builtin b);
    Next math(InterpreterState &state, ThreadState &t, program::Builtin b, std::uint64_t &result);
    /// sprintf and snprintf (libc/SprintfCalls.cpp).
    Next sprintf(InterpreterState &state, ThreadState &t, program::Builtin b, std::uint64_t &result);
    /// sscanf (libc/ScanCalls.cpp).
    Next scan(InterpreterState &state, ThreadState &t, std::uint64_t &result);
    /// llvm.threadlocal.address (pthread/ThreadLocals.cpp): the thread's copy of a thread-local variable.
    Next threadLocal(InterpreterState &state, ThreadState &t, std::uint64_t &result);
    /// Whether thread t still has to run the runtime's thread-end function (key destructors) before
    /// it exits; then enterThreadEnd ends its frames and calls it (pthread/ThreadLocals.cpp).
    bool runsThreadEnd(const ThreadState &t) const;
    Next enterThreadEnd(InterpreterState &state, ThreadState &t);
    /// pthread calls: visible ones set t.pending (pthread/ThreadCalls.cpp).
    Next pthread(InterpreterState &state, ThreadState &t, program::Builtin b, std::uint64_t &result);
    /// trylock, semaphores, condition variables, barriers: visible ones set t.pending and
    /// t.followUps (pthread/SyncCalls.cpp).
    Next sync(InterpreterState &state, ThreadState &t, program::Builtin b, std::uint64_t &result);
    /// The read-write lock calls (pthread/SyncCalls.cpp): an event, or the thread's own nested reads.
    Next rwlock(InterpreterState &state, ThreadState &t, program::Builtin b, std::uint64_t &result);
    Next memoryFault(const ThreadState &t, const MemoryFault &fault);
    void collectArguments(const ThreadState &t, const program::Instruction &in);

    const program::Program &m_program;
    const InterpreterOptions &m_options;
    LoopHeads m_loops;
    ThreadNaming *m_naming = nullptr;
    std::optional<ProgramFault> m_fault;
    program::SourceSpot m_faultSpot;
    std::vector<std::uint64_t> m_args;
    std::vector<std::uint64_t> m_scratch;
    std::vector<std::uint64_t> m_dead;
    std::vector<ProgramFault> m_raceReports;
    bool m_paused = false;
    std::vector<bool> m_atomicFunction;
    std::uint64_t m_nondetCalls = 0;
    std::uint64_t m_condWaits = 0;
    std::uint32_t m_reachError = ~std::uint32_t{0}; ///< the program's reach_error(), if it has one
    std::vector<std::uint64_t> m_sectionObjects; ///< sorted
    /// The FILE * values of stdout and stderr (0 if the program does not use them).
    std::uint64_t m_stdout = 0;
    std::uint64_t m_stderr = 0;
};

} // namespace weft::interpreter
