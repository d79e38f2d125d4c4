// SPDX-License-Identifier: MIT
// The instruction loop: pure instructions go to Arithmetic, memory instructions through the checked
// Memory, calls push frames on the thread's CallStack, builtins go to their LibcDispatcher handlers.
#include "engine/interpreter/Stepper.hpp"

#include "engine/interpreter/Arithmetic.hpp"

#include <cstring>

namespace weft::interpreter {

using program::Builtin;
using program::Function;
using program::Instruction;
using program::Opcode;
using program::Operand;

namespace {

std::uint64_t loadValue(const std::uint8_t *bytes, unsigned size, unsigned width) {
    std::uint64_t v = 0;
    std::memcpy(&v, bytes, size);
    return v & widthMask(width);
}

} // namespace

Stepper::Stepper(const program::Program &program, const InterpreterOptions &options)
    : m_program(program), m_options(options), m_faults(program, options), m_races(program, options, m_faults),
      m_shared(options, m_faults), m_sections(program, options, m_faults), m_spins(program, options, m_faults),
      m_services{program, options, m_faults, m_races, m_shared, m_sections}, m_libc(LibcDispatcher::instance()) {
    if (auto out = program.findGlobal("stdout"))
        m_services.stdoutStream = program::globalPointer(*out);
    if (auto err = program.findGlobal("stderr"))
        m_services.stderrStream = program::globalPointer(*err);
    for (std::size_t i = 0; i < program.functions.size(); ++i)
        if (program.functions[i].name == "reach_error")
            m_reachError = std::uint32_t(i);
}

void Stepper::collectArguments(const ThreadState &t, const Instruction &in) {
    const Frame &f = t.stack.top();
    const Function &fn = m_program.functions[f.function];
    const std::uint64_t *regs = t.stack.registers.data() + f.base;
    m_args.clear();
    for (std::uint32_t i = 0; i < in.c; ++i) {
        const Operand o = fn.operands[in.b + i];
        m_args.push_back(program::isConstant(o) ? m_program.constant(o) : regs[o]);
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
    if (in.size > 0)
        t.stack.registers[f.base + in.dst] = result;
    ++f.pc;
}

void Stepper::startThread(ThreadState &child, std::uint32_t function, std::uint64_t argument) {
    const Function &fn = m_program.functions[function];
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
        m_faults.raise(t, DefectKind::AssertionFailure, "reach_error() called");
        return Continuation::Fault;
    }
    if (t.stack.frames.size() >= m_options.maxCallDepth) {
        m_faults.raise(t, DefectKind::UndefinedBehaviour,
                       "stack overflow: more than " + std::to_string(m_options.maxCallDepth) + " nested calls");
        return Continuation::Fault;
    }
    // m_args holds the (flattened) arguments; missing ones read as 0, extra ones are dropped.
    t.stack.push(function, callee.registerCount);
    std::uint64_t *regs = t.stack.registers.data() + t.stack.top().base;
    for (std::uint32_t i = 0; i < callee.paramRegisters && i < m_args.size(); ++i)
        regs[i] = m_args[i];
    return Continuation::Continue;
}

Continuation Stepper::ret(InterpreterState &state, ThreadState &t, const Instruction &in) {
    // (A thread started in such a function did not enter a section: depth 0, nothing to leave.)
    if (m_sections.isAtomicFunction(t.stack.top().function) && t.sectionDepth > 0)
        if (const Continuation n = m_sections.leave(state, t); n != Continuation::Continue)
            return n;
    const Frame f = t.stack.top();
    const Function &fn = m_program.functions[f.function];
    m_scratch.clear();
    for (std::uint32_t i = 0; i < in.c; ++i) {
        const Operand o = fn.operands[in.b + i];
        m_scratch.push_back(program::isConstant(o) ? m_program.constant(o) : t.stack.registers[f.base + o]);
    }
    m_dead.clear();
    t.stack.pop(m_dead);
    for (std::uint64_t p : m_dead)
        state.memory.endLifetime(p);
    if (!t.stack.empty()) {
        Frame &caller = t.stack.top();
        const Instruction &callInst = m_program.functions[caller.function].code[caller.pc];
        for (std::uint32_t k = 0; k < callInst.size && k < m_scratch.size(); ++k)
            t.stack.registers[caller.base + callInst.dst + k] = m_scratch[k];
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

Continuation Stepper::builtin(InterpreterState &state, ThreadState &t, Builtin b) {
    // What this execution leaves unexplored (weft svcomp cannot say true then).
    if (b >= Builtin::NondetInt && b <= Builtin::NondetBool) {
        const bool wholeDomain = b == Builtin::NondetBool || b == Builtin::NondetChar || b == Builtin::NondetUChar;
        if (m_options.nondet != NondetSource::Explore || !wholeDomain)
            ++m_partialNondetCalls;
    } else if ((b == Builtin::CondWait || b == Builtin::CondTimedwait) &&
               t.spuriousWakeups >= m_options.spuriousWakeups) {
        // Waiting again where it woke up spuriously, having changed nothing since: a spurious
        // wake-up now reaches what one of that earlier wait, explored, reaches (the same thread
        // state, and the same shared state, whenever it comes).
        const ThreadState::WakeAnchor &a = t.wakeAnchor;
        if (!a.quiet || a.frames != t.stack.frames || a.registers != t.stack.registers)
            ++m_waitsWithoutSpuriousWakeup;
    }
    if (b == Builtin::PthreadExit && runsThreadEnd(t)) {
        t.exitValue = m_args.empty() ? 0 : m_args[0];
        return enterThreadEnd(state, t); // no call to finish: the thread's frames are gone
    }
    BuiltinCall call{m_services, state, t, b, m_args};
    const Continuation next = m_libc.handler(b)(call);
    if (next == Continuation::Continue)
        finishCall(t, call.result);
    return next;
}

bool Stepper::run(InterpreterState &state, ThreadState &t, ThreadNaming &naming,
                  const std::function<bool(const ThreadState &)> *pauseBefore) {
    m_services.naming = &naming;
    m_paused = false;
    bool first = true;
    const std::uint64_t bound = m_options.stepBound;
    std::uint64_t out[2];
    std::string why;
    MemoryFault fault;
    for (;;) {
        Frame &f = t.stack.top();
        const Function &fn = m_program.functions[f.function];
        const Instruction &in = fn.code[f.pc];
        std::uint64_t *regs = t.stack.registers.data() + f.base;
        auto value = [&](Operand o) { return program::isConstant(o) ? m_program.constant(o) : regs[o]; };
        // A control transfer; arriving at a loop head ends an iteration (SpinLoops.cpp).
        auto jumpTo = [&](std::uint32_t target) {
            const std::uint32_t from = f.pc;
            f.pc = target;
            return m_spins.isHead(f.function, target) ? m_spins.atLoopHead(state, t, from) : Continuation::Continue;
        };
        if (pauseBefore && !std::exchange(first, false) && (*pauseBefore)(t)) {
            m_paused = true;
            return false;
        }
        if (++t.steps > bound) {
            m_faults.raise(t, DefectKind::StepBound,
                           "thread T" + std::to_string(t.id) + " ran more than " + std::to_string(bound) +
                               " instructions without a visible action (infinite loop?)");
            return false;
        }
        switch (in.op) {
        case Opcode::PtrAdd: regs[in.dst] = value(in.a) + std::uint64_t(in.imm); ++f.pc; break;
        case Opcode::PtrIndex:
            regs[in.dst] = value(in.a) + std::uint64_t(signExtend(value(in.b), in.aux) * in.imm);
            ++f.pc;
            break;
        case Opcode::Load: {
            const std::uint64_t address = value(in.a) + std::uint64_t(in.imm);
            const bool atomic = in.aux & program::kAtomicAccess;
            const std::uint8_t *bytes =
                state.memory.read(address, in.size, std::uint64_t{1} << (in.aux & ~program::kAtomicAccess), fault);
            if (!bytes)
                return m_faults.memoryFault(t, fault), false;
            const bool event = t.accessGranted;
            if (const Continuation n = visibleAccess(state, t, address, in.size, false); n != Continuation::Continue)
                return n == Continuation::Stop;
            if (!m_races.check(state, t, address, in.size, false, atomic || t.sectionDepth > 0))
                return false;
            regs[in.dst] = loadValue(bytes, in.size, in.width);
            if (t.spin.clean)
                m_spins.noteRead(t, address, in.size, regs[in.dst], event);
            ++f.pc;
            break;
        }
        case Opcode::Store: {
            const std::uint64_t address = value(in.b) + std::uint64_t(in.imm);
            const bool atomic = in.aux & program::kAtomicAccess;
            std::uint8_t *bytes =
                state.memory.write(address, in.size, std::uint64_t{1} << (in.aux & ~program::kAtomicAccess), fault);
            if (!bytes)
                return m_faults.memoryFault(t, fault), false;
            if (const Continuation n = visibleAccess(state, t, address, in.size, true); n != Continuation::Continue)
                return n == Continuation::Stop;
            if (!m_races.check(state, t, address, in.size, true, atomic || t.sectionDepth > 0))
                return false;
            const std::uint64_t v = value(in.a);
            if (in.size == 8)
                m_shared.markEscaped(state, v);
            std::memcpy(bytes, &v, in.size);
            t.spin.clean = false;
            t.wakeAnchor.quiet = false;
            ++f.pc;
            break;
        }
        case Opcode::Alloca: {
            const std::uint64_t count = in.b == program::kNoOperand ? 1 : value(in.b);
            const std::uint64_t size = std::uint64_t(in.imm) * count;
            if (size >= program::kMaxObjectSize || (count != 0 && size / count != std::uint64_t(in.imm))) {
                m_faults.raise(t, DefectKind::UndefinedBehaviour,
                               "stack allocation of " + std::to_string(size) + " bytes is too large");
                return false;
            }
            const std::uint64_t site = (std::uint64_t(f.function) << 32) | f.pc;
            auto p = state.memory.allocate(program::threadOwner(t.id), ObjectKind::Stack, size, site, fault);
            if (!p)
                return m_faults.memoryFault(t, fault), false;
            t.stack.locals.push_back(*p);
            t.stack.registers[f.base + in.dst] = *p; // push_back above does not move registers
            t.spin.clean = false;
            t.wakeAnchor.quiet = false;
            ++f.pc;
            break;
        }
        case Opcode::AtomicRmw:
        case Opcode::CmpXchg: {
            const std::uint64_t address = value(in.a);
            std::uint8_t *bytes = state.memory.write(address, in.size, in.size, fault);
            if (!bytes)
                return m_faults.memoryFault(t, fault), false;
            // A compare-exchange is a write event even when it fails: whether it fails depends on
            // which write it reads, but an event's action must follow from its thread's history.
            // Treating the failed ones as writes only adds dependence (never loses a trace).
            if (const Continuation n = visibleAccess(state, t, address, in.size, true); n != Continuation::Continue)
                return n == Continuation::Stop;
            const std::uint64_t old = loadValue(bytes, in.size, in.width);
            std::uint64_t next = old;
            if (in.op == Opcode::AtomicRmw) {
                next = applyRmw(program::RmwOp(in.aux), old, value(in.b), in.width);
            } else {
                const bool equal = old == value(in.b);
                if (equal)
                    next = value(in.c);
                regs[in.dst + 1] = equal;
            }
            if (m_options.races != RaceMode::Ignore)
                state.races.acquire(state.threadIndex[t.id], address); // the read half of the RMW
            if (!m_races.check(state, t, address, in.size, in.op == Opcode::AtomicRmw || regs[in.dst + 1] != 0, true))
                return false;
            if (in.size == 8)
                m_shared.markEscaped(state, next);
            std::memcpy(bytes, &next, in.size);
            regs[in.dst] = old;
            t.spin.clean = false;
            t.wakeAnchor.quiet = false;
            ++f.pc;
            break;
        }
        case Opcode::Jump:
            if (const Continuation n = jumpTo(std::uint32_t(in.imm)); n != Continuation::Continue)
                return n == Continuation::Stop;
            break;
        case Opcode::Branch:
            if (const Continuation n = jumpTo((value(in.a) & 1) ? std::uint32_t(in.imm) : in.dst);
                n != Continuation::Continue)
                return n == Continuation::Stop;
            break;
        case Opcode::Switch: {
            const std::uint64_t v = value(in.a);
            std::uint32_t target = std::uint32_t(in.imm);
            for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
                if (fn.cases[i].value == v) {
                    target = fn.cases[i].target;
                    break;
                }
            if (const Continuation n = jumpTo(target); n != Continuation::Continue)
                return n == Continuation::Stop;
            break;
        }
        case Opcode::EdgeMoves: {
            m_scratch.clear();
            for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
                m_scratch.push_back(value(fn.moves[i].src));
            for (std::uint32_t i = 0; i < in.c; ++i)
                regs[fn.moves[in.b + i].dst] = m_scratch[i];
            if (const Continuation n = jumpTo(std::uint32_t(in.imm)); n != Continuation::Continue)
                return n == Continuation::Stop;
            break;
        }
        case Opcode::Call:
        case Opcode::CallIndirect:
        case Opcode::CallBuiltin: {
            collectArguments(t, in);
            std::uint32_t callee = std::uint32_t(in.imm);
            Continuation next = Continuation::Continue;
            if (in.op == Opcode::CallIndirect) {
                const program::DecodedPointer d = program::decodePointer(value(in.a));
                if (d.owner != program::kFunctionOwner || d.offset != 0 || d.object >= m_program.functions.size()) {
                    m_faults.raise(t, DefectKind::UndefinedBehaviour,
                                   value(in.a) == 0 ? "call through a null function pointer"
                                                    : "call through an invalid function pointer");
                    return false;
                }
                callee = d.object;
            }
            const std::optional<Builtin> b =
                in.op == Opcode::CallBuiltin ? std::optional(Builtin(in.imm)) : m_program.functions[callee].builtin;
            // A yield changes nothing: a spin loop may call it (SpinLoops.cpp); any other call may.
            if (!b || (*b != Builtin::SchedYield && *b != Builtin::PthreadYield))
                t.spin.clean = false;
            if (!b || (*b != Builtin::CondWait && *b != Builtin::CondTimedwait))
                t.wakeAnchor.quiet = false;
            if (b)
                next = builtin(state, t, *b);
            else
                next = call(state, t, callee);
            if (next == Continuation::Fault)
                return false;
            if (next == Continuation::Stop)
                return true;
            break;
        }
        case Opcode::Ret: {
            t.spin.clean = false;
            t.wakeAnchor.quiet = false;
            const Continuation next = ret(state, t, in);
            if (next == Continuation::Fault)
                return false;
            if (next == Continuation::Stop)
                return true;
            break;
        }
        case Opcode::Unreachable:
            m_faults.raise(t, DefectKind::UndefinedBehaviour, "reached code marked unreachable");
            return false;
        case Opcode::Unsupported: {
            if (fn.code.size() == 1 && t.stack.frames.size() > 1) { // a stub called through a pointer:
                m_dead.clear();                                    // report the caller's line
                t.stack.pop(m_dead);
                for (std::uint64_t p : m_dead)
                    state.memory.endLifetime(p);
            }
            m_faults.raise(t, DefectKind::UnsupportedOperation, m_program.unsupported[std::size_t(in.imm)]);
            return false;
        }
        default: {
            const std::uint64_t a = in.a == program::kNoOperand ? 0 : value(in.a);
            const std::uint64_t b = in.b == program::kNoOperand ? 0 : value(in.b);
            const std::uint64_t c = in.c == program::kNoOperand ? 0 : value(in.c);
            if (!evaluate(in, a, b, c, out, why)) {
                m_faults.raise(t, DefectKind::UndefinedBehaviour, why);
                return false;
            }
            regs[in.dst] = out[0];
            if (in.op == Opcode::Overflow)
                regs[in.dst + 1] = out[1];
            ++f.pc;
            break;
        }
        }
    }
}

} // namespace weft::interpreter
