// SPDX-License-Identifier: MIT
// The instruction loop: pure instructions go to Arithmetic, memory instructions through the checked
// Memory, calls push frames on the thread's CallStack, builtins go to libc/ and pthread/.
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
    : m_program(program), m_options(options), m_loops(program) {
    if (auto out = program.findGlobal("stdout"))
        m_stdout = program::globalPointer(*out);
    if (auto err = program.findGlobal("stderr"))
        m_stderr = program::globalPointer(*err);
    for (const Function &f : program.functions) {
        if (f.name == "reach_error")
            m_reachError = std::uint32_t(m_atomicFunction.size());
        m_atomicFunction.push_back(f.isDefined() && f.name.starts_with("__VERIFIER_atomic_"));
    }
}

void Stepper::raise(const ThreadState &t, DefectKind kind, const std::string &text, bool performed) {
    m_faultSpot = {};
    std::string where;
    if (!t.stack.empty()) {
        const Frame &f = t.stack.top();
        m_faultSpot = m_program.sourceMap.spotOf(f.function, f.pc);
        where = m_program.sourceMap.format(m_faultSpot);
    }
    m_fault = ProgramFault{kind, t.id, where.empty() ? text : where + ": " + text, performed};
}

std::string Stepper::describe(const MemoryFault &fault) const {
    if (fault.kind == MemoryFaultKind::NullPointer || fault.kind == MemoryFaultKind::InvalidPointer ||
        fault.kind == MemoryFaultKind::TooManyObjects)
        return fault.describe();
    return fault.describe(nameObject(fault.objectKind, fault.objectSize, fault.site));
}

std::string Stepper::nameObject(ObjectKind kind, std::uint32_t size, std::uint64_t site) const {
    const std::string generic = MemoryFault{.objectKind = kind, .objectSize = size}.genericObject();
    const program::SourceMap &map = m_program.sourceMap;
    if (kind == ObjectKind::Global && site < m_program.globals.size()) {
        const std::string &symbol = m_program.globals[site].name;
        if (symbol.starts_with(".str"))
            return "a " + std::to_string(size) + "-byte string literal";
        const std::string &name = site < map.globals.size() && !map.globals[site].name.empty() ? map.globals[site].name : symbol;
        return generic + " '" + name + "'";
    }
    const auto function = std::uint32_t(site >> 32), pc = std::uint32_t(site);
    if (kind == ObjectKind::Stack && function < map.functions.size() && function < m_program.functions.size() &&
        pc < m_program.functions[function].code.size()) {
        // The variable whose address the alloca's register holds (a dbg.declare binding).
        const program::FunctionSource &source = map.functions[function];
        const std::uint32_t reg = m_program.functions[function].code[pc].dst;
        for (const program::VariableBinding &b : source.bindings)
            if (b.kind == program::VariableBinding::Kind::Memory && b.where == reg) {
                const program::Variable &v = source.locals[b.variable];
                const std::string at = map.format(v.declared);
                return generic + " '" + v.name + "'" + (at.empty() ? "" : " declared at " + at);
            }
    }
    if (kind == ObjectKind::Heap || kind == ObjectKind::Stack) {
        const std::string at = map.format(function, pc);
        if (!at.empty())
            return generic + " allocated at " + at;
    }
    return generic;
}

std::string Stepper::describeAddress(const InterpreterState &state, std::uint64_t address) const {
    const program::DecodedPointer d = program::decodePointer(address);
    const MemoryObject *object = state.memory.objectAt(address);
    const std::string offset = d.offset ? std::string("+").append(std::to_string(d.offset)) : std::string();
    if (address == program::kAtomicSectionKey)
        return "(atomic sections)";
    if (!object || object->kind == ObjectKind::Null)
        return "at address " + std::to_string(address);
    // A global, or a thread's copy of a thread-local one (owned by the thread).
    if (object->kind == ObjectKind::Global && object->site < m_program.globals.size() &&
        (d.owner != program::kGlobalOwner || d.object == object->site + 1)) {
        const auto &names = m_program.sourceMap.globals;
        const std::string &name = object->site < names.size() && !names[object->site].name.empty()
                                      ? names[object->site].name
                                      : m_program.globals[object->site].name;
        const std::string owner = d.owner == program::kGlobalOwner ? "" : "T" + std::to_string(d.owner - 1) + "'s ";
        return owner + "'" + name + "'" + offset;
    }
    const std::string at = m_program.sourceMap.format(std::uint32_t(object->site >> 32), std::uint32_t(object->site));
    const char *kind = object->kind == ObjectKind::Heap ? "heap block" : "local";
    return std::string(kind) + offset + (at.empty() ? "" : " allocated at " + at);
}

