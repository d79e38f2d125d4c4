// SPDX-License-Identifier: MIT
// Weft's interpreter as a Machine: runs a lowered Program deterministically on the calling thread,
// one visible action at a time. All state is one InterpreterState value (snapshot = copy). Single-threaded.
#pragma once

#include "engine/execution/Machine.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"
#include "engine/interpreter/InterpreterState.hpp"
#include "engine/interpreter/Stepper.hpp"
#include "engine/program/Program.hpp"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace weft::interpreter {

/// One frame of a thread's call stack as a debugger shows it.
struct FrameLocation {
    std::uint32_t function = 0; ///< index into Program::functions
    std::uint32_t pc = 0;       ///< the instruction it stands on
    program::SourceSpot spot;
};

/// Why Interpreter::runLocal returned.
enum class LocalStop : std::uint8_t {
    AtAction, ///< the thread stands on its next visible action (pending)
    Paused,   ///< the pause condition held before an instruction: the thread stays inside its code
    /// The run's interrupt fired inside the local code (Machine::setInterrupt): the execution ends.
    /// (A defect in local code leaves the thread at its ProgramEnd: AtAction.)
    Interrupted,
};

/// Asked before each instruction of a local run (not the first): true pauses the thread there.
using PauseBefore = std::function<bool(const ThreadState &)>;

class Interpreter final : public Machine {
public:
    /// `program` must outlive the interpreter.
    explicit Interpreter(const program::Program &program, InterpreterOptions options = {});
    Interpreter(const Interpreter &) = delete;
    Interpreter &operator=(const Interpreter &) = delete;

    void restart(ThreadNaming &naming) override;
    std::size_t threadCount() const override { return m_state.threads.size(); }
    ThreadId threadAt(std::size_t index) const override { return m_state.threads[index].id; }
    std::optional<PendingAction> pending(ThreadId t) override;
    void execute(ThreadId t) override;
    std::optional<ProgramFault> fault() const override { return m_fault; }
    std::vector<ProgramFault> takeReports() override { return std::exchange(m_reports, {}); }
    std::vector<std::string> takeWarnings() override { return m_stepper.takeWarnings(); }
    bool hasExitRequested() const override { return m_state.exitRequested; }
    void setInterrupt(Interrupt *interrupt) override { m_stepper.setInterrupt(interrupt); }
    std::string describeObject(ObjectId object) const override;
    void choose(ThreadId t, std::int64_t value) override;
    bool spinsForever(ThreadId t) const override;
    std::optional<Action> spinBlockedLock(ThreadId t) const override;
    ThreadId exitedOwnerOf(ObjectId object) const override;
    ThreadId lockHolderOf(ObjectId object) const override { return m_state.ownerOf(object); }
    bool waitsWithTimeout(ThreadId t) const override {
        const ThreadState *thread = m_state.find(t);
        return thread && thread->timedWait;
    }
    std::string describeSpin(ThreadId t) const override;
    bool reportsLivelocks() const override { return !m_options.livelocksEndSilently; }
    /// sc model: the objects atomic sections touched in every execution so far (pointers to their
    /// first byte, sorted). An exploration is exact when they are all in InterpreterOptions::atomicObjects.
    const std::vector<std::uint64_t> &atomicSectionObjects() const { return m_stepper.sectionObjects(); }
    /// __VERIFIER_nondet_* calls in every execution so far whose every value was not explored.
    std::uint64_t partialNondetCalls() const { return m_stepper.partialNondetCalls(); }
    /// Those only compared for equality, and the values they were compared with (Stepper).
    std::uint64_t equalityNondetCalls() const { return m_stepper.equalityNondetCalls(); }
    const std::set<std::int64_t> &inputComparedValues() const { return m_stepper.inputComparedValues(); }
    std::uint64_t partialUndefinedResults() const { return m_stepper.partialUndefinedResults(); }
    std::uint32_t lastPartialUndefinedCall() const { return m_stepper.lastPartialUndefinedCall(); }
    /// pthread_cond_wait / _timedwait calls in every execution so far that could only wake when
    /// signalled (InterpreterOptions::spuriousWakeups used up or 0).
    std::uint64_t waitsWithoutSpuriousWakeup() const { return m_stepper.waitsWithoutSpuriousWakeup(); }
    /// Calls answered from the results of an earlier one (InterpreterOptions::memoisePureCalls), so far.
    std::uint64_t pureCallHits() const { return m_stepper.pureCallHits(); }

