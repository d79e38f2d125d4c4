// SPDX-License-Identifier: MIT
// The step-wise seam to a program under test: ask each thread for its next visible action, perform
// one. Implemented by the model executor (tests/model) and by the interpreter. The Machine owns all
// program state (so it decides enabledness); the ScheduledExecutor decides who runs. Single-threaded.
#pragma once

#include "engine/action/Action.hpp"
#include "engine/action/ThreadNaming.hpp"
#include "engine/base/DefectKind.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace weft {

class Interrupt;

/// A thread's next visible action and whether the program state allows it now.
struct PendingAction {
    Action action;
    bool enabled = true;
};

/// A defect raised by the program while it ran local code or performed an action.
struct ProgramFault {
    DefectKind kind = DefectKind::AssertionFailure;
    ThreadId thread = kNoThread;
    std::string message;
    /// False when the fault is the action itself being invalid (e.g. unlocking a mutex not held):
    /// the action did not happen and is not part of the execution.
    bool actionPerformed = true;
    /// Two faults with the same kind and identity are one defect; empty: the message is the
    /// identity. (A data race is one defect per pair of source locations, whichever threads.)
    std::string identity{};
    /// Where the defect is, "file:line:column", when the machine knows better than where the
    /// execution ended (a race reported and gone past); empty otherwise.
    std::string location{};
};

/// A copy of a Machine's whole state (Machine::snapshot), opaque to everyone but that machine.
class MachineSnapshot {
public:
    virtual ~MachineSnapshot() = default;
    /// Roughly the bytes it holds, for memory budgets.
    virtual std::size_t bytes() const = 0;
};

/// Protocol: restart(); then repeatedly pending(t) for the threads listed by threadCount/threadAt,
/// and execute(t) for one thread whose pending action is enabled; after each execute, check fault().
/// A new thread's first pending action is ThreadStart; a thread whose code has ended has a pending
/// ThreadExit until it is executed, after which pending() returns nullopt. A thread that faulted in
/// its local code, or called exit(), has a pending ProgramEnd (the fault is raised when it is
/// executed); after a ProgramEnd nothing is enabled.
class Machine {
public:
    virtual ~Machine() = default;

    /// Back to the initial state: only main (ThreadNaming::kMain) exists, pending its ThreadStart.
    /// Child ids come from `naming` (childOf(creator, ordinal)).
    virtual void restart(ThreadNaming &naming) = 0;

    /// Threads created in this execution so far, in creation order.
    virtual std::size_t threadCount() const = 0;
    virtual ThreadId threadAt(std::size_t index) const = 0;

    /// The next visible action of `t`, or nullopt once `t` has exited.
    virtual std::optional<PendingAction> pending(ThreadId t) = 0;

    /// `t`'s pending action is a nondet choice (--nondet explore): make it choose `value` (within its
    /// domain, NondetChoice.hpp) instead of the domain's lowest value. Machines without choices ignore it.
    virtual void choose(ThreadId, std::int64_t) {}

    /// Optional capability (replay from a checkpoint instead of from the start): a copy of the whole
    /// state, between two execute()s; nullptr when the machine cannot copy its state.
    virtual std::unique_ptr<MachineSnapshot> snapshot() const { return nullptr; }
    /// The same into `slot`, which may hold a snapshot no longer needed: a machine may overwrite it
    /// in place (an interpreter's copy then reuses its allocations) or replace it; null when it cannot.
    virtual void snapshotInto(std::unique_ptr<MachineSnapshot> &slot) const { slot = snapshot(); }
    /// How much work the machine has done since restart() (an interpreter: instructions run), so that
    /// the executor takes a snapshot only where re-running would cost more than the copy; 0: unknown.
    virtual std::uint64_t work() const { return 0; }
    /// Back to a state this machine's snapshot() returned, as if the actions that led to it had just
    /// been executed after a restart() with the same naming.
    virtual void restore(const MachineSnapshot &) {}
    /// Performs the enabled pending action of `t`, then runs `t`'s local code up to its next visible
    /// action. An invalid action is not performed: it raises a fault with actionPerformed = false.
    virtual void execute(ThreadId t) = 0;

    /// A defect raised by the last execute (the execution ends there), if any: an invalid action, or
    /// a ProgramEnd's fault.
    virtual std::optional<ProgramFault> fault() const = 0;

    /// Defects the last execute found that do not end the execution (a data race in report mode);
    /// each is handed out once.
    virtual std::vector<ProgramFault> takeReports() { return {}; }
    /// What the machine noticed that is no defect but limits what the exploration covers (an order of atomics
    /// that --model sync does not explore), each once per machine; the explorer lists them as warnings.
    virtual std::vector<std::string> takeWarnings() { return {}; }

    /// The program asked to end (C's return from main; exit() is an ActionKind::ProgramEnd) while
    /// other threads may still run. They keep running, so their interleavings with the exit are explored (an exit
    /// commutes with the other threads' later steps); threads still blocked when nothing can move are then abandoned,
    /// as C's exit abandons them, instead of being reported as a deadlock.
    virtual bool hasExitRequested() const { return false; }

    /// Optional: the run's interrupt (nullptr: none), polled inside long local code too, so that a
    /// loop without visible actions cannot outlive --timeout. When it fires there, execute() returns
    /// in the middle of the thread's local code with no fault: the execution must end (Interrupted).
    virtual void setInterrupt(Interrupt *) {}

    /// A thread whose pending action is AwaitBlocked (a spin loop, README "Spin loops"): whether the
    /// memory its last iteration read still holds what it read, so it would spin forever; false once
    /// another thread has changed some of it (then the run is a cut path: the executions where the
    /// spin reads the change are explored apart).
    virtual bool spinsForever(ThreadId) const { return true; }
    /// A thread whose pending action is AwaitBlocked after polling under a mutex: the lock its next
    /// iteration would wait at, a mutex that iteration locks and another thread holds, reached
    /// before any of its reads has changed; nothing else. When nothing can move, such a thread is
    /// in a deadlock, not a livelock: it can never take that lock.
    virtual std::optional<Action> spinBlockedLock(ThreadId) const { return std::nullopt; }
    /// The thread that holds mutex `object` although it has exited (kNoThread: none, or still
    /// running), for deadlock reports: a lock that waits for it can never be taken.
    virtual ThreadId exitedOwnerOf(ObjectId) const { return kNoThread; }
    /// The thread holding mutex `object` (exited or not), or kNoThread: deadlock reports name it.
    virtual ThreadId lockHolderOf(ObjectId) const { return kNoThread; }
    /// "T1 spins forever at f.c:9:5 waiting for 'flag' = 0 to change", for livelock reports.
    virtual std::string describeSpin(ThreadId t) const { return "T" + std::to_string(t) + " spins forever"; }
    /// Whether threads left spinning forever when nothing can move are a livelock defect (the
    /// debugger), or end the run silently as a cut path, counted as assume-blocked (SV-COMP).
    virtual bool reportsLivelocks() const { return true; }
    /// A blocked thread whose wait has a timeout (a timed wait that chose to wait): when nothing can
    /// move, the run is not a deadlock but a cut path, as the timeout is explored as its other choice.
    virtual bool waitsWithTimeout(ThreadId) const { return false; }

    /// A synchronisation object as the program names it, for messages ("'m'", "'locks[2]'").
    virtual std::string describeObject(ObjectId object) const { return "m" + std::to_string(object); }
};

} // namespace weft
