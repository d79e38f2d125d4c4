// SPDX-License-Identifier: MIT
// Where control enters or leaves a function: calls push frames on the thread's CallStack (arguments,
// varargs), returns pop them, a thread's end and the exit handlers run as calls, and builtins go to
// their LibcDispatcher handlers. The instruction loop itself is in Stepper.cpp.
#include "engine/interpreter/Stepper.hpp"

#include "engine/action/NondetChoice.hpp"
#include "engine/base/Message.hpp"
#include "engine/interpreter/Arithmetic.hpp"
#include "engine/interpreter/NondetRange.hpp"

#include <cstring>

namespace weft::interpreter {

using program::Builtin;
using program::Function;
using program::Instruction;
using program::Operand;
void Stepper::collectArguments(const ThreadState &t, const Instruction &in) {
    const Frame &f = t.stack.top();
    const Function &fn = m_program.functions[f.function];
    const std::uint64_t *regs = t.stack.registers.data() + f.base;
    m_args.clear();
    for (std::uint32_t i = 0; i < in.c; ++i) {
        const Operand o = fn.operands[in.b + i];
        m_args.push_back(program::isConstant(o) ? m_program.constant(o) : regs[o]);
    }
    m_argShadows.clear();
    if (t.stack.holdsUndefined) {
        for (std::uint32_t i = 0; i < in.c; ++i) {
            const Operand o = fn.operands[in.b + i];
            m_argShadows.push_back(program::isConstant(o) ? m_uninit.ofConstant(o) : t.stack.shadows[f.base + o]);
        }
    }
}

std::uint64_t Stepper::callArgument(const ThreadState &t, unsigned i) const {
    const Frame &f = t.stack.top();
    const Function &fn = m_program.functions[f.function];
    const Instruction &in = fn.code[f.pc];
    if (i >= in.c)
        return 0;
    const Operand o = fn.operands[in.b + i];
    return program::isConstant(o) ? m_program.constant(o) : t.stack.registers[f.base + o];
}

void Stepper::finishCall(ThreadState &t, std::uint64_t result) {
    Frame &f = t.stack.top();
    const Instruction &in = m_program.functions[f.function].code[f.pc];
    if (in.size > 0) {
        t.stack.registers[f.base + in.dst] = result;
        if (t.stack.tracksUndefined)
            t.stack.shadows[f.base + in.dst] = {}; // what a builtin returns is defined
    }
    ++f.pc;
}

void Stepper::startThread(ThreadState &child, std::uint32_t function, std::uint64_t argument) {
    const Function &fn = m_program.functions[function];
    child.stack.tracksUndefined = m_options.uninit == UninitMode::Report;
    child.stack.push(function, fn.registerCount);
    if (fn.paramRegisters > 0)
        child.stack.registers[child.stack.top().base] = argument;
}

void Stepper::releaseStack(InterpreterState &state, ThreadState &t) {
    m_dead.clear();
    while (!t.stack.empty())
        t.stack.pop(m_dead);
    for (const auto &[index, copy] : t.threadLocals)
        m_dead.push_back(copy); // a thread's thread-local variables end with it
    for (std::uint64_t p : m_dead)
        state.memory.endLifetime(p);
}

Continuation Stepper::call(InterpreterState &state, ThreadState &t, std::uint32_t function) {
    const Function &callee = m_program.functions[function];
    if (callee.builtin)
        return Continuation::Continue; // handled by the caller
    if (m_sections.isAtomicFunction(function))
        if (const Continuation n = m_sections.enter(state, t); n != Continuation::Continue)
            return n;
    if (function == m_reachError && m_options.svcompSemantics) {
        m_faults.raise(t, DefectKind::AssertionFailure, english(MessageKind::FunctionCalled, {"reach_error"}));
        return Continuation::Fault;
    }
    if (t.stack.frames.size() >= m_options.maxCallDepth) {
        m_faults.raise(t, DefectKind::UndefinedBehaviour,
                       english(MessageKind::StackOverflow, {std::to_string(m_options.maxCallDepth)}));
        return Continuation::Fault;
    }
    // m_args holds the (flattened) arguments; missing ones read as 0, extra ones are dropped.
    t.stack.push(function, callee.registerCount);
    std::uint64_t *regs = t.stack.registers.data() + t.stack.top().base;
    for (std::uint32_t i = 0; i < callee.paramRegisters && i < m_args.size(); ++i)
        regs[i] = m_args[i];
    if (t.stack.tracksUndefined && m_uninit.touchesUndefined(function))
        t.stack.holdsUndefined = true; // it has undefined operands: every instruction keeps shadows
    if (t.stack.tracksUndefined) // (m_args may be longer than m_argShadows: the thread end's call has none)
        for (std::uint32_t i = 0; i < callee.paramRegisters && i < m_argShadows.size() && i < m_args.size(); ++i)
            t.stack.shadows[t.stack.top().base + i] = m_argShadows[i];
    if (callee.variadic)
        return storeVarargs(state, t);
    return Continuation::Continue;
}

bool Stepper::answerPureCall(InterpreterState &state, ThreadState &t, const Instruction &in, std::uint32_t callee) {
    const Function &fn = m_program.functions[callee];
    // What a memoised call must not skip: registers' uninitialised-value shadows (a call that met an undefined
    // value is not kept either), an atomic section's entry, the spin rule's watch of an effect-free iteration (a
    // call that returns within it is part of it), sc's escapes.
    // Inside a recorded call, a callee whose run an answer could not reproduce ends the recording (and undefined
    // values or a section, as at the top). The spin rule's watch is not one of them: it only keeps an answer
    // out of a watched iteration, and a watch inside the call ends there (a fresh watch disarms what a
    // callee's loops armed, SpinDetector.cpp).
    const bool reproducible = !fn.variadic && !m_sections.isAtomicFunction(callee) && callee != m_reachError;
    if (m_pure.recording()) { // a call inside the recorded one: part of it
        if (reproducible && !t.stack.holdsUndefined && t.sectionDepth == 0)
            m_pure.noteFrames(t.stack.frames.size() + 1);
        else
            m_pure.abandon();
        return false;
    }
    const bool eligible = reproducible && m_options.model == MemoryModel::Sync && !t.stack.holdsUndefined &&
                          t.sectionDepth == 0 && !t.spin.clean;
    if (!eligible)
        return false;
    const std::uint32_t owner = program::threadOwner(t.id);
    const std::uint32_t objects = state.memory.objectCount(owner);
    if (const PureCallMemo::Entry *e = m_pure.find(callee, m_args)) {
        // Taken only where the call would run to its return: within the step bound, the call depth, the
        // memory bound and the thread's object numbers (beyond, it runs and meets the bound where it would).
        const bool fits = t.steps + e->steps <= m_options.stepBound &&
                          t.stack.frames.size() + e->frames <= m_options.maxCallDepth &&
                          state.memory.liveBytes() + e->bytes <= state.memory.limit() &&
                          std::uint64_t(objects) + e->allocations.size() <= program::kMaxObjectsPerOwner;
        if (fits) {
            t.steps += e->steps;
            for (const PureCallMemo::Allocation &a : e->allocations)
                state.memory.addEnded(owner, ObjectKind::Stack, a.size, a.site);
            Frame &caller = t.stack.top();
            for (std::uint32_t k = 0; k < in.size && k < e->results.size(); ++k)
                t.stack.registers[caller.base + in.dst + k] = e->results[k];
            ++caller.pc;
            m_pure.countHit();
            return true;
        }
        return false;
    }
    if (m_pure.worthRecording(callee))
        m_pure.begin(callee, m_args, t.stack.frames.size(), owner, objects, t.steps);
    return false;
}

Continuation Stepper::storeVarargs(InterpreterState &state, ThreadState &t) {
    // Where va_arg finds them (VaStart points the va_list's overflow area here): one 8-byte slot per
    // flattened argument. A va_arg past the last one is an out-of-bounds read of this object.
    const Function &callee = m_program.functions[t.stack.top().function];
    const std::size_t extra = m_args.size() > callee.paramRegisters ? m_args.size() - callee.paramRegisters : 0;
    MemoryFault fault;
    const Frame &caller = t.stack.frames[t.stack.frames.size() - 2];
    const std::uint64_t site = (std::uint64_t(caller.function) << 32) | caller.pc;
    auto p = state.memory.allocate(program::threadOwner(t.id), ObjectKind::Stack, 8 * extra, site, fault);
    if (!p)
        return m_faults.memoryFault(t, fault);
    for (std::size_t i = 0; i < extra; ++i) {
        std::uint8_t *slot = state.memory.write(*p + 8 * i, 8, 8, fault);
        std::memcpy(slot, &m_args[callee.paramRegisters + i], 8);
        if (t.stack.tracksUndefined && callee.paramRegisters + i < m_argShadows.size())
            if (const RegisterShadow &s = m_argShadows[callee.paramRegisters + i]; s.bits)
                state.memory.markUndefined(*p + 8 * i, 8, s);
    }
    t.stack.locals.push_back(*p);
    t.stack.top().varargs = *p;
    return Continuation::Continue;
}

Continuation Stepper::ret(InterpreterState &state, ThreadState &t, const Instruction &in) {
    // (A thread started in such a function did not enter a section: depth 0, nothing to leave.)
    if (m_sections.isAtomicFunction(t.stack.top().function) && t.sectionDepth > 0)
        if (const Continuation n = m_sections.leave(state, t); n != Continuation::Continue)
            return n;
    // C's return from main is exit(): the atexit handlers run first, then the return again.
    if (t.id == ThreadNaming::kMain && t.stack.frames.size() == 1 && m_options.mainReturnEndsProgram &&
        runsExitHandlers(state))
        return enterExitHandlers(state, t);
    const Frame f = t.stack.top();
    const Function &fn = m_program.functions[f.function];
    m_scratch.clear();
    m_shadowScratch.clear();
    for (std::uint32_t i = 0; i < in.c; ++i) {
        const Operand o = fn.operands[in.b + i];
        m_scratch.push_back(program::isConstant(o) ? m_program.constant(o) : t.stack.registers[f.base + o]);
        if (t.stack.holdsUndefined)
            m_shadowScratch.push_back(program::isConstant(o) ? m_uninit.ofConstant(o) : t.stack.shadows[f.base + o]);
    }
    m_dead.clear();
    t.stack.pop(m_dead);
    for (std::uint64_t p : m_dead)
        state.memory.endLifetime(p);
    if (!t.stack.empty() && f.reentersCaller)
        return Continuation::Continue; // the caller's exit() or return runs again
    if (!t.stack.empty()) {
        Frame &caller = t.stack.top();
        const Instruction &callInst = m_program.functions[caller.function].code[caller.pc];
        for (std::uint32_t k = 0; k < callInst.size && k < m_scratch.size(); ++k)
            t.stack.registers[caller.base + callInst.dst + k] = m_scratch[k];
        for (std::uint32_t k = 0; k < callInst.size && k < m_shadowScratch.size(); ++k)
            t.stack.shadows[caller.base + callInst.dst + k] = m_shadowScratch[k];
        ++caller.pc;
        return Continuation::Continue;
    }
    // The thread's outermost function returned.
    const std::uint64_t value = m_scratch.empty() ? 0 : m_scratch[0];
    if (runsThreadEnd(t)) {
        t.exitValue = value;
        return enterThreadEnd(state, t);
    }
    if (t.id == ThreadNaming::kMain) {
        const std::int64_t status = signExtend(value & 0xFFFFFFFFu, 32);
        if (status != 0 && !m_options.svcompSemantics) {
            m_faults.raiseAt(t.id, f.function, f.pc, DefectKind::ExitCode,
                             "exited with status " + std::to_string(status));
            return Continuation::Fault;
        }
        t.endsProgram = m_options.mainReturnEndsProgram;
    }
    if (!t.endRan)
        t.exitValue = value; // else the value of the return or pthread_exit that ran the thread end
    t.pending = Action{ActionKind::ThreadExit, t.id, 0};
    return Continuation::Stop;
}

bool Stepper::runsThreadEnd(const ThreadState &t) const {
    return t.id != ThreadNaming::kMain && !t.endRan && m_program.threadEndFunction != program::Program::kNoFunction;
}

Continuation Stepper::enterThreadEnd(InterpreterState &state, ThreadState &t) {
    // The thread's frames end here (pthread_exit unwinds them); its thread-local variables live on
    // until it exits: the destructors' values are in them.
    t.endRan = true;
    m_dead.clear();
    while (!t.stack.empty())
        t.stack.pop(m_dead);
    for (std::uint64_t p : m_dead)
        state.memory.endLifetime(p);
    m_args.clear();
    return call(state, t, m_program.threadEndFunction);
}

bool Stepper::runsExitHandlers(const InterpreterState &state) const {
    return !state.exitHandlersRan && m_program.exitHandlersFunction != program::Program::kNoFunction;
}

Continuation Stepper::enterExitHandlers(InterpreterState &state, ThreadState &t) {
    state.exitHandlersRan = true;
    m_args.clear();
    m_argShadows.clear();
    const Continuation next = call(state, t, m_program.exitHandlersFunction);
    if (next == Continuation::Continue)
        t.stack.top().reentersCaller = true;
    return next;
}

std::optional<Continuation> Stepper::undefinedCall(const InterpreterState &state, ThreadState &t,
                                                   const program::Instruction &in) {
    if (!(in.aux & program::kUndefinedFunctionCall) || m_options.undefinedCalls == UndefinedCalls::Unsupported)
        return std::nullopt;
    const bool pointer = in.aux & program::kUndefinedResultIsPointer;
    if (pointer && m_options.undefinedCalls != UndefinedCalls::Values)
        return std::nullopt;
    if (in.size == 0) { // void: nothing happens
        ++t.stack.top().pc;
        return Continuation::Continue;
    }
    ObjectId choice = 0;
    if (pointer) {
        // NULL or a fresh object: a violation found with either is real, but they are not all the
        // pointers it could return (weft svcomp cannot say true past it).
        ++m_partialUndefinedResults;
        m_lastPartialUndefinedCall = std::uint32_t(in.imm);
        t.choosesExternalObject = true;
        t.nondetMask = 1;
        choice = nondetObject(t.id, NondetKind::Bool, 0, 1);
    } else {
        const NondetKind kind = in.width == 1   ? NondetKind::Bool
                                : in.width <= 8 ? NondetKind::UChar
                                                : NondetKind::Range;
        const WideNondetValues values = wideNondetValues(m_options, m_program, in, state);
        const NondetDomain range = values.range;
        if (m_options.nondet != NondetSource::Explore || (kind == NondetKind::Range && !values.covered)) {
            ++m_partialUndefinedResults;
            m_lastPartialUndefinedCall = std::uint32_t(in.imm);
        }
        if (m_options.nondet != NondetSource::Explore) {
            finishCall(t, 0);
            return Continuation::Continue;
        }
        t.nondetMask = in.width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << in.width) - 1;
        choice = nondetObject(t.id, kind, range.lo, range.hi);
    }
    t.pending = Action{ActionKind::NondetChoice, t.id, choice, nondetDomain(choice).first()};
    t.followUps.clear();
    return Continuation::Stop;
}

