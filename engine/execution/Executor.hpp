// SPDX-License-Identifier: MIT
// The seam the explorer drives (docs/architecture.md, "Data flow"): run the program once under a schedule
// and return its stream of visible actions. One executor per exploration; not thread-safe.
#pragma once

#include "engine/execution/Execution.hpp"
#include "engine/execution/Schedule.hpp"

namespace weft {

class Interrupt;
class ThreadNaming;

class Executor {
public:
    virtual ~Executor() = default;
    /// Runs from the initial state: replay `schedule.replay`, then free mode with its sleep set.
    virtual Execution run(const Schedule &schedule) = 0;
    /// The thread names this executor reports in (shared with the explorer).
    virtual ThreadNaming &naming() = 0;
    /// Polled inside each run, so one huge execution stops in time (ExecutionEnd::Interrupted).
    /// Null: never interrupted. The interrupt must outlive the runs it is set for. An executor that
    /// wraps another forwards it (the default ignores it: such runs are only stopped between runs).
    virtual void setInterrupt(Interrupt *) {}
    /// A synchronisation object or memory location as the program names it, for messages (after a
    /// run: the last run's memory names it).
    virtual std::string describeObject(ObjectId object) const { return "m" + std::to_string(object); }
};

} // namespace weft
