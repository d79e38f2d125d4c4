// SPDX-License-Identifier: MIT
// Semaphores, condition variables and barriers: each visible call becomes one or more pending
// actions (t.pending, then t.followUps) that Interpreter::execute performs with the SyncObjectState
// semantics; a destroy no other thread can race with, and pthread_cond_init, complete at once.
#include "engine/action/NondetChoice.hpp"

#include "engine/base/Message.hpp"
#include "engine/interpreter/LibcDispatcher.hpp"
#include "engine/interpreter/pthread/MutexType.hpp"
#include "engine/interpreter/pthread/ObjectDestruction.hpp"

#include <climits>

namespace weft::interpreter {

using program::Builtin;

namespace {

/// Sizes of the objects on x86_64 glibc; all of them are 8-byte aligned.
constexpr std::uint64_t kMutexSize = 40;
constexpr std::uint64_t kSemSize = 32;
constexpr std::uint64_t kCondSize = 48;
constexpr std::uint64_t kBarrierSize = 32;
constexpr std::uint64_t kAlignment = 8;

bool readable(BuiltinCall &c, std::uint64_t p, std::uint64_t size, MemoryFault &fault) {
    return c.state.memory.read(p, size, kAlignment, fault) != nullptr;
}
bool writable(BuiltinCall &c, std::uint64_t p, std::uint64_t size, MemoryFault &fault) {
    return c.state.memory.write(p, size, kAlignment, fault) != nullptr;
}

Continuation semInitCall(BuiltinCall &c) {
    // sem_init(sem, pshared, value): pshared is irrelevant (all threads share one process).
    MemoryFault fault;
    if (!writable(c, c.arg(0), kSemSize, fault))
        return c.memoryFault(fault);
    const std::uint64_t value = c.arg(2) & 0xFFFFFFFFu;
    if (value > std::uint64_t(INT_MAX))
        return c.fail(DefectKind::UndefinedBehaviour, english(MessageKind::SemValueTooLarge, {}));
    return c.stopAt(c.action(ActionKind::SemInit, c.arg(0), std::int64_t(value)));
}

Continuation semCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!readable(c, c.arg(0), kSemSize, fault))
        return c.memoryFault(fault);
    const ActionKind kind = c.builtin == Builtin::SemWait      ? ActionKind::SemWait
                            : c.builtin == Builtin::SemTrywait ? ActionKind::SemTrywait
                                                               : ActionKind::SemPost;
    return c.stopAt(c.action(kind, c.arg(0)));
}

/// pthread_cond_wait (pthread_cond_timedwait is runtime C: a timeout choice, then this or no wait).
Continuation condWaitCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!readable(c, c.arg(0), kCondSize, fault) || !readable(c, c.arg(1), kMutexSize, fault))
        return c.memoryFault(fault);
    // A timeout is a wake-up no signal sent: a spurious one (below), if any are explored.
    std::vector<Action> wait{c.action(ActionKind::CondEnqueue, c.arg(0)), c.action(ActionKind::MutexUnlock, c.arg(1)),
                             c.action(ActionKind::CondWake, c.arg(0)), c.action(ActionKind::MutexLock, c.arg(1))};
    ThreadState &t = c.thread;
    // A repeated wait needs no choice of its own (engine/unfolding/README.md, "Spurious wake-ups").
    if (t.spuriousWakeups >= c.options().spuriousWakeups || t.repeatsSpuriousWakeup()) {
        const Action first = wait.front();
        wait.erase(wait.begin());
        return c.stopAt(first, std::move(wait));
    }
    // First the choice whether this wait wakes up without a signal (Interpreter::performAction drops
    // the enqueue and the wake when it does), as a bool nondet event of the thread.
    t.nondetMask = 1;
    const ObjectId choice = nondetObject(t.id, NondetKind::Bool, c.options().nondetLo, c.options().nondetHi);
    return c.stopAt(Action{ActionKind::NondetChoice, t.id, choice, 0}, std::move(wait));
}

Continuation condSignalCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!readable(c, c.arg(0), kCondSize, fault))
        return c.memoryFault(fault);
    return c.stopAt(
        c.action(c.builtin == Builtin::CondSignal ? ActionKind::CondSignal : ActionKind::CondBroadcast, c.arg(0)));
}

