// SPDX-License-Identifier: MIT
// Runs one thread's local code until its next visible action (or a fault): the instruction loop,
// calls and returns. Builtins go through the LibcDispatcher; faults, race checks, sc events, atomic
// sections and spin loops each have their own class, owned here. Single-threaded.
#pragma once

#include "engine/action/ThreadNaming.hpp"
#include "engine/execution/Interrupt.hpp"
#include "engine/interpreter/AtomicSections.hpp"
#include "engine/interpreter/BuiltinCall.hpp"
#include "engine/interpreter/FaultReporter.hpp"
#include "engine/interpreter/LibcDispatcher.hpp"
#include "engine/interpreter/PureCallMemo.hpp"
#include "engine/interpreter/SharedAccesses.hpp"
#include "engine/interpreter/SpinDetector.hpp"
#include "engine/interpreter/UninitialisedReads.hpp"
#include "engine/interpreter/race/RaceChecker.hpp"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace weft::interpreter {

class Stepper {
public:
    Stepper(const program::Program &program, const InterpreterOptions &options);
    Stepper(const Stepper &) = delete; // its parts refer to each other
    Stepper &operator=(const Stepper &) = delete;

    /// Runs `t` (of `state`) until it has a pending visible action, the program ended, or a fault
    /// (then false; faults().fault() says which). Child thread ids for pthread_create come from `naming`.
    /// With `pauseBefore`, the run also stops (false, paused() true, no fault) before an instruction
    /// other than the first for which it returns true.
    bool run(InterpreterState &state, ThreadState &t, ThreadNaming &naming,
             const std::function<bool(const ThreadState &)> *pauseBefore = nullptr);
    bool paused() const { return m_paused; }
    /// Polled every 2^20 instructions of local code (Machine::setInterrupt); when it fires, run()
    /// stops as if paused.
    void setInterrupt(Interrupt *interrupt) { m_interrupt = interrupt; }

    FaultReporter &faults() { return m_faults; }
    SpinDetector &spins() { return m_spins; }
    const FaultReporter &faults() const { return m_faults; }
    /// Defects found by the last run() that did not end it (data races in RaceMode::Report,
    /// uninitialised reads); taken by the caller.
    std::vector<ProgramFault> takeReports() { return m_faults.takeReports(); }
    std::vector<std::string> takeWarnings() { return m_races.takeWarnings(); }

