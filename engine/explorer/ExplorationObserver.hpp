// SPDX-License-Identifier: MIT
// Progress seam: the explorer tells an observer about each new event, each defect (every occurrence,
// non-fatal reports included), each finished execution with its place in the exploration tree, and
// pauses, so a client (CLI, GUI, DAP) can show them live. Called on the explorer's thread;
// implementations must be quick (copy what they need and return) and must not block.
#pragma once

#include "engine/execution/Schedule.hpp"
#include "engine/base/DefectKind.hpp"
#include "engine/results/Defect.hpp"

#include <cstdint>
#include <span>

namespace weft {

enum class LeafKind : std::uint8_t {
    Maximal,      ///< a maximal configuration
    SleepBlocked, ///< a redundant execution (SSB)
    Defect,       ///< a maximal configuration whose execution showed a defect
    AssumeBlocked, ///< a thread's assumption failed and then nothing could move (infeasible, counted apart)
};

struct ExecutionSummary {
    std::uint64_t index = 0;       ///< 1-based
    LeafKind leaf = LeafKind::Maximal;
    /// Position on the trail where this execution left the previous one: the exploration-tree node at
    /// this depth is a right child (the alternative); deeper nodes are left children. 0 for the first.
    std::uint32_t branchDepth = 0;
    std::span<const EventId> trail; ///< the events of this execution, in order
    const Schedule *schedule = nullptr; ///< what the executor was asked to do
};

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