Continuation barrierInitCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!writable(c, c.arg(0), kBarrierSize, fault))
        return c.memoryFault(fault);
    const std::uint64_t count = c.arg(2) & 0xFFFFFFFFu;
    if (count == 0)
        return c.fail(DefectKind::UndefinedBehaviour, english(MessageKind::BarrierCountZero, {}));
    return c.stopAt(c.action(ActionKind::BarrierInit, c.arg(0), std::int64_t(count)));
}

Continuation barrierWaitCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!readable(c, c.arg(0), kBarrierSize, fault))
        return c.memoryFault(fault);
    return c.stopAt(c.action(ActionKind::BarrierArrive, c.arg(0)), {c.action(ActionKind::BarrierPass, c.arg(0))});
}

Continuation condInitCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!writable(c, c.arg(0), kCondSize, fault))
        return c.memoryFault(fault);
    if (c.state.objectDestroys > 0)
        markDestroyedObject(c.state, c.arg(0), SyncObjectKind::Condition, false);
    return c.returns(0);
}

/// sem_destroy, pthread_cond_destroy, pthread_barrier_destroy: an event where another thread may use
/// the object concurrently (Interpreter::performOnObject checks it then), else the thread's own step
/// (engine/unfolding/README.md, "Destruction of the other objects").
Continuation destroyCall(BuiltinCall &c) {
    const ActionKind kind = c.builtin == Builtin::SemDestroy    ? ActionKind::SemDestroy
                            : c.builtin == Builtin::CondDestroy ? ActionKind::CondDestroy
                                                                : ActionKind::BarrierDestroy;
    MemoryFault fault;
    if (!readable(c, c.arg(0), objectBytes(*checkedObject(kind)), fault))
        return c.memoryFault(fault);
    if (!c.aloneWithItsPast() && c.thread.sectionDepth == 0)
        return c.stopAt(c.action(kind, c.arg(0)));
    return destroyInPlace(c, kind);
}

/// Condition variable attributes: no effect.
Continuation noEffect(BuiltinCall &c) { return c.returns(0); }

} // namespace

Continuation destroyInPlace(BuiltinCall &c, ActionKind kind) {
    // Undefined behaviour is reported and the run goes on, as where the destroy is an event.
    const SyncObjectKind k = *checkedObject(kind);
    FaultReporter &faults = c.services.faults;
    if (c.state.objectDestroys > 0 && isDestroyedObject(c.state, c.arg(0), k)) {
        faults.raise(c.thread, DefectKind::UndefinedBehaviour,
                     english(destroyedUseMessage(k),
                             {std::string(objectFunction(kind)), faults.describeAddress(c.state, c.arg(0))}));
        faults.reportRaised();
    } else if (const std::optional<MessageKind> misuse = destroyMisuse(c.state.object(c.arg(0)), k)) {
        faults.raise(c.thread, DefectKind::UndefinedBehaviour, english(*misuse, {}));
        faults.reportRaised();
        return c.returns(kEbusyErrno);
    }
    markDestroyedObject(c.state, c.arg(0), k, true);
    return c.returns(0);
}

void addSyncCalls(LibcDispatcher &table) {
    table.add(Builtin::SemInit, &semInitCall);
    for (Builtin b : {Builtin::SemWait, Builtin::SemTrywait, Builtin::SemPost})
        table.add(b, &semCall);
    table.add(Builtin::CondWait, &condWaitCall);
    table.add(Builtin::CondSignal, &condSignalCall);
    table.add(Builtin::CondBroadcast, &condSignalCall);
    table.add(Builtin::BarrierInit, &barrierInitCall);
    table.add(Builtin::BarrierWait, &barrierWaitCall);
    table.add(Builtin::CondInit, &condInitCall);
    for (Builtin b : {Builtin::SemDestroy, Builtin::CondDestroy, Builtin::BarrierDestroy})
        table.add(b, &destroyCall);
    table.add(Builtin::CondAttrInit, &noEffect);
    table.add(Builtin::CondAttrDestroy, &noEffect);
}

} // namespace weft::interpreter
