// SPDX-License-Identifier: MIT
// pthread calls and exit(): the visible ones (create, join, exit, lock, unlock) are checked here and
// become the thread's pending action; Interpreter::execute performs them. The rest complete at once.
#include "engine/interpreter/Arithmetic.hpp"
#include "engine/interpreter/Stepper.hpp"
#include "engine/interpreter/pthread/MutexType.hpp"
#include "engine/interpreter/pthread/ThreadAttributes.hpp"

#include <cstring>

namespace weft::interpreter {

using program::Builtin;

namespace {

/// sizeof(pthread_mutex_t) and its alignment on x86_64 glibc.
constexpr std::uint64_t kMutexSize = 40;
constexpr std::uint64_t kMutexAlignment = 8;

} // namespace

Stepper::Next Stepper::pthread(InterpreterState &state, ThreadState &t, Builtin b, std::uint64_t &result) {
    MemoryFault fault;
    auto arg = [&](std::size_t i) { return i < m_args.size() ? m_args[i] : 0; };
    auto checkMutex = [&](std::uint64_t m) { return state.memory.read(m, kMutexSize, kMutexAlignment, fault) != nullptr; };
    switch (b) {
    case Builtin::PthreadCreate: {
        const program::DecodedPointer routine = program::decodePointer(arg(2));
        if (routine.owner != program::kFunctionOwner || routine.offset != 0 ||
            routine.object >= m_program.functions.size() || !m_program.functions[routine.object].isDefined()) {
            raise(t, DefectKind::UndefinedBehaviour, "pthread_create: the start routine is not a function of the program");
            return Next::Fault;
        }
        if (!state.memory.write(arg(0), 8, 8, fault))
            return memoryFault(t, fault);
        const ThreadId child = m_naming->childOf(t.id, t.created++);
        if (child >= program::kMaxThreadOwners) {
            raise(t, DefectKind::StepBound, "too many threads for the interpreter's memory layout");
            return Next::Fault;
        }
        markEscaped(state, arg(3)); // the start routine's argument is now reachable by the new thread
        t.pending = Action{ActionKind::ThreadCreate, t.id, child};
        return Next::Stop;
    }
    case Builtin::PthreadJoin:
        if (arg(1) != 0 && !state.memory.write(arg(1), 8, 8, fault))
            return memoryFault(t, fault);
        if (const ThreadState *joined = arg(0) < kNoThread ? state.find(ThreadId(arg(0))) : nullptr;
            joined && joined->detached) {
            raise(t, DefectKind::ModelViolation,
                  "pthread_join of T" + std::to_string(arg(0)) + ", which was created detached");
            return Next::Fault;
        }
        t.pending = Action{ActionKind::ThreadJoin, t.id, arg(0)};
        return Next::Stop;
    case Builtin::PthreadExit:
        t.exitValue = arg(0);
        t.pending = Action{ActionKind::ThreadExit, t.id, 0};
        return Next::Stop;
    case Builtin::Exit: {
        const std::int64_t status = signExtend(arg(0) & 0xFFFFFFFFu, 32);
        if (status != 0 && !m_options.svcompSemantics) {
            raise(t, DefectKind::ExitCode, "exited with status " + std::to_string(status));
            return Next::Fault;
        }
        t.callsExit = true;
        t.pending = Action{ActionKind::ThreadExit, t.id, 0};
        return Next::Stop;
    }
    case Builtin::MutexLock:
    case Builtin::MutexUnlock: {
        if (!checkMutex(arg(0)))
            return memoryFault(t, fault);
        // A thread's own holds are its own business: relocking a recursive mutex, unlocking one
        // held more than once and the errors of error-checking mutexes need no other thread.
        const std::uint32_t type = mutexType(state, arg(0));
        const bool mine = state.ownerOf(arg(0)) == t.id;
        if (type == kRecursive && mine) {
            std::uint32_t &extra = state.relocks[arg(0)];
            if (b == Builtin::MutexLock || extra > 0) {
                b == Builtin::MutexLock ? ++extra : --extra;
                result = 0;
                return Next::Continue;
            }
        }
        if (type == kErrorCheck && mine && b == Builtin::MutexLock) {
            result = kEdeadlk;
            return Next::Continue;
        }
        if ((type == kErrorCheck || type == kRecursive) && !mine && b == Builtin::MutexUnlock) {
            result = kEperm;
            return Next::Continue;
        }
        t.pending = Action{b == Builtin::MutexLock ? ActionKind::MutexLock : ActionKind::MutexUnlock, t.id, arg(0)};
        return Next::Stop;
    }
    case Builtin::MutexInit: {
        std::uint32_t type = kNormal;
        if (arg(1) != 0) {
            const std::uint8_t *attr = state.memory.read(arg(1), kMutexAttrSize, 4, fault);
            if (!attr)
                return memoryFault(t, fault);
            std::memcpy(&type, attr, 4);
        }
        std::uint8_t *bytes = state.memory.write(arg(0), kMutexSize, kMutexAlignment, fault);
        if (!bytes)
            return memoryFault(t, fault);
        std::memset(bytes, 0, kMutexSize);
        std::memcpy(bytes + kMutexKindOffset, &type, 4);
        result = 0;
        return Next::Continue;
    }
    case Builtin::MutexAttrInit:
    case Builtin::MutexAttrSetType: {
        const std::uint32_t type = b == Builtin::MutexAttrInit ? kNormal : std::uint32_t(arg(1));
        if (type > kAdaptive) {
            result = kEinval;
            return Next::Continue;
        }
        std::uint8_t *attr = state.memory.write(arg(0), kMutexAttrSize, 4, fault);
        if (!attr)
            return memoryFault(t, fault);
        std::memcpy(attr, &type, 4);
        result = 0;
        return Next::Continue;
    }
    case Builtin::MutexAttrGetType: {
        const std::uint8_t *attr = state.memory.read(arg(0), kMutexAttrSize, 4, fault);
        std::uint8_t *out = attr ? state.memory.write(arg(1), 4, 4, fault) : nullptr;
        if (!out)
            return memoryFault(t, fault);
        std::memmove(out, attr, 4);
        result = 0;
        return Next::Continue;
    }
    case Builtin::MutexDestroy:
        if (!checkMutex(arg(0)))
            return memoryFault(t, fault);
        if (state.ownerOf(arg(0)) != kNoThread) {
            raise(t, DefectKind::UndefinedBehaviour, "pthread_mutex_destroy of a locked mutex");
            return Next::Fault;
        }
        result = 0;
        return Next::Continue;
    case Builtin::AttrInit:
    case Builtin::AttrSetDetachState: {
        // Weft's layout of pthread_attr_t: the detach state at kAttrDetachOffset, the rest unused.
        const std::uint32_t detach = b == Builtin::AttrInit ? 0 : std::uint32_t(arg(1));
        if (detach > 1) {
            result = 22; // EINVAL
            return Next::Continue;
        }
        std::uint8_t *attr = state.memory.write(arg(0), kAttrSize, 8, fault);
        if (!attr)
            return memoryFault(t, fault);
        if (b == Builtin::AttrInit)
            std::memset(attr, 0, kAttrSize);
        std::memcpy(attr + kAttrDetachOffset, &detach, 4);
        result = 0;
        return Next::Continue;
    }
    case Builtin::AttrGetDetachState: {
        const std::uint8_t *attr = state.memory.read(arg(0), kAttrSize, 8, fault);
        std::uint8_t *out = attr ? state.memory.write(arg(1), 4, 4, fault) : nullptr;
        if (!out)
            return memoryFault(t, fault);
        std::memmove(out, attr + kAttrDetachOffset, 4);
        result = 0;
        return Next::Continue;
    }
    case Builtin::PthreadSelf: result = t.id; return Next::Continue;
    case Builtin::PthreadEqual: result = arg(0) == arg(1); return Next::Continue;
    default: result = 0; return Next::Continue; // attributes, detach, sched_yield, sleep: no effect
    }
}

} // namespace weft::interpreter
