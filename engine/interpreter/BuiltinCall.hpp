// SPDX-License-Identifier: MIT
// One call of a builtin (a libc or pthread function the interpreter implements, Builtins.def) as its
// handler sees it: the calling thread, the arguments, the result it returns, and the interpreter's
// checkers every pointer argument and every defect go through. Handlers: LibcDispatcher.
#pragma once

#include "engine/action/ThreadNaming.hpp"
#include "engine/interpreter/AtomicSections.hpp"
#include "engine/interpreter/FaultReporter.hpp"
#include "engine/interpreter/SharedAccesses.hpp"
#include "engine/interpreter/race/RaceChecker.hpp"

#include <bit>
#include <optional>
#include <string>
#include <vector>

namespace weft::interpreter {

/// What handlers share besides the call: the program, the options and the checkers (one per Stepper).
struct BuiltinServices {
    const program::Program &program;
    const InterpreterOptions &options;
    FaultReporter &faults;
    RaceChecker &races;
    SharedAccesses &shared;
    AtomicSections &sections;
    ThreadNaming *naming = nullptr; ///< child thread ids (set for each run)
    /// The FILE * values of stdin, stdout and stderr (0 if the program does not use them).
    std::uint64_t stdinStream = 0;
    std::uint64_t stdoutStream = 0;
    std::uint64_t stderrStream = 0;
};

struct BuiltinCall {
    BuiltinServices &services;
    InterpreterState &state;
    ThreadState &thread;
    program::Builtin builtin;
    const std::vector<std::uint64_t> &args; ///< flattened; missing ones read as 0
    std::uint64_t result = 0;               ///< what the call returns when it continues

    std::uint64_t arg(std::size_t i) const { return i < args.size() ? args[i] : 0; }
    const InterpreterOptions &options() const { return services.options; }
    /// Whether every other thread of the execution has exited and its exit lies in the caller's past
    /// (joined, directly or through the threads it joined). Then no other thread can act concurrently
    /// with the caller's next step: a thread created later is created after it. A function of the
    /// caller's history: the threads it lists are the only ones created before that step.
    bool aloneWithItsPast() const {
        const std::uint32_t past = thread.exitsInPast;
        return past != ThreadState::kUnknownPast && std::size_t(std::popcount(past)) + 1 == state.threads.size();
    }
    /// The call completes now, returning `value`.
    Continuation returns(std::uint64_t value) {
        result = value;
        return Continuation::Continue;
    }
    /// The call is the visible action `first` (then `followUps`, in order, before it returns).
    Continuation stopAt(Action first, std::vector<Action> followUps = {}) {
        thread.pending = first;
        thread.followUps = std::move(followUps);
        return Continuation::Stop;
    }
    /// An action of the calling thread.
    Action action(ActionKind kind, std::uint64_t object, std::int64_t value = 0) const {
        return Action{kind, thread.id, object, value};
    }
    /// The calling thread's ProgramEnd (exit(), SV-COMP's silent abort).
    Action endProgram() const { return action(ActionKind::ProgramEnd, kProgramEndObject); }
    /// Raises a defect at the call.
    Continuation fail(DefectKind kind, const std::string &text) {
        services.faults.raise(thread, kind, text);
        return Continuation::Fault;
    }
    Continuation memoryFault(const MemoryFault &fault) { return services.faults.memoryFault(thread, fault); }
    /// Race check of an access the call makes (Memory allowed it); false: the execution ended.
    bool noteAccess(std::uint64_t p, std::uint64_t size, bool write) {
        return services.races.check(state, thread, p, size, write);
    }
    /// Race check of the call freeing the block at p (RaceChecker::checkFree); false: the execution ended.
    bool noteFree(std::uint64_t p) { return services.races.checkFree(state, thread, p); }
    /// The call instruction itself.
    const program::Instruction &currentInstruction() const {
        const Frame &f = thread.stack.top();
        return services.program.functions[f.function].code[f.pc];
    }
    /// (function << 32 | pc) of the call, the site of what it allocates.
    std::uint64_t site() const { return (std::uint64_t(thread.stack.top().function) << 32) | thread.stack.top().pc; }

    /// A new heap block of `size` bytes made at the call (0, like a failing malloc, when too large);
    /// nullopt with the fault raised when memory is exhausted. `zeroed`: calloc's (else its bytes are
    /// never written, for --uninit).
    std::optional<std::uint64_t> allocateHeap(std::uint64_t size, bool zeroed = false);
    /// Copies n bytes from src to dst through the checked Memory (memmove semantics when
    /// `overlapOk`, else overlapping ranges other than equal ones are a defect); bytes never written
    /// stay so in the copy (--uninit).
    Continuation copy(std::uint64_t dst, std::uint64_t src, std::uint64_t n, bool overlapOk);
    /// Reads the NUL-terminated string at p; false with the fault raised.
    bool readString(std::uint64_t p, std::string &out);
};

/// A builtin's implementation: Continue with call.result set, Stop at a visible action, or Fault.
using BuiltinHandler = Continuation (*)(BuiltinCall &call);

} // namespace weft::interpreter
