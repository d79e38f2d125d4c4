// SPDX-License-Identifier: MIT
// Mutexes and their attributes: lock, unlock and trylock by another thread's rules are visible
// actions; a thread's own holds of recursive and error-checking mutexes are answered at once.
#include "engine/action/NondetChoice.hpp"

#include "engine/base/Message.hpp"
#include "engine/interpreter/LibcDispatcher.hpp"
#include "engine/interpreter/pthread/MutexInitialisation.hpp"

namespace weft::interpreter {

using program::Builtin;

namespace {

/// sizeof(pthread_mutex_t) and its alignment on x86_64 glibc.
constexpr std::uint64_t kMutexSize = 40;
constexpr std::uint64_t kMutexAlignment = 8;

bool readable(BuiltinCall &c, std::uint64_t mutex, MemoryFault &fault) {
    return c.state.memory.read(mutex, kMutexSize, kMutexAlignment, fault) != nullptr;
}

Continuation lockCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!readable(c, c.arg(0), fault))
        return c.memoryFault(fault);
    const bool lock = c.builtin == Builtin::MutexLock;
    // A thread's own holds are its own business: relocking a recursive mutex, unlocking one held
    // more than once and the errors of error-checking mutexes need no other thread.
    const std::uint32_t type = mutexType(c.state, c.arg(0));
    const bool mine = c.state.ownerOf(c.arg(0)) == c.thread.id;
    if (type == kRecursive && mine) {
        std::uint32_t &extra = c.state.relocks[c.arg(0)];
        if (lock || extra > 0) {
            lock ? ++extra : --extra;
            return c.returns(0);
        }
    }
    if (type == kErrorCheck && mine && lock)
        return c.returns(kEdeadlk);
    if ((type == kErrorCheck || type == kRecursive) && !mine && !lock)
        return c.returns(kEperm);
    if (!mine && !lock && c.options().unheldUnlockFails) {
        // Nobody else can give the thread this mutex, so "not held" now is "not held" when the unlock
        // would be performed: no event. The defect stays (a true verdict is not allowed past it).
        FaultReporter &faults = c.services.faults;
        faults.raise(c.thread, DefectKind::ModelViolation,
                     english(MessageKind::UnlockNotHeldGoesOn,
                             {std::to_string(c.thread.id), faults.describeAddress(c.state, c.arg(0))}));
        faults.reportRaised();
        return c.returns(kEperm);
    }
    const Action action = c.action(lock ? ActionKind::MutexLock : ActionKind::MutexUnlock, c.arg(0));
    if (lock && c.options().lockFailures && c.currentInstruction().aux == program::kLockResultUsed) {
        // First the choice whether it fails (Interpreter::performAction), as a bool nondet event.
        c.thread.choosesLockFailure = true;
        c.thread.nondetMask = 1;
        const ObjectId choice = nondetObject(c.thread.id, NondetKind::Bool, c.options().nondetLo, c.options().nondetHi);
        return c.stopAt(Action{ActionKind::NondetChoice, c.thread.id, choice, 0}, {action});
    }
    return c.stopAt(action);
}

Continuation trylockCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!readable(c, c.arg(0), fault))
        return c.memoryFault(fault);
    if (c.state.ownerOf(c.arg(0)) == c.thread.id && mutexType(c.state, c.arg(0)) != kNormal) {
        // The owner's own trylock: a recursive mutex is held once more, an error-checking one is busy.
        const bool recursive = mutexType(c.state, c.arg(0)) == kRecursive;
        if (recursive)
            ++c.state.relocks[c.arg(0)];
        return c.returns(recursive ? 0 : kEbusyErrno);
    }
    return c.stopAt(c.action(ActionKind::MutexTrylock, c.arg(0)));
}

