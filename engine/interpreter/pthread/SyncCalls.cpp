// SPDX-License-Identifier: MIT
// pthread_mutex_trylock, semaphores, condition variables and barriers: each visible call becomes
// one or more pending actions (t.pending, then t.followUps) that Interpreter::execute performs with
// the SyncObjectState semantics; the init/destroy calls without an event complete at once.
#include "engine/interpreter/Stepper.hpp"
#include "engine/interpreter/pthread/MutexType.hpp"

#include <algorithm>
#include <climits>

namespace weft::interpreter {

using program::Builtin;

namespace {

/// Sizes of the objects on x86_64 glibc; all of them are 8-byte aligned.
constexpr std::uint64_t kMutexSize = 40;
constexpr std::uint64_t kSemSize = 32;
constexpr std::uint64_t kCondSize = 48;
constexpr std::uint64_t kBarrierSize = 32;
constexpr std::uint64_t kRwlockSize = 56;
constexpr std::uint64_t kTimespecSize = 16;
constexpr std::uint64_t kAlignment = 8;

} // namespace

Stepper::Next Stepper::sync(InterpreterState &state, ThreadState &t, Builtin b,
                            std::uint64_t &result) {
    MemoryFault fault;
    auto arg = [&](std::size_t i) { return i < m_args.size() ? m_args[i] : 0; };
    auto readable = [&](std::uint64_t p, std::uint64_t size) {
        return state.memory.read(p, size, kAlignment, fault) != nullptr;
    };
    auto writable = [&](std::uint64_t p, std::uint64_t size) {
        return state.memory.write(p, size, kAlignment, fault) != nullptr;
    };
    // The call's actions: `first` is pending now, the others follow before the call returns.
    auto visible = [&](Action first, std::vector<Action> then = {}) {
        t.pending = first;
        t.followUps = std::move(then);
        return Next::Stop;
    };
    auto action = [&](ActionKind kind, std::uint64_t object, std::int64_t value = 0) {
        return Action{kind, t.id, object, value};
    };
    switch (b) {
    case Builtin::MutexTrylock:
        if (!readable(arg(0), kMutexSize))
            return memoryFault(t, fault);
        if (state.ownerOf(arg(0)) == t.id && mutexType(state, arg(0)) != kNormal) {
            // The owner's own trylock: a recursive mutex is held once more, an error-checking one is busy.
            const bool recursive = mutexType(state, arg(0)) == kRecursive;
            if (recursive)
                ++state.relocks[arg(0)];
            result = recursive ? 0 : kEbusyErrno;
            return Next::Continue;
        }
        return visible(action(ActionKind::MutexTrylock, arg(0)));
    case Builtin::SemInit: {
        // sem_init(sem, pshared, value): pshared is irrelevant (all threads share one process).
        if (!writable(arg(0), kSemSize))
            return memoryFault(t, fault);
        const std::uint64_t value = arg(2) & 0xFFFFFFFFu;
        if (value > std::uint64_t(INT_MAX)) {
            raise(t, DefectKind::UndefinedBehaviour, "sem_init: the value exceeds SEM_VALUE_MAX");
            return Next::Fault;
        }
        return visible(action(ActionKind::SemInit, arg(0), std::int64_t(value)));
    }
    case Builtin::SemWait:
    case Builtin::SemTrywait:
    case Builtin::SemPost: {
        if (!readable(arg(0), kSemSize))
            return memoryFault(t, fault);
        const ActionKind kind = b == Builtin::SemWait      ? ActionKind::SemWait
                                : b == Builtin::SemTrywait ? ActionKind::SemTrywait
                                                           : ActionKind::SemPost;
        return visible(action(kind, arg(0)));
    }
    case Builtin::CondWait:
    case Builtin::CondTimedwait: // never times out: a timeout is a wake-up no signal sent
        if (!readable(arg(0), kCondSize) || !readable(arg(1), kMutexSize))
            return memoryFault(t, fault);
        return visible(action(ActionKind::CondEnqueue, arg(0)),
                       {action(ActionKind::MutexUnlock, arg(1)),
                        action(ActionKind::CondWake, arg(0)),
                        action(ActionKind::MutexLock, arg(1))});
    case Builtin::CondSignal:
    case Builtin::CondBroadcast:
        if (!readable(arg(0), kCondSize))
            return memoryFault(t, fault);
        return visible(action(
            b == Builtin::CondSignal ? ActionKind::CondSignal : ActionKind::CondBroadcast, arg(0)));
    case Builtin::BarrierInit: {
        if (!writable(arg(0), kBarrierSize))
            return memoryFault(t, fault);
        const std::uint64_t count = arg(2) & 0xFFFFFFFFu;
        if (count == 0) {
            raise(t, DefectKind::UndefinedBehaviour, "pthread_barrier_init: the count is 0");
            return Next::Fault;
        }
        return visible(action(ActionKind::BarrierInit, arg(0), std::int64_t(count)));
    }
    case Builtin::BarrierWait:
        if (!readable(arg(0), kBarrierSize))
            return memoryFault(t, fault);
        return visible(action(ActionKind::BarrierArrive, arg(0)),
                       {action(ActionKind::BarrierPass, arg(0))});
    case Builtin::RwlockInit:
    case Builtin::RwlockDestroy:
        if (!(b == Builtin::RwlockInit ? writable(arg(0), kRwlockSize) : readable(arg(0), kRwlockSize)))
            return memoryFault(t, fault);
        result = 0;
        return Next::Continue;
    case Builtin::RwlockRdlock:
    case Builtin::RwlockTryrdlock:
    case Builtin::RwlockTimedrdlock:
    case Builtin::RwlockWrlock:
    case Builtin::RwlockTrywrlock:
    case Builtin::RwlockTimedwrlock:
    case Builtin::RwlockUnlock: return rwlock(state, t, b, result);
    case Builtin::CondInit:
        if (!writable(arg(0), kCondSize))
            return memoryFault(t, fault);
        result = 0;
        return Next::Continue;
    case Builtin::SemDestroy:
    case Builtin::CondDestroy:
    case Builtin::BarrierDestroy: {
        const std::uint64_t size = b == Builtin::SemDestroy    ? kSemSize
                                   : b == Builtin::CondDestroy ? kCondSize
                                                               : kBarrierSize;
        if (!readable(arg(0), size))
            return memoryFault(t, fault);
        result = 0;
        return Next::Continue;
    }
    default:
        result = 0;
        return Next::Continue; // condition variable attributes: no effect
    }
}

Stepper::Next Stepper::rwlock(InterpreterState &state, ThreadState &t, Builtin b, std::uint64_t &result) {
    MemoryFault fault;
    auto arg = [&](std::size_t i) { return i < m_args.size() ? m_args[i] : 0; };
    const std::uint64_t lock = arg(0);
    if (!state.memory.read(lock, kRwlockSize, kAlignment, fault))
        return memoryFault(t, fault);
    if ((b == Builtin::RwlockTimedrdlock || b == Builtin::RwlockTimedwrlock) &&
        !state.memory.read(arg(1), kTimespecSize, kAlignment, fault))
        return memoryFault(t, fault);
    const SyncObjectState &s = state.object(lock);
    const bool writing = s.owner == t.id;
    const bool reading = std::binary_search(s.readers.begin(), s.readers.end(), t.id);
    const bool tries = b == Builtin::RwlockTryrdlock || b == Builtin::RwlockTrywrlock;
    auto visible = [&](ActionKind kind) {
        t.pending = Action{kind, t.id, lock};
        return Next::Stop;
    };
    switch (b) {
    case Builtin::RwlockUnlock:
        if (writing)
            return visible(ActionKind::RwWrunlock);
        if (!reading) {
            raise(t, DefectKind::UndefinedBehaviour, "pthread_rwlock_unlock: the lock is not held by this thread");
            return Next::Fault;
        }
        if (auto nested = t.nestedReads.find(lock); nested != t.nestedReads.end()) {
            if (--nested->second == 0)
                t.nestedReads.erase(nested);
            result = 0;
            return Next::Continue;
        }
        return visible(ActionKind::RwRdunlock);
    case Builtin::RwlockRdlock:
    case Builtin::RwlockTryrdlock:
    case Builtin::RwlockTimedrdlock:
        // The writer's own read lock: glibc answers EDEADLK (EBUSY for the try). A reader may lock
        // again at once (no writer can hold the lock meanwhile): no event.
        if (writing) {
            result = tries ? kEbusyErrno : kEdeadlk;
            return Next::Continue;
        }
        if (reading) {
            ++t.nestedReads[lock];
            result = 0;
            return Next::Continue;
        }
        return visible(tries ? ActionKind::RwTryrdlock : ActionKind::RwRdlock);
    default:
        // The writer locking again: EDEADLK (EBUSY for the try). A reader asking for the write lock
        // waits for itself, as with glibc: the thread stays blocked.
        if (writing) {
            result = tries ? kEbusyErrno : kEdeadlk;
            return Next::Continue;
        }
        return visible(tries ? ActionKind::RwTrywrlock : ActionKind::RwWrlock);
    }
}

} // namespace weft::interpreter