Stepper::Next Stepper::memoryFault(const ThreadState &t, const MemoryFault &fault) {
    if (fault.kind == MemoryFaultKind::Exhausted) {
        MemoryFault named = fault;
        named.objectSize = std::uint32_t(m_options.maxMemory >> 20);
        raise(t, DefectKind::ResourceLimit, named.describe());
        return Next::Fault;
    }
    raise(t, DefectKind::UndefinedBehaviour, describe(fault));
    return Next::Fault;
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

Stepper::Next Stepper::call(InterpreterState &state, ThreadState &t, std::uint32_t function) {
    const Function &callee = m_program.functions[function];
    if (callee.builtin)
        return Next::Continue; // handled by the caller
    if (m_atomicFunction[function])
        if (const Next n = enterSection(state, t); n != Next::Continue)
            return n;
    if (function == m_reachError && m_options.svcompSemantics) {
        raise(t, DefectKind::AssertionFailure, "reach_error() called");
        return Next::Fault;
    }
    if (t.stack.frames.size() >= m_options.maxCallDepth) {
        raise(t, DefectKind::UndefinedBehaviour,
              "stack overflow: more than " + std::to_string(m_options.maxCallDepth) + " nested calls");
        return Next::Fault;
    }
    // m_args holds the (flattened) arguments; missing ones read as 0, extra ones are dropped.
    t.stack.push(function, callee.registerCount);
    std::uint64_t *regs = t.stack.registers.data() + t.stack.top().base;
    for (std::uint32_t i = 0; i < callee.paramRegisters && i < m_args.size(); ++i)
        regs[i] = m_args[i];
    return Next::Continue;
}

Stepper::Next Stepper::ret(InterpreterState &state, ThreadState &t, const Instruction &in) {
    // (A thread started in such a function did not enter a section: depth 0, nothing to leave.)
    if (m_atomicFunction[t.stack.top().function] && t.sectionDepth > 0)
        if (const Next n = leaveSection(state, t); n != Next::Continue)
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
        return Next::Continue;
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
            m_faultSpot = m_program.sourceMap.spotOf(f.function, f.pc);
            const std::string where = m_program.sourceMap.format(m_faultSpot);
            m_fault = ProgramFault{DefectKind::ExitCode, t.id,
                                   (where.empty() ? "" : where + ": ") + "exited with status " + std::to_string(status)};
            return Next::Fault;
        }
        t.endsProgram = m_options.mainReturnEndsProgram;
    }
    if (!t.endRan)
        t.exitValue = value; // else the value of the return or pthread_exit that ran the thread end
    t.pending = Action{ActionKind::ThreadExit, t.id, 0};
    return Next::Stop;
}

Stepper::Next Stepper::endSilently(ThreadState &t) {
    t.callsExit = true;
    t.pending = Action{ActionKind::ThreadExit, t.id, 0};
    return Next::Stop;
}