Continuation initCall(BuiltinCall &c) {
    MemoryFault fault;
    std::uint32_t type = kNormal;
    if (c.arg(1) != 0) {
        const std::uint8_t *attr = c.state.memory.read(c.arg(1), kMutexAttrSize, 4, fault);
        if (!attr)
            return c.memoryFault(fault);
        std::memcpy(&type, attr, 4);
    }
    if (!c.state.memory.write(c.arg(0), kMutexSize, kMutexAlignment, fault))
        return c.memoryFault(fault);
    // The thread's own step, never an event (engine/unfolding/README.md, "Mutex initialisation"). Where
    // another thread may use the mutex concurrently, the uses that follow check that they come after
    // it (its stamp, Interpreter::performOnObject); the uses before it are its objects entry.
    std::optional<MutexInitStamp> stamp;
    if (!c.aloneWithItsPast() && !c.thread.stack.empty()) {
        const Frame &f = c.thread.stack.top();
        stamp = MutexInitStamp{c.state.races.now(c.state.threadIndex[c.thread.id]),
                               (std::uint64_t(f.function) << 32) | f.pc};
    }
    const MutexInitOutcome outcome = initialiseMutex(c.state, c.arg(0), type, stamp);
    if (outcome == MutexInitOutcome::WhileLocked || outcome == MutexInitOutcome::AfterUse) {
        // Undefined behaviour, reported; the run goes on (EBUSY for a held mutex, which stays held). One
        // defect per init site with a racing use's report: in another order of the same
        // configuration, the use after the init reports it.
        FaultReporter &faults = c.services.faults;
        faults.raise(c.thread, DefectKind::UndefinedBehaviour,
                     outcome == MutexInitOutcome::WhileLocked
                         ? english(MessageKind::InitLockedMutex, {})
                         : english(MessageKind::InitUsedMutex, {faults.describeAddress(c.state, c.arg(0))}));
        faults.reportRaised(mutexInitIdentity(c.services.program.sourceMap.format(faults.faultSpot())));
    }
    return c.returns(outcome == MutexInitOutcome::WhileLocked ? kEbusyErrno : 0);
}

Continuation destroyCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!readable(c, c.arg(0), fault))
        return c.memoryFault(fault);
    // Where another thread may use the mutex concurrently, the destroy is an event, ordered against
    // that thread's operations (Interpreter::performOnObject checks it then). Where none can (main
    // after joining every thread; inside an atomic section, whose lock would be held), it is the
    // thread's own step, and adds no event (engine/unfolding/README.md, "Mutex destruction").
    if (!c.aloneWithItsPast() && c.thread.sectionDepth == 0)
        return c.stopAt(c.action(ActionKind::MutexDestroy, c.arg(0)));
    // Undefined behaviour is reported and the run goes on, as where the destroy is an event.
    FaultReporter &faults = c.services.faults;
    if (isDestroyedMutex(c.state, c.arg(0))) {
        faults.raise(c.thread, DefectKind::UndefinedBehaviour,
                     english(MessageKind::DestroyedMutexUsed,
                             {"pthread_mutex_destroy", faults.describeAddress(c.state, c.arg(0))}));
        faults.reportRaised();
    } else if (c.state.ownerOf(c.arg(0)) != kNoThread) {
        faults.raise(c.thread, DefectKind::UndefinedBehaviour, english(MessageKind::DestroyLockedMutex, {}));
        faults.reportRaised();
        return c.returns(kEbusyErrno);
    }
    markDestroyedMutex(c.state, c.arg(0));
    return c.returns(0);
}

/// pthread_mutexattr_init and _settype.
Continuation attrSetCall(BuiltinCall &c) {
    const std::uint32_t type = c.builtin == Builtin::MutexAttrInit ? kNormal : std::uint32_t(c.arg(1));
    if (type > kAdaptive)
        return c.returns(kEinval);
    MemoryFault fault;
    std::uint8_t *attr = c.state.memory.write(c.arg(0), kMutexAttrSize, 4, fault);
    if (!attr)
        return c.memoryFault(fault);
    std::memcpy(attr, &type, 4);
    return c.returns(0);
}

Continuation attrGetCall(BuiltinCall &c) {
    MemoryFault fault;
    const std::uint8_t *attr = c.state.memory.read(c.arg(0), kMutexAttrSize, 4, fault);
    std::uint8_t *out = attr ? c.state.memory.write(c.arg(1), 4, 4, fault) : nullptr;
    if (!out)
        return c.memoryFault(fault);
    std::memmove(out, attr, 4);
    return c.returns(0);
}

Continuation attrDestroyCall(BuiltinCall &c) { return c.returns(0); }

} // namespace

void addMutexCalls(LibcDispatcher &table) {
    table.add(Builtin::MutexLock, &lockCall);
    table.add(Builtin::MutexUnlock, &lockCall);
    table.add(Builtin::MutexTrylock, &trylockCall);
    table.add(Builtin::MutexInit, &initCall);
    table.add(Builtin::MutexDestroy, &destroyCall);
    table.add(Builtin::MutexAttrInit, &attrSetCall);
    table.add(Builtin::MutexAttrSetType, &attrSetCall);
    table.add(Builtin::MutexAttrGetType, &attrGetCall);
    table.add(Builtin::MutexAttrDestroy, &attrDestroyCall);
}

} // namespace weft::interpreter
