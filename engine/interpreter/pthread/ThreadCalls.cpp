// SPDX-License-Identifier: MIT
// pthread calls and exit(): the visible ones (create, join, exit, lock, unlock) are checked here and
// become the thread's pending action; Interpreter::execute performs them. The rest complete at once.
#include "engine/interpreter/Arithmetic.hpp"
#include "engine/interpreter/Stepper.hpp"

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
        t.pending = Action{ActionKind::ThreadCreate, t.id, child};
        return Next::Stop;
    }
    case Builtin::PthreadJoin:
        if (arg(1) != 0 && !state.memory.write(arg(1), 8, 8, fault))
            return memoryFault(t, fault);
        t.pending = Action{ActionKind::ThreadJoin, t.id, arg(0)};
        return Next::Stop;
    case Builtin::PthreadExit:
        t.exitValue = arg(0);
        t.pending = Action{ActionKind::ThreadExit, t.id, 0};
        return Next::Stop;
    case Builtin::Exit: {
        const std::int64_t status = signExtend(arg(0) & 0xFFFFFFFFu, 32);
        if (status != 0) {
            raise(t, DefectKind::ExitCode, "exited with status " + std::to_string(status));
            return Next::Fault;
        }
        t.callsExit = true;
        t.pending = Action{ActionKind::ThreadExit, t.id, 0};
        return Next::Stop;
    }
    case Builtin::MutexLock:
    case Builtin::MutexUnlock:
        if (!checkMutex(arg(0)))
            return memoryFault(t, fault);
        t.pending = Action{b == Builtin::MutexLock ? ActionKind::MutexLock : ActionKind::MutexUnlock, t.id, arg(0)};
        return Next::Stop;
    case Builtin::MutexInit:
        if (!state.memory.write(arg(0), kMutexSize, kMutexAlignment, fault))
            return memoryFault(t, fault);
        result = 0;
        return Next::Continue;
    case Builtin::MutexDestroy:
        if (!checkMutex(arg(0)))
            return memoryFault(t, fault);
        if (state.ownerOf(arg(0)) != kNoThread) {
            raise(t, DefectKind::UndefinedBehaviour, "pthread_mutex_destroy of a locked mutex");
            return Next::Fault;
        }
        result = 0;
        return Next::Continue;
    case Builtin::PthreadSelf: result = t.id; return Next::Continue;
    case Builtin::PthreadEqual: result = arg(0) == arg(1); return Next::Continue;
    default: result = 0; return Next::Continue; // attributes, detach, sched_yield, sleep: no effect
    }
}

} // namespace weft::interpreter
