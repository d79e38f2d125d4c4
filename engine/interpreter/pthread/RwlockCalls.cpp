// SPDX-License-Identifier: MIT
// Read-write locks: rdlock, wrlock, their try forms and unlock are events (the timed forms are runtime
// C: a timeout choice, then the try or the blocking form) (engine/unfolding
// README, "Read-write locks"), except a thread's own nested reads and the errors glibc answers at once.
#include "engine/interpreter/LibcDispatcher.hpp"

#include "engine/base/Message.hpp"
#include "engine/interpreter/pthread/MutexType.hpp"
#include "engine/interpreter/pthread/ObjectDestruction.hpp"

#include <algorithm>

namespace weft::interpreter {

using program::Builtin;

namespace {

/// sizeof(pthread_rwlock_t) on x86_64 glibc, 8-byte aligned.
constexpr std::uint64_t kRwlockSize = 56;
constexpr std::uint64_t kAlignment = 8;

/// pthread_rwlock_init: no event. pthread_rwlock_destroy: an event where another thread may use the lock
/// concurrently (a writer-side operation), else the thread's own step.
Continuation initCall(BuiltinCall &c) {
    MemoryFault fault;
    const bool ok = c.builtin == Builtin::RwlockInit ? c.state.memory.write(c.arg(0), kRwlockSize, kAlignment, fault)
                                                     : c.state.memory.read(c.arg(0), kRwlockSize, kAlignment, fault);
    if (!ok)
        return c.memoryFault(fault);
    if (c.builtin == Builtin::RwlockDestroy) {
        if (!c.aloneWithItsPast() && c.thread.sectionDepth == 0)
            return c.stopAt(c.action(ActionKind::RwDestroy, c.arg(0)));
        return destroyInPlace(c, ActionKind::RwDestroy);
    }
    if (c.state.objectDestroys > 0)
        markDestroyedObject(c.state, c.arg(0), SyncObjectKind::Rwlock, false);
    return c.returns(0);
}

Continuation lockCall(BuiltinCall &c) {
    const Builtin b = c.builtin;
    ThreadState &t = c.thread;
    MemoryFault fault;
    const std::uint64_t lock = c.arg(0);
    if (!c.state.memory.read(lock, kRwlockSize, kAlignment, fault))
        return c.memoryFault(fault);
    const SyncObjectState &s = c.state.object(lock);
    const bool writing = s.owner == t.id;
    const bool reading = std::binary_search(s.readers.begin(), s.readers.end(), t.id);
    const bool tries = b == Builtin::RwlockTryrdlock || b == Builtin::RwlockTrywrlock;
    switch (b) {
    case Builtin::RwlockUnlock:
        if (writing)
            return c.stopAt(c.action(ActionKind::RwWrunlock, lock));
        if (!reading)
            return c.fail(DefectKind::UndefinedBehaviour, english(MessageKind::RwUnlockNotHeld, {}));
        if (auto nested = t.nestedReads.find(lock); nested != t.nestedReads.end()) {
            if (--nested->second == 0)
                t.nestedReads.erase(nested);
            return c.returns(0);
        }
        return c.stopAt(c.action(ActionKind::RwRdunlock, lock));
    case Builtin::RwlockRdlock:
    case Builtin::RwlockTryrdlock:
        // The writer's own read lock: glibc answers EDEADLK (EBUSY for the try). A reader may lock
        // again at once (no writer can hold the lock meanwhile): no event.
        if (writing)
            return c.returns(tries ? kEbusyErrno : kEdeadlk);
        if (reading) {
            ++t.nestedReads[lock];
            return c.returns(0);
        }
        return c.stopAt(c.action(tries ? ActionKind::RwTryrdlock : ActionKind::RwRdlock, lock));
    default:
        // The writer locking again: EDEADLK (EBUSY for the try). A reader asking for the write lock
        // waits for itself, as with glibc: the thread stays blocked.
        if (writing)
            return c.returns(tries ? kEbusyErrno : kEdeadlk);
        return c.stopAt(c.action(tries ? ActionKind::RwTrywrlock : ActionKind::RwWrlock, lock));
    }
}

/// Read-write lock attributes: no effect.
Continuation noEffect(BuiltinCall &c) { return c.returns(0); }

} // namespace

void addRwlockCalls(LibcDispatcher &table) {
    table.add(Builtin::RwlockInit, &initCall);
    table.add(Builtin::RwlockDestroy, &initCall);
    for (Builtin b : {Builtin::RwlockRdlock, Builtin::RwlockTryrdlock, Builtin::RwlockWrlock, Builtin::RwlockTrywrlock,
                      Builtin::RwlockUnlock})
        table.add(b, &lockCall);
    table.add(Builtin::RwlockAttrOther, &noEffect);
}

} // namespace weft::interpreter
