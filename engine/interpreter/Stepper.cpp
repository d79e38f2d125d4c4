// SPDX-License-Identifier: MIT
// The instruction loop: pure instructions go to Arithmetic, memory instructions through the checked
// Memory, control transfers through the spin-loop hooks (SpinLoops.cpp); calls, returns and builtins
// are in StepperCalls.cpp.
#include "engine/interpreter/Stepper.hpp"

#include "engine/base/Message.hpp"
#include "engine/interpreter/Arithmetic.hpp"

#include <cmath>
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

/// The undefined bits of what a pure instruction computes from operands a, b (values) with shadows
/// sa, sb, sc: bit-precise for moves, casts, masks and constant shifts (bit-fields are read and
/// written that way), every bit undefined otherwise when any operand bit is.
RegisterShadow resultShadow(const Instruction &in, std::uint64_t a, std::uint64_t b, const RegisterShadow &sa,
                            const RegisterShadow &sb, const RegisterShadow &sc) {
    if (!(sa.bits | sb.bits | sc.bits))
        return {};
    const std::uint64_t mask = widthMask(in.width);
    switch (in.op) {
    case Opcode::Move: return sa.withBits(sa.bits & mask);
    case Opcode::Trunc: return sa.withBits(sa.bits & mask);
    case Opcode::SExt: return sa.withBits(std::uint64_t(signExtend(sa.bits & widthMask(in.aux), in.aux)) & mask);
    case Opcode::And: // a 0 bit of a defined operand makes the result's bit 0 whatever the other one
        return RegisterShadow::any(sa, sb, {}).withBits(((sa.bits & sb.bits) | (sa.bits & b) | (a & sb.bits)) & mask);
    case Opcode::Or: // likewise a 1 bit
        return RegisterShadow::any(sa, sb, {}).withBits(((sa.bits & sb.bits) | (sa.bits & ~b) | (~a & sb.bits)) & mask);
    case Opcode::Shl:
    case Opcode::LShr:
    case Opcode::AShr: {
        if (sb.bits || b >= in.width)
            return RegisterShadow::any(sa, sb, {});
        const std::uint64_t bits = in.op == Opcode::Shl    ? sa.bits << b
                                   : in.op == Opcode::LShr ? sa.bits >> b
                                                           : std::uint64_t(signExtend(sa.bits, in.width) >> b);
        return sa.withBits(bits & mask);
    }
    case Opcode::Select: // only the chosen operand counts, unless the condition is undefined
        if (sa.bits & 1)
            return RegisterShadow::any(sa, {}, {});
        return (a & 1) ? sb : sc;
    default: return RegisterShadow::any(sa, sb, sc);
    }
}

} // namespace

Stepper::Stepper(const program::Program &program, const InterpreterOptions &options)
    : m_program(program), m_options(options), m_faults(program, options), m_races(program, options, m_faults),
      m_shared(options, m_faults), m_sections(program, options, m_faults), m_spins(program, options, m_faults),
      m_uninit(program, m_faults), m_services{program, options, m_faults, m_races, m_shared, m_sections},
      m_libc(LibcDispatcher::instance()) {
    if (auto in = program.findGlobal("stdin"))
        m_services.stdinStream = program::globalPointer(*in);
    if (auto out = program.findGlobal("stdout"))
        m_services.stdoutStream = program::globalPointer(*out);
    if (auto err = program.findGlobal("stderr"))
        m_services.stderrStream = program::globalPointer(*err);
    for (std::size_t i = 0; i < program.functions.size(); ++i)
        if (program.functions[i].name == "reach_error")
            m_reachError = std::uint32_t(i);
}

bool Stepper::run(InterpreterState &state, ThreadState &t, ThreadNaming &naming,
                  const std::function<bool(const ThreadState &)> *pauseBefore) {
    m_services.naming = &naming;
    m_paused = false;
    if (t.stack.tracksUndefined && !t.stack.empty() && m_uninit.touchesUndefined(t.stack.top().function))
        t.stack.holdsUndefined = true; // main or a start routine with undefined operands
    const bool acted = t.stack.holdsUndefined ? runInstructions<true>(state, t, pauseBefore, true)
                                              : runInstructions<false>(state, t, pauseBefore, true);
    m_pure.abandon(); // a call still recorded here stopped inside (a fault, a pause): nothing is kept
    return acted;
}