    /// Argument `i` of the call `t` stands on.
    std::uint64_t callArgument(const ThreadState &t, unsigned i) const;
    /// Completes the call `t` stands on: stores `result` (if it has one) and moves past it.
    void finishCall(ThreadState &t, std::uint64_t result);
    /// Sets up `child` to run `function(argument)` (a pthread start routine).
    void startThread(ThreadState &child, std::uint32_t function, std::uint64_t argument);
    /// Ends the lifetimes of all of `t`'s stack objects (the thread exited).
    void releaseStack(InterpreterState &state, ThreadState &t);
    /// sc model: the object `value` points into (if it is a pointer) becomes shared.
    void markEscaped(InterpreterState &state, std::uint64_t value) const { m_shared.markEscaped(state, value); }
    /// __VERIFIER_nondet_* calls whose every value was not explored (not --nondet explore, or a type
    /// wider than char explored over LO..HI only), in every execution so far.
    std::uint64_t partialNondetCalls() const { return m_partialNondetCalls; }
    /// Such calls whose value is only compared for equality (program::kNondetComparedForEquality),
    /// and the values they were compared with (integral ones: no input equals another).
    std::uint64_t equalityNondetCalls() const { return m_equalityNondetCalls; }
    const std::set<std::int64_t> &inputComparedValues() const { return m_inputComparedValues; }
    /// Calls of undefined functions (UndefinedCalls) whose every result was not explored: a pointer,
    /// or an integer wider than char over nondetLo..nondetHi only; the message (Program::unsupported)
    /// of the last one.
    std::uint64_t partialUndefinedResults() const { return m_partialUndefinedResults; }
    std::uint32_t lastPartialUndefinedCall() const { return m_lastPartialUndefinedCall; }
    /// pthread_cond_wait and _timedwait calls that could only wake when signalled although a spurious
    /// wake-up might reach something new (InterpreterOptions::spuriousWakeups), in every execution so far.
    std::uint64_t waitsWithoutSpuriousWakeup() const { return m_waitsWithoutSpuriousWakeup; }
    /// Calls answered from PureCallMemo, in every execution so far.
    std::uint64_t pureCallHits() const { return m_pure.hits(); }
    /// Objects that atomic sections have touched, in every execution so far (sc model).
    const std::vector<std::uint64_t> &sectionObjects() const { return m_sections.objects(); }

private:
    /// An access of `t` that Memory has just allowed. Continue: perform it now (local memory, or its
    /// event was just granted); Stop: t.pending is now its read/write event (sc); Fault.
    Continuation visibleAccess(InterpreterState &state, ThreadState &t, std::uint64_t p, std::uint32_t size,
                               bool write) {
        // Inline: under sync (the default) every load and store passes here.
        if (t.sectionDepth > 0)
            return m_sections.access(state, t, p, write);
        return m_options.model == MemoryModel::Sc ? m_shared.access(state, t, p, size, write) : Continuation::Continue;
    }
    /// run()'s instruction loop; Tracked: keeps the registers' shadows (--uninit, once the thread met
    /// an undefined value; an untracked loop switches to the tracked one when it does).
    /// It starts 16 bytes past a 64-byte boundary (16 bytes of no-ops before the entry, never run),
    /// wherever the linker puts it: its placement moved with unrelated code, and starting at the
    /// boundary itself (664b8c6) cost PI(7) and PI(8) 8-9 % of their time for the same instructions.
    template <bool Tracked>
    [[gnu::aligned(64), gnu::patchable_function_entry(16, 16)]] bool
    runInstructions(InterpreterState &state, ThreadState &t,
                    const std::function<bool(const ThreadState &)> *pauseBefore, bool first);
    Continuation call(InterpreterState &state, ThreadState &t, std::uint32_t function);
    /// InterpreterOptions::memoisePureCalls: before the call `in` of `callee` (the program's own code, its
    /// arguments in m_args), either answers it from m_pure (true: done, t is past it), or starts or extends a
    /// recording of it (false: the call is to run).
    bool answerPureCall(InterpreterState &state, ThreadState &t, const program::Instruction &in, std::uint32_t callee);
    /// A recorded call's access of memory at p: it stays pure only on objects the call made (or, reading, on a
    /// read-only global).
    void notePureAccess(const InterpreterState &state, std::uint64_t p, bool write) {
        const program::DecodedPointer d = program::decodePointer(p);
        if (m_pure.madeObject(d.owner, d.object))
            return;
        const MemoryObject *o = write || d.owner != program::kGlobalOwner ? nullptr : state.memory.objectAt(p);
        if (!o || !o->readOnly)
            m_pure.abandon();
    }
    /// A variadic function was just entered: its extra arguments to memory (Frame::varargs).
    Continuation storeVarargs(InterpreterState &state, ThreadState &t);
    Continuation ret(InterpreterState &state, ThreadState &t, const program::Instruction &in);
    Continuation builtin(InterpreterState &state, ThreadState &t, program::Builtin b);
    /// An Unsupported instruction that calls an undefined function, run as InterpreterOptions::
    /// undefinedCalls says: Continue (void) or Stop at its nondet choice; nullopt: unsupported.
    std::optional<Continuation> undefinedCall(const InterpreterState &state, ThreadState &t,
                                              const program::Instruction &in);
    /// Whether thread t still has to run the runtime's thread-end function (key destructors) before
    /// it exits; then enterThreadEnd ends its frames and calls it.
    bool runsThreadEnd(const ThreadState &t) const;
    Continuation enterThreadEnd(InterpreterState &state, ThreadState &t);
    /// Whether the program's atexit handlers still have to run before it exits; then
    /// enterExitHandlers calls them from t's current instruction, which runs again after.
    bool runsExitHandlers(const InterpreterState &state) const;
    Continuation enterExitHandlers(InterpreterState &state, ThreadState &t);
    void collectArguments(const ThreadState &t, const program::Instruction &in);

    const program::Program &m_program;
    const InterpreterOptions &m_options;
    FaultReporter m_faults;
    RaceChecker m_races;
    SharedAccesses m_shared;
    AtomicSections m_sections;
    SpinDetector m_spins;
    UninitialisedReads m_uninit;
    BuiltinServices m_services;
    const LibcDispatcher &m_libc;
    PureCallMemo m_pure;
    std::vector<std::uint64_t> m_args;
    std::vector<std::uint64_t> m_scratch;
    std::vector<RegisterShadow> m_argShadows;    ///< --uninit: the shadows of m_args
    std::vector<RegisterShadow> m_shadowScratch; ///< --uninit: the shadows of m_scratch
    std::vector<std::uint64_t> m_dead;
    bool m_paused = false;
    Interrupt *m_interrupt = nullptr;
    std::uint64_t m_partialNondetCalls = 0;
    std::uint64_t m_equalityNondetCalls = 0;
    std::set<std::int64_t> m_inputComparedValues;
    std::uint64_t m_waitsWithoutSpuriousWakeup = 0;
    std::uint64_t m_partialUndefinedResults = 0;
    std::uint32_t m_lastPartialUndefinedCall = 0;
    std::uint32_t m_reachError = ~std::uint32_t{0}; ///< the program's reach_error(), if it has one
};

} // namespace weft::interpreter
