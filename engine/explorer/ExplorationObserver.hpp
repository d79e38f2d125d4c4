// SPDX-License-Identifier: MIT
// Progress seam: the explorer tells an observer about each new event, each defect (every occurrence,
// non-fatal reports included), each finished execution with its place in the exploration tree, and
// pauses, so a client (CLI, GUI, DAP) can show them live. Called on the explorer's thread;
// implementations must be quick (copy what they need and return) and must not block.
#pragma once

#include "engine/base/DefectKind.hpp"
#include "engine/results/Defect.hpp"
#include "engine/results/ExecutionSummary.hpp"

namespace weft {

class ExplorationObserver {
public:
    virtual ~ExplorationObserver() = default;
    virtual void onNewEvent(EventId) {}
    /// A defect of the execution that just ran (before its onExecution): `defect` as the result keeps
    /// it (occurrences counted so far), `distinct` the number of distinct defects found so far.
    virtual void onDefect(const Defect &defect, std::uint64_t distinct) {
        (void)defect;
        (void)distinct;
    }
    virtual void onExecution(const ExecutionSummary &) {}
    /// The exploration stopped at its PauseControl (after an execution) and waits.
    virtual void onPaused() {}
    /// It goes on after a pause (not called when the pause ended by a stop request).
    virtual void onResumed() {}
};

} // namespace weft