template <bool Tracked>
bool Stepper::runInstructions(InterpreterState &state, ThreadState &t,
                              const std::function<bool(const ThreadState &)> *pauseBefore, bool first) {
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
        // --uninit report: the registers' shadows (nullptr: not tracked, or nothing undefined met yet).
        // (Untracked, the shadow code below is compiled out: it costs nothing until the switch.)
        RegisterShadow *const shadows = Tracked ? t.stack.shadows.data() + f.base : nullptr;
        auto shadow = [&](Operand o) {
            return o == program::kNoOperand ? RegisterShadow{}
                   : program::isConstant(o) ? m_uninit.ofConstant(o)
                                            : shadows[o];
        };
        // A control transfer; arriving at a loop head ends an iteration (SpinLoops.cpp).
        auto jumpTo = [&](std::uint32_t target) {
            const std::uint32_t from = f.pc;
            f.pc = target;
            if (t.spin.armedBranch == from) [[unlikely]]
                if (const Continuation n = m_spins.atBranch(state, t, from, target); n != Continuation::Continue)
                    return n;
            return m_spins.isHead(f.function, target) ? m_spins.atLoopHead(state, t, from) : Continuation::Continue;
        };
        if (pauseBefore && !std::exchange(first, false) && (*pauseBefore)(t)) {
            m_paused = true;
            return false;
        }
        if (++t.steps > bound) [[unlikely]] {
            // A defect, but only this thread's: it stops here, as after a false assumption, and the
            // others go on, so what they reach (an assertion, a deadlock) is still found.
            m_faults.raise(t, DefectKind::StepBound,
                           english(MessageKind::InstructionBound, {std::to_string(t.id), std::to_string(bound)}));
            m_faults.reportRaised();
            t.pending = Action{ActionKind::AssumeBlocked, t.id, 0, kStoppedAtStepBound};
            t.spin = {};
            return true;
        }
        // A clock read every 2^20 instructions (milliseconds): a long local loop honours --timeout.
        if ((t.steps & 0xFFFFF) == 0 && m_interrupt && m_interrupt->poll() != Interrupt::Reason::None) [[unlikely]] {
            m_paused = true;
            return false;
        }
        switch (in.op) {
        case Opcode::PtrAdd:
            regs[in.dst] = value(in.a) + std::uint64_t(in.imm);
            if (shadows)
                shadows[in.dst] = RegisterShadow::any(shadow(in.a), {}, {});
            ++f.pc;
            break;
        case Opcode::PtrIndex:
            regs[in.dst] = value(in.a) + std::uint64_t(signExtend(value(in.b), in.aux) * in.imm);
            if (shadows)
                shadows[in.dst] = RegisterShadow::any(shadow(in.a), shadow(in.b), {});
            ++f.pc;
            break;
        case Opcode::Load: {
            const std::uint64_t address = value(in.a) + std::uint64_t(in.imm);
            if (shadows)
                m_uninit.use(state, t, shadow(in.a), MessageKind::LoadAddress);
            const bool atomic = in.aux & program::kAtomicAccess;
            const std::uint8_t *bytes =
                state.memory.read(address, in.size, std::uint64_t{1} << (in.aux & ~program::kAtomicAccess), fault);
            if (!bytes)
                return m_faults.memoryFault(t, fault), false;
            if (m_pure.recording()) [[unlikely]]
                atomic ? m_pure.abandon() : notePureAccess(state, address, false);
            const bool event = t.accessGranted;
            if (const Continuation n = visibleAccess(state, t, address, in.size, false); n != Continuation::Continue)
                return n == Continuation::Stop;
            if (atomic)
                m_races.noteAtomic(state, t, address, in.size, false);
            if (!m_races.check(state, t, address, in.size, false, atomic || t.sectionDepth > 0))
                return false;
            regs[in.dst] = loadValue(bytes, in.size, in.width);
            if (t.stack.tracksUndefined) {
                const RegisterShadow loaded = state.memory.shadowOf(address, in.size);
                if (Tracked || loaded.bits) {
                    t.stack.holdsUndefined = true; // untracked: the rest of the run keeps shadows
                    t.stack.shadows[f.base + in.dst] = loaded.withBits(loaded.bits & widthMask(in.width));
                }
            }
            if (t.spin.clean)
                m_spins.noteRead(t, address, in.size, regs[in.dst], event, atomic);
            ++f.pc;
            if (!Tracked && t.stack.holdsUndefined)
                return runInstructions<true>(state, t, pauseBefore, false);
            break;
        }
        case Opcode::Store: {
            const std::uint64_t address = value(in.b) + std::uint64_t(in.imm);
            if (shadows)
                m_uninit.use(state, t, shadow(in.b), MessageKind::StoreAddress);
            const bool atomic = in.aux & program::kAtomicAccess;
            std::uint8_t *bytes =
                state.memory.write(address, in.size, std::uint64_t{1} << (in.aux & ~program::kAtomicAccess), fault);
            if (!bytes)
                return m_faults.memoryFault(t, fault), false;
            if (m_pure.recording()) [[unlikely]]
                atomic ? m_pure.abandon() : notePureAccess(state, address, true);
            if (const Continuation n = visibleAccess(state, t, address, in.size, true); n != Continuation::Continue)
                return n == Continuation::Stop;
            if (atomic)
                m_races.noteAtomic(state, t, address, in.size, true);
            if (!m_races.check(state, t, address, in.size, true, atomic || t.sectionDepth > 0))
                return false;
            const std::uint64_t v = value(in.a);
            if (in.size == 8)
                m_shared.markEscaped(state, v);
            // The value already there, defined as before: no change, for a loop that chooses (SpinDetector).
            const bool same = t.spin.clean && std::memcmp(bytes, &v, in.size) == 0 &&
                              !(t.stack.tracksUndefined &&
                                ((shadows && shadow(in.a).bits) || state.memory.shadowOf(address, in.size).bits));
            std::memcpy(bytes, &v, in.size);
            if (shadows && shadow(in.a).bits) // the value stored was never defined: neither is its copy
                state.memory.markUndefined(address, in.size, shadow(in.a));
            if (same)
                m_spins.noteSameStore(t, address, in.size, v, false);
            else
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
                               english(MessageKind::StackTooLarge, {std::to_string(size)}));
                return false;
            }
            const std::uint64_t site = (std::uint64_t(f.function) << 32) | f.pc;
            auto p = state.memory.allocate(program::threadOwner(t.id), ObjectKind::Stack, size, site, fault,
                                           t.stack.tracksUndefined);
            if (!p)
                return m_faults.memoryFault(t, fault), false;
            if (m_pure.recording()) [[unlikely]]
                m_pure.noteAllocation(size, site);
            t.stack.locals.push_back(*p);
            t.stack.registers[f.base + in.dst] = *p; // push_back above does not move registers
            if (shadows)
                shadows[in.dst] = {};
            t.spin.clean = false;
            t.wakeAnchor.quiet = false;
            ++f.pc;
            break;
        }
        case Opcode::AtomicRmw:
        case Opcode::CmpXchg: {
            const std::uint64_t address = value(in.a);
            if (shadows)
                m_uninit.use(state, t, shadow(in.a), MessageKind::AtomicAddress);
            std::uint8_t *bytes = state.memory.write(address, in.size, in.size, fault);
            if (!bytes)
                return m_faults.memoryFault(t, fault), false;
            m_pure.abandon();
            // A compare-exchange is a write event even when it fails: whether it fails depends on
            // which write it reads, but an event's action must follow from its thread's history.
            // Treating the failed ones as writes only adds dependence (never loses a trace).
            const bool event = t.accessGranted;
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
            m_races.noteAtomic(state, t, address, in.size, in.op == Opcode::AtomicRmw || regs[in.dst + 1] != 0);
            if (m_options.races != RaceMode::Ignore)
                state.races.acquire(state.threadIndex[t.id], address); // the read half of the RMW
            if (!m_races.check(state, t, address, in.size, in.op == Opcode::AtomicRmw || regs[in.dst + 1] != 0, true))
                return false;
            if (in.size == 8)
                m_shared.markEscaped(state, next);
            std::memcpy(bytes, &next, in.size);
            regs[in.dst] = old;
            if (shadows) {
                shadows[in.dst] = {};
                if (in.op == Opcode::CmpXchg)
                    shadows[in.dst + 1] = {};
            }
            // One that left the memory as it was (a failed compare-exchange, an exchange of the value
            // already there: a spin lock's busy test) is a read for the spin rule: deleting it from an
            // execution changes no thread's state, since whoever read it sees the same value
            // (engine/unfolding/README.md "Spin loops and awaits").
            if (next == old && t.spin.clean)
                m_spins.noteRead(t, address, in.size, old, event, true);
            else
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
            if (shadows)
                m_uninit.use(state, t, shadow(in.a).withBits(shadow(in.a).bits & 1), MessageKind::TheBranch);
            if (const Continuation n = jumpTo((value(in.a) & 1) ? std::uint32_t(in.imm) : in.dst);
                n != Continuation::Continue)
                return n == Continuation::Stop;
            break;
        case Opcode::Switch: {
            const std::uint64_t v = value(in.a);
            if (shadows)
                m_uninit.use(state, t, shadow(in.a), MessageKind::TheSwitch);
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
            if (shadows) {
                m_shadowScratch.clear();
                for (std::uint32_t i = in.b; i < in.b + in.c; ++i)
                    m_shadowScratch.push_back(shadow(fn.moves[i].src));
                for (std::uint32_t i = 0; i < in.c; ++i)
                    shadows[fn.moves[in.b + i].dst] = m_shadowScratch[i];
            }
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
                if (shadows)
                    m_uninit.use(state, t, shadow(in.a), MessageKind::CalledPointer);
                const program::DecodedPointer d = program::decodePointer(value(in.a));
                if (d.owner != program::kFunctionOwner || d.offset != 0 || d.object >= m_program.functions.size()) {
                    m_faults.raise(
                        t, DefectKind::UndefinedBehaviour,
                        english(value(in.a) == 0 ? MessageKind::NullFunctionCall : MessageKind::InvalidFunctionCall,
                                {}));
                    return false;
                }
                callee = d.object;
            }
            const std::optional<Builtin> b =
                in.op == Opcode::CallBuiltin ? std::optional(Builtin(in.imm)) : m_program.functions[callee].builtin;
            // A yield changes nothing: a spin loop may call it (SpinLoops.cpp); any other builtin may,
            // but for a mutex's lock and unlock events (below). The program's own functions are
            // followed: what they do counts as it happens.
            const bool lockCall = b == Builtin::MutexLock || b == Builtin::MutexUnlock || b == Builtin::MutexTrylock;
            // An explored input is a choice event of the thread's own: a loop that chooses is watched too.
            const bool inputChoice =
                b && *b >= Builtin::NondetInt && *b <= Builtin::NondetBool && m_options.nondet == NondetSource::Explore;
            if (b && *b != Builtin::SchedYield && *b != Builtin::PthreadYield && !lockCall && !inputChoice)
                t.spin.clean = false;
            if (!b || *b != Builtin::CondWait)
                t.wakeAnchor.quiet = false;
            if (b) {
                m_pure.noteBuiltin(*b); // a builtin's effects are not the call's own (math.h's numbers aside)
                next = builtin(state, t, *b);
            } else {
                if (m_options.memoisePureCalls && !pauseBefore && answerPureCall(state, t, in, callee))
                    break;
                next = call(state, t, callee);
            }
            if (lockCall && t.spin.clean) {
                // Only a plain lock or unlock event may be part of an iteration that changes nothing: a
                // recursive relock or an error code returned at once is the thread's own state. A
                // trylock event counts once it ran, if it failed (Interpreter::performOnObject).
                const bool event =
                    next == Continuation::Stop && t.followUps.empty() &&
                    (t.pending.kind == ActionKind::MutexLock || t.pending.kind == ActionKind::MutexUnlock ||
                     t.pending.kind == ActionKind::MutexTrylock);
                if (!event)
                    t.spin.clean = false;
                else if (t.pending.kind != ActionKind::MutexTrylock)
                    m_spins.noteLockEvent(t, t.pending);
            }
            if (inputChoice && t.spin.clean) {
                if (next == Continuation::Stop && t.pending.kind == ActionKind::NondetChoice && t.followUps.empty())
                    m_spins.noteChoice(t);
                else
                    t.spin.clean = false;
            }
            if (next == Continuation::Fault)
                return false;
            if (next == Continuation::Stop)
                return true;
            if (!Tracked && t.stack.holdsUndefined) // it entered a function with undefined operands
                return runInstructions<true>(state, t, pauseBefore, false);
            break;
        }
        case Opcode::Ret: {
            // Returning from a function called within the iteration leaves the heads' frame as it
            // was; returning from it (or below) leaves the loop.
            if (t.stack.frames.size() <= t.spin.depth)
                t.spin.clean = false;
            t.wakeAnchor.quiet = false;
            const Continuation next = ret(state, t, in);
            if (next == Continuation::Fault)
                return false;
            if (next == Continuation::Stop)
                return true;
            if (m_pure.endsCall(t.stack.frames.size())) [[unlikely]] {
                if (t.stack.holdsUndefined) // it met an undefined value: its run depended on the shadows
                    m_pure.abandon();
                else
                    m_pure.finish(m_scratch, t.steps); // ret() left the values returned in m_scratch
            }
            break;
        }
        case Opcode::NoteCompared: {
            m_pure.abandon(); // what it notes outlives the call
            // An integral value is one an input may equal; no input equals any other.
            const std::uint64_t v = value(in.a);
            if (!(in.aux & program::kComparedDouble)) {
                m_inputComparedValues.insert(signExtend(v & widthMask(in.width), in.width));
            } else if (const double d = asDouble(v); std::trunc(d) == d && std::fabs(d) < 0x1p63) {
                m_inputComparedValues.insert(std::int64_t(d));
            }
            ++f.pc;
            break;
        }
        case Opcode::Unreachable:
            m_faults.raise(t, DefectKind::UndefinedBehaviour, english(MessageKind::Unreachable, {}));
            return false;
        case Opcode::Unsupported: {
            m_pure.abandon();
            if (const auto next = undefinedCall(state, t, in)) {
                if (*next == Continuation::Stop)
                    return true;
                break;
            }
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
            if (shadows) {
                shadows[in.dst] = resultShadow(in, a, b, shadow(in.a), shadow(in.b), shadow(in.c));
                if (in.op == Opcode::Overflow)
                    shadows[in.dst + 1] = shadows[in.dst];
            }
            ++f.pc;
            break;
        }
        }
    }
}

} // namespace weft::interpreter
