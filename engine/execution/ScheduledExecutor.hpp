// SPDX-License-Identifier: MIT
// The scheduler: drives a Machine under a Schedule (replay, then lowest-runnable-thread-first free mode with
// sleep sets; docs/algorithms.md, "Run-to-completion loop") and reports deadlocks and sleep-set blocking.
// Owns the ThreadNaming of its exploration; single-threaded.
#pragma once

#include "engine/action/ThreadNaming.hpp"
#include "engine/execution/Executor.hpp"
#include "engine/execution/Machine.hpp"
#include "engine/execution/ReplayCheckpoints.hpp"

#include <functional>

namespace weft {

class ScheduledExecutor final : public Executor {
public:
    /// Actions each thread may still perform once a free-mode run has reached ExecutionLimits::maxActions.
    static constexpr std::size_t kDrainTurn = 64;

    explicit ScheduledExecutor(Machine &machine, ExecutionLimits limits = {})
        : m_machine(machine), m_limits(limits) {}

    /// Resumes from a checkpoint of the previous run inside the prefix the two share, when the machine
    /// can copy its state (Machine::snapshot); the result is the same as a run from the start.
    Execution run(const Schedule &schedule) override;
    ThreadNaming &naming() override { return m_naming; }
    void setInterrupt(Interrupt *interrupt) override {
        m_interrupt = interrupt;
        m_machine.setInterrupt(interrupt);
    }
    std::string describeObject(ObjectId object) const override { return m_machine.describeObject(object); }

    /// Called just before each action is performed, while the machine still stands before it (so a
    /// debugger or a trace printer can ask the machine where the thread is). Empty: no call.
    /// Checkpoints are off while a hook is set (it must see every action).
    void setBeforeAction(std::function<void(const Action &)> hook) { m_beforeAction = std::move(hook); }
    /// Whether runs may resume from checkpoints (on by default), and their budget; off: every run
    /// starts over.
    void setCheckpoints(bool on, ReplayCheckpoints::Limits limits = {});
    /// Runs that resumed from a checkpoint instead of starting over.
    std::uint64_t resumedRuns() const { return m_resumedRuns; }

private:
    /// How many steps of `schedule` the previous run performed in the same way.
    std::size_t sharedPrefix(const Schedule &schedule) const;
    Execution runFrom(const Schedule &schedule, std::size_t sharedSteps);

    Machine &m_machine;
    ExecutionLimits m_limits;
    ThreadNaming m_naming;
    Interrupt *m_interrupt = nullptr;
    std::function<void(const Action &)> m_beforeAction;
    bool m_useCheckpoints = true;
    ReplayCheckpoints m_checkpoints;
    std::vector<Action> m_lastActions; ///< the previous run's, with its reports: a resumed run's prefix
    std::vector<std::pair<std::size_t, ProgramFault>> m_lastReports;
    std::uint64_t m_resumedRuns = 0;
};

/// "T2 waits for lock m1", "T0 waits to join T3", ... for deadlock reports (objects named by `machine`).
std::string describeBlocked(const BlockedThread &blocked, const Machine &machine);

} // namespace weft