Continuation Stepper::builtin(InterpreterState &state, ThreadState &t, Builtin b) {
    // What this execution leaves unexplored (weft svcomp cannot say true then).
    if (b >= Builtin::NondetInt && b <= Builtin::NondetBool) {
        bool wholeDomain = b == Builtin::NondetBool || b == Builtin::NondetChar || b == Builtin::NondetUChar;
        // A wider value only compared with constants in 0..15 (-1..largest+1 stand for all its
        // values), or one the checks after the call keep in a small range.
        const Frame &f = t.stack.top();
        const program::Instruction &in = m_program.functions[f.function].code[f.pc];
        if (wideNondetValues(m_options, m_program, in, state).covered)
            wholeDomain = true;
        if (m_options.nondet == NondetSource::Explore && !wholeDomain && (in.aux & program::kNondetComparedForEquality))
            ++m_equalityNondetCalls; // covered if what it is compared with is (SvcompCommand)
        else if (m_options.nondet != NondetSource::Explore || !wholeDomain)
            ++m_partialNondetCalls;
    } else if (b == Builtin::CondWait && t.spuriousWakeups >= m_options.spuriousWakeups) {
        // Waiting again where it woke up spuriously, having changed nothing since: a spurious
        // wake-up now reaches what one of that earlier wait, explored, reaches (the same thread
        // state, and the same shared state, whenever it comes). pthread_cond_timedwait is runtime C
        // that calls pthread_cond_wait once it chose to wait.
        if (!t.repeatsSpuriousWakeup())
            ++m_waitsWithoutSpuriousWakeup;
    }
    if (b == Builtin::Exit && runsExitHandlers(state))
        return enterExitHandlers(state, t); // exit() runs again once they return
    if (b == Builtin::PthreadExit && runsThreadEnd(t)) {
        t.exitValue = m_args.empty() ? 0 : m_args[0];
        return enterThreadEnd(state, t); // no call to finish: the thread's frames are gone
    }
    if (t.stack.tracksUndefined && b != Builtin::ThreadLocalAddress)
        for (std::size_t i = 0; i < m_argShadows.size(); ++i)
            m_uninit.argument(state, t, m_argShadows[i], i, program::builtinSymbol(b));
    BuiltinCall call{m_services, state, t, b, m_args};
    const Continuation next = m_libc.handler(b)(call);
    if (next == Continuation::Continue) {
        t.timedWait = false; // a call completed at once: a timed wait's own blocking is over
        finishCall(t, call.result);
    }
    return next;
}

} // namespace weft::interpreter
