// SPDX-License-Identifier: MIT
// The scheduler: drives a Machine under a Schedule (replay, then lowest-runnable-thread-first free mode with
// sleep sets; docs/algorithms.md, "Run-to-completion loop") and reports deadlocks and sleep-set blocking.
// Owns the ThreadNaming of its exploration; single-threaded.
#pragma once

#include "engine/action/ThreadNaming.hpp"
#include "engine/execution/Executor.hpp"
#include "engine/execution/Machine.hpp"

#include <functional>

namespace weft {

class ScheduledExecutor final : public Executor {
public:
    explicit ScheduledExecutor(Machine &machine, ExecutionLimits limits = {})
        : m_machine(machine), m_limits(limits) {}

    Execution run(const Schedule &schedule) override;
    ThreadNaming &naming() override { return m_naming; }
    void setInterrupt(Interrupt *interrupt) override { m_interrupt = interrupt; }

    /// Called just before each action is performed, while the machine still stands before it (so a
    /// debugger or a trace printer can ask the machine where the thread is). Empty: no call.
    void setBeforeAction(std::function<void(const Action &)> hook) { m_beforeAction = std::move(hook); }

private:
    Machine &m_machine;
    ExecutionLimits m_limits;
    ThreadNaming m_naming;
    Interrupt *m_interrupt = nullptr;
    std::function<void(const Action &)> m_beforeAction;
};

/// "T2 waits for lock m1", "T0 waits to join T3", ... for deadlock reports (objects named by `machine`).
std::string describeBlocked(const BlockedThread &blocked, const Machine &machine);

} // namespace weft
