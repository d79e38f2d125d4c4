// SPDX-License-Identifier: MIT
// The scheduler: drives a Machine under a Schedule (replay, then lowest-runnable-thread-first free
// mode with sleep sets; spec/qpor.md §5.2) and reports deadlocks and sleep-set blocking.
// Owns the ThreadNaming of its exploration; single-threaded.
#pragma once

#include "engine/action/ThreadNaming.hpp"
#include "engine/execution/Executor.hpp"
#include "engine/execution/Machine.hpp"

namespace weft {

class ScheduledExecutor final : public Executor {
public:
    explicit ScheduledExecutor(Machine &machine, ExecutionLimits limits = {})
        : m_machine(machine), m_limits(limits) {}

    Execution run(const Schedule &schedule) override;
    ThreadNaming &naming() override { return m_naming; }

private:
    Machine &m_machine;
    ExecutionLimits m_limits;
    ThreadNaming m_naming;
};

/// "T2 waits for lock m1", "T0 waits to join T3", ... for deadlock reports.
std::string describeBlocked(const BlockedThread &blocked);

} // namespace weft
