// SPDX-License-Identifier: MIT
// sem_destroy, pthread_cond_destroy, pthread_barrier_destroy and pthread_rwlock_destroy performed (an
// event where another thread may race with them, else the thread's own step) and the uses of a
// destroyed object (engine/unfolding/README.md, "Destruction of the other objects"). A destroyed object
// carries a mark in its last four bytes, which glibc leaves unused: an init call or an initialiser store
// clears it, as pthread_mutex_init does a destroyed mutex's.
#pragma once

#include "engine/base/Message.hpp"
#include "engine/interpreter/Continuation.hpp"
#include "engine/interpreter/InterpreterState.hpp"

#include <cstring>
#include <optional>
#include <string_view>

namespace weft::interpreter {

/// The mark of a destroyed semaphore, condition variable, barrier or read-write lock.
constexpr std::uint32_t kDestroyedObjectMark = 0xDE57D0EDu;

enum class SyncObjectKind : std::uint8_t { Semaphore, Condition, Barrier, Rwlock };

/// Sizes on x86_64 glibc.
constexpr std::uint64_t objectBytes(SyncObjectKind k) {
    return k == SyncObjectKind::Semaphore   ? 32
           : k == SyncObjectKind::Condition ? 48
           : k == SyncObjectKind::Barrier   ? 32
                                            : 56;
}

/// The object an operation acts on, for the operations a destroyed object's use is checked on
/// (nullopt: a mutex's, an init, or an operation that needs no check).
inline std::optional<SyncObjectKind> checkedObject(ActionKind k) {
    switch (k) {
    case ActionKind::SemWait:
    case ActionKind::SemTrywait:
    case ActionKind::SemPost:
    case ActionKind::SemDestroy: return SyncObjectKind::Semaphore;
    case ActionKind::CondEnqueue:
    case ActionKind::CondSignal:
    case ActionKind::CondBroadcast:
    case ActionKind::CondDestroy: return SyncObjectKind::Condition;
    case ActionKind::BarrierArrive:
    case ActionKind::BarrierDestroy: return SyncObjectKind::Barrier;
    case ActionKind::RwRdlock:
    case ActionKind::RwTryrdlock:
    case ActionKind::RwRdunlock:
    case ActionKind::RwWrlock:
    case ActionKind::RwTrywrlock:
    case ActionKind::RwWrunlock:
    case ActionKind::RwDestroy: return SyncObjectKind::Rwlock;
    default: return std::nullopt;
    }
}

/// The call that performs an operation on one of these objects, for messages.
inline std::string_view objectFunction(ActionKind k) {
    switch (k) {
    case ActionKind::SemWait: return "sem_wait";
    case ActionKind::SemTrywait: return "sem_trywait";
    case ActionKind::SemPost: return "sem_post";
    case ActionKind::SemDestroy: return "sem_destroy";
    case ActionKind::CondEnqueue: return "pthread_cond_wait";
    case ActionKind::CondSignal: return "pthread_cond_signal";
    case ActionKind::CondBroadcast: return "pthread_cond_broadcast";
    case ActionKind::CondDestroy: return "pthread_cond_destroy";
    case ActionKind::BarrierArrive: return "pthread_barrier_wait";
    case ActionKind::BarrierDestroy: return "pthread_barrier_destroy";
    case ActionKind::RwRdlock: return "pthread_rwlock_rdlock";
    case ActionKind::RwTryrdlock: return "pthread_rwlock_tryrdlock";
    case ActionKind::RwWrlock: return "pthread_rwlock_wrlock";
    case ActionKind::RwTrywrlock: return "pthread_rwlock_trywrlock";
    case ActionKind::RwDestroy: return "pthread_rwlock_destroy";
    default: return "pthread_rwlock_unlock";
    }
}

/// "%1 of semaphore %2 after it was destroyed", ...
constexpr MessageKind destroyedUseMessage(SyncObjectKind k) {
    return k == SyncObjectKind::Semaphore   ? MessageKind::DestroyedSemUsed
           : k == SyncObjectKind::Condition ? MessageKind::DestroyedCondUsed
           : k == SyncObjectKind::Barrier   ? MessageKind::DestroyedBarrierUsed
                                            : MessageKind::DestroyedRwlockUsed;
}

/// Whether the object at p was destroyed and not initialised again since (false if unreadable).
inline bool isDestroyedObject(const InterpreterState &state, std::uint64_t p, SyncObjectKind k) {
    MemoryFault fault;
    const std::uint8_t *bytes = state.memory.read(p + objectBytes(k) - 4, 4, 4, fault);
    std::uint32_t mark = 0;
    if (bytes)
        std::memcpy(&mark, bytes, 4);
    return mark == kDestroyedObjectMark;
}

/// Sets (a destroy) or clears (an init, a reported use) the mark of the object at p.
inline void markDestroyedObject(InterpreterState &state, std::uint64_t p, SyncObjectKind k, bool destroyed) {
    MemoryFault fault;
    if (std::uint8_t *bytes = state.memory.write(p + objectBytes(k) - 4, 4, 4, fault)) {
        const std::uint32_t mark = destroyed ? kDestroyedObjectMark : 0;
        std::memcpy(bytes, &mark, 4);
    }
    if (destroyed)
        ++state.objectDestroys;
}

/// What destroying the object at p in state `s` is, if misuse: a condition variable or barrier with
/// waiters, a held read-write lock (the call then returns EBUSY and the object stays as it is). A
/// semaphore's waiters are not part of its state (a blocked sem_wait is no event): none.
inline std::optional<MessageKind> destroyMisuse(const SyncObjectState &s, SyncObjectKind k) {
    switch (k) {
    case SyncObjectKind::Condition:
        return s.waiters.empty() ? std::nullopt : std::optional(MessageKind::DestroyWaitedCond);
    case SyncObjectKind::Barrier:
        return s.arrived == 0 ? std::nullopt : std::optional(MessageKind::DestroyWaitedBarrier);
    case SyncObjectKind::Rwlock:
        return s.owner == kNoThread && s.readers.empty() ? std::nullopt
                                                         : std::optional(MessageKind::DestroyLockedRwlock);
    case SyncObjectKind::Semaphore: break;
    }
    return std::nullopt;
}

struct BuiltinCall;
/// The destroy `kind` (SemDestroy, CondDestroy, BarrierDestroy, RwDestroy) of c.arg(0) as the thread's
/// own step, where no other thread can race with it: the same checks as Interpreter::performOnObject.
Continuation destroyInPlace(BuiltinCall &c, ActionKind kind);

} // namespace weft::interpreter
