// SPDX-License-Identifier: MIT
// The seam the explorer drives (spec/qpor.md §9.1 `exec`): run the program once under a schedule
// and return its stream of visible actions. One executor per exploration; not thread-safe.
#pragma once

#include "engine/execution/Execution.hpp"
#include "engine/execution/Schedule.hpp"

namespace weft {

class ThreadNaming;

class Executor {
public:
    virtual ~Executor() = default;
    /// Runs from the initial state: replay `schedule.replay`, then free mode with its sleep set.
    virtual Execution run(const Schedule &schedule) = 0;
    /// The thread names this executor reports in (shared with the explorer).
    virtual ThreadNaming &naming() = 0;
};

} // namespace weft