    /// Debugger stepping, in two halves of execute(): performs `t`'s pending action and leaves the
    /// thread inside its local code (true), or returns false when no local code follows (its exit,
    /// the next part of a wait, an invalid action: see fault()).
    bool performAction(ThreadId t);
    /// Runs the local code of `t` (inside, after performAction or a pause) until its next visible
    /// action, a fault, or `pauseBefore` holds before an instruction: "stop at the next line",
    /// "stop at a breakpoint", one instruction at a time. Other threads cannot run meanwhile.
    LocalStop runLocal(ThreadId t, const PauseBefore &pauseBefore = {});
    /// Whether `t` stands inside its local code (between performAction and runLocal's AtAction).
    bool isInside(ThreadId t) const {
        const ThreadState *thread = m_state.find(t);
        return thread && thread->inside;
    }

    /// What the program printed in the current execution.
    const std::string &output() const { return m_state.output; }
    const program::Program &program() const { return m_program; }
    /// The whole mutable state: copy it to snapshot, pass it to restore() to go back.
    const InterpreterState &state() const { return m_state; }
    void restore(const InterpreterState &snapshot);
    /// Machine's checkpoint capability: a copy of state().
    std::unique_ptr<MachineSnapshot> snapshot() const override;
    void snapshotInto(std::unique_ptr<MachineSnapshot> &slot) const override;
    void restore(const MachineSnapshot &snapshot) override;
    std::uint64_t work() const override { return m_state.work; }
    /// Where the last fault was raised (line 0 when it has no source location).
    program::SourceSpot faultSpot() const { return m_faultSpot; }
    /// `t`'s frames, innermost first (empty once it has exited).
    std::vector<FrameLocation> callStack(ThreadId t) const;
    /// Where `t` stands: its innermost frame's spot (line 0 once it has exited). Cheap enough to ask
    /// before every action.
    program::SourceSpot currentSpot(ThreadId t) const;
    /// A readable name for an address: "'m'", "'forks[1]'", "'q.lock'", "heap block allocated at f.c:12:7", ...
    /// `asPointer`: the target of a pointer value, which at an object's first byte is the whole object
    /// ("'counter'"), not its first part (as an action's object is: "'forks[0]'").
    std::string describeAddress(std::uint64_t address, bool asPointer = false) const;

private:
    void buildInitialState();
    /// Whether memory still holds what a spin's read saw there.
    bool stillHolds(const SpinRead &r) const;
    /// The action of `t` is invalid: a model violation, and the action does not happen.
    void violation(ThreadId t, std::string text);
    /// The action of `t` is undefined behaviour (a destroyed or held mutex) that the run goes on past:
    /// a report (Machine::takeReports) at `t`'s current spot.
    void reportUndefined(ThreadId t, std::string text, std::string identity = {});
    void raiseFault(ThreadId t, DefectKind kind, std::string text, bool performed);
    /// Whether the thread's pending action may be its next inside an atomic section (AtomicSections.cpp).
    bool allowedInSection(const ThreadState &thread);
    /// sc: whether `t`'s shared access must wait because another thread ended inside an atomic section that
    /// touched its object (InterpreterState::sectionHolder).
    bool isHeldBySection(ThreadId t, const Action &access) const;
    /// Performs `action`, an operation on a synchronisation object (or a barrier pass), on the
    /// object's SyncObjectState and records what the call returns; false after a violation.
    bool performOnObject(ThreadState &thread, const Action &action);
    /// The happens-before edge `action` adds for the race detector (release / acquire).
    void orderBySynchronisation(const ThreadState &thread, const Action &action, bool succeeded);

    static constexpr std::uint64_t kEbusy = 16;                        ///< EBUSY on Linux
    static constexpr std::uint64_t kBarrierSerialThread = 0xFFFFFFFFu; ///< PTHREAD_BARRIER_SERIAL_THREAD (-1)

    const program::Program &m_program;
    InterpreterOptions m_options;
    Stepper m_stepper;
    InterpreterState m_initial;
    InterpreterState m_state;
    ThreadNaming *m_naming = nullptr;
    std::optional<ProgramFault> m_fault;
    std::vector<ProgramFault> m_reports;
    program::SourceSpot m_faultSpot;
};

} // namespace weft::interpreter