Stepper::Next Stepper::builtin(InterpreterState &state, ThreadState &t, Builtin b) {
    if (b >= Builtin::NondetInt && b <= Builtin::NondetBool)
        ++m_nondetCalls;
    else if (b == Builtin::CondWait || b == Builtin::CondTimedwait)
        ++m_condWaits;
    std::uint64_t result = 0;
    Next next;
    if (b == Builtin::PthreadExit && runsThreadEnd(t)) {
        t.exitValue = m_args.empty() ? 0 : m_args[0];
        return enterThreadEnd(state, t); // no call to finish: the thread's frames are gone
    }
    switch (b) {
    case Builtin::PthreadCreate:
    case Builtin::PthreadJoin:
    case Builtin::PthreadExit:
    case Builtin::PthreadSelf:
    case Builtin::PthreadEqual:
    case Builtin::MutexInit:
    case Builtin::MutexDestroy:
    case Builtin::MutexLock:
    case Builtin::MutexUnlock:
    case Builtin::AttrInit:
    case Builtin::AttrDestroy:
    case Builtin::AttrSetDetachState:
    case Builtin::AttrGetDetachState:
    case Builtin::AttrOther:
    case Builtin::AttrSetStackSize:
    case Builtin::MutexAttrInit:
    case Builtin::MutexAttrSetType:
    case Builtin::MutexAttrGetType:
    case Builtin::MutexAttrDestroy:
    case Builtin::SchedYield:
    case Builtin::PthreadYield:
    case Builtin::PthreadDetach:
    case Builtin::Exit: next = pthread(state, t, b, result); break;
    case Builtin::MutexTrylock:
    case Builtin::SemInit: case Builtin::SemDestroy: case Builtin::SemWait: case Builtin::SemTrywait:
    case Builtin::SemPost:
    case Builtin::CondInit: case Builtin::CondDestroy: case Builtin::CondWait: case Builtin::CondTimedwait:
    case Builtin::CondSignal: case Builtin::CondBroadcast: case Builtin::CondAttrInit: case Builtin::CondAttrDestroy:
    case Builtin::BarrierInit: case Builtin::BarrierDestroy:
    case Builtin::BarrierWait:
    case Builtin::RwlockInit:
    case Builtin::RwlockDestroy:
    case Builtin::RwlockRdlock:
    case Builtin::RwlockTryrdlock:
    case Builtin::RwlockTimedrdlock:
    case Builtin::RwlockWrlock:
    case Builtin::RwlockTrywrlock:
    case Builtin::RwlockTimedwrlock:
    case Builtin::RwlockUnlock:
    case Builtin::RwlockAttrOther: next = sync(state, t, b, result); break;
    case Builtin::Sprintf:
    case Builtin::Snprintf: next = sprintf(state, t, b, result); break;
    case Builtin::Sscanf:
    case Builtin::IsocSscanf: next = scan(state, t, result); break;
    case Builtin::ThreadLocalAddress: next = threadLocal(state, t, result); break;
    default: next = isMath(b) ? math(state, t, b, result) : libc(state, t, b, result); break;
    }
    if (next == Next::Continue)
        finishCall(t, result);
    return next;
}

bool Stepper::run(InterpreterState &state, ThreadState &t, ThreadNaming &naming,
                  const std::function<bool(const ThreadState &)> *pauseBefore) {
    m_naming = &naming;
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
            return m_loops.isHead(f.function, target) ? atLoopHead(state, t, from) : Next::Continue;
        };
        if (pauseBefore && !std::exchange(first, false) && (*pauseBefore)(t)) {
            m_paused = true;
            return false;
        }
        if (++t.steps > bound) {
            raise(t, DefectKind::StepBound,
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
                return memoryFault(t, fault), false;
            const bool event = t.accessGranted;
            if (const Next n = visibleAccess(state, t, address, in.size, false); n != Next::Continue)
                return n == Next::Stop;
            if (!noteAccess(state, t, address, in.size, false, atomic || t.sectionDepth > 0))
                return false;
            regs[in.dst] = loadValue(bytes, in.size, in.width);
            if (t.spin.clean)
                noteSpinRead(state, t, address, in.size, regs[in.dst], event);
            ++f.pc;
            break;
        }
        case Opcode::Store: {
            const std::uint64_t address = value(in.b) + std::uint64_t(in.imm);
            const bool atomic = in.aux & program::kAtomicAccess;
            std::uint8_t *bytes =
                state.memory.write(address, in.size, std::uint64_t{1} << (in.aux & ~program::kAtomicAccess), fault);
            if (!bytes)
                return memoryFault(t, fault), false;
            if (const Next n = visibleAccess(state, t, address, in.size, true); n != Next::Continue)
                return n == Next::Stop;
            if (!noteAccess(state, t, address, in.size, true, atomic || t.sectionDepth > 0))
                return false;
            const std::uint64_t v = value(in.a);
            if (in.size == 8)
                markEscaped(state, v);
            std::memcpy(bytes, &v, in.size);
            t.spin.clean = false;
            ++f.pc;
            break;
        }
        case Opcode::Alloca: {
            const std::uint64_t count = in.b == program::kNoOperand ? 1 : value(in.b);
            const std::uint64_t size = std::uint64_t(in.imm) * count;
            if (size >= program::kMaxObjectSize || (count != 0 && size / count != std::uint64_t(in.imm))) {
                raise(t, DefectKind::UndefinedBehaviour, "stack allocation of " + std::to_string(size) + " bytes is too large");
                return false;
            }
            const std::uint64_t site = (std::uint64_t(f.function) << 32) | f.pc;
            auto p = state.memory.allocate(program::threadOwner(t.id), ObjectKind::Stack, size, site, fault);
            if (!p)
                return memoryFault(t, fault), false;
            t.stack.locals.push_back(*p);
            t.stack.registers[f.base + in.dst] = *p; // push_back above does not move registers
            t.spin.clean = false;
            ++f.pc;
            break;
        }
        case Opcode::AtomicRmw:
        case Opcode::CmpXchg: {
            const std::uint64_t address = value(in.a);
            std::uint8_t *bytes = state.memory.write(address, in.size, in.size, fault);
            if (!bytes)
                return memoryFault(t, fault), false;
            // A compare-exchange is a write event even when it fails: whether it fails depends on
            // which write it reads, but an event's action must follow from its thread's history.
            // Treating the failed ones as writes only adds dependence (never loses a trace).
            if (const Next n = visibleAccess(state, t, address, in.size, true); n != Next::Continue)
                return n == Next::Stop;
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
            if (!noteAccess(state, t, address, in.size, in.op == Opcode::AtomicRmw || regs[in.dst + 1] != 0, true))
                return false;
            if (in.size == 8)
                markEscaped(state, next);
            std::memcpy(bytes, &next, in.size);
            regs[in.dst] = old;
            t.spin.clean = false;
            ++f.pc;
            break;
        }
        case Opcode::Jump:
            if (const Next n = jumpTo(std::uint32_t(in.imm)); n != Next::Continue)
                return n == Next::Stop;
            break;
        case Opcode::Branch:
            if (const Next n = jumpTo((value(in.a) & 1) ? std::uint32_t(in.imm) : in.dst); n != Next::Continue)
                return n == Next::Stop;
            break;
        case Opcode::Switch: {
            const std::uint64_t v = value(in.a);
            std::uint32_t target = std::uint32_t(in.imm);
            for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
                if (fn.cases[i].value == v) {
                    target = fn.cases[i].target;
                    break;
                }
            if (const Next n = jumpTo(target); n != Next::Continue)
                return n == Next::Stop;
            break;
        }
        case Opcode::EdgeMoves: {
            m_scratch.clear();
            for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
                m_scratch.push_back(value(fn.moves[i].src));
            for (std::uint32_t i = 0; i < in.c; ++i)
                regs[fn.moves[in.b + i].dst] = m_scratch[i];
            if (const Next n = jumpTo(std::uint32_t(in.imm)); n != Next::Continue)
                return n == Next::Stop;
            break;
        }
        case Opcode::Call:
        case Opcode::CallIndirect:
        case Opcode::CallBuiltin: {
            collectArguments(t, in);
            std::uint32_t callee = std::uint32_t(in.imm);
            Next next = Next::Continue;
            if (in.op == Opcode::CallIndirect) {
                const program::DecodedPointer d = program::decodePointer(value(in.a));
                if (d.owner != program::kFunctionOwner || d.offset != 0 || d.object >= m_program.functions.size()) {
                    raise(t, DefectKind::UndefinedBehaviour,
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
            if (b)
                next = builtin(state, t, *b);
            else
                next = call(state, t, callee);
            if (next == Next::Fault)
                return false;
            if (next == Next::Stop)
                return true;
            break;
        }
        case Opcode::Ret: {
            t.spin.clean = false;
            const Next next = ret(state, t, in);
            if (next == Next::Fault)
                return false;
            if (next == Next::Stop)
                return true;
            break;
        }
        case Opcode::Unreachable:
            raise(t, DefectKind::UndefinedBehaviour, "reached code marked unreachable");
            return false;
        case Opcode::Unsupported: {
            if (fn.code.size() == 1 && t.stack.frames.size() > 1) { // a stub called through a pointer:
                m_dead.clear();                                    // report the caller's line
                t.stack.pop(m_dead);
                for (std::uint64_t p : m_dead)
                    state.memory.endLifetime(p);
            }
            raise(t, DefectKind::UnsupportedOperation, m_program.unsupported[std::size_t(in.imm)]);
            return false;
        }
        default: {
            const std::uint64_t a = in.a == program::kNoOperand ? 0 : value(in.a);
            const std::uint64_t b = in.b == program::kNoOperand ? 0 : value(in.b);
            const std::uint64_t c = in.c == program::kNoOperand ? 0 : value(in.c);
            if (!evaluate(in, a, b, c, out, why)) {
                raise(t, DefectKind::UndefinedBehaviour, why);
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
