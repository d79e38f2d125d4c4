// SPDX-License-Identifier: MIT
// What one execution of an exploration adds to the exploration tree: how it ended (the leaf) and its
// trail of events, with where it left the previous execution. The explorer reports it to its observer;
// the exploration tree and the snapshots are built from it.
#pragma once

#include "engine/base/DefectKind.hpp"
#include "engine/base/Ids.hpp"
#include "engine/execution/Schedule.hpp"

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
    /// For a Defect leaf, what went wrong: the defect that ended the execution, else the first one
    /// reported on the way (a data race); the tree draws each kind differently.
    DefectKind defect = DefectKind::AssertionFailure;
    /// A parallel worker's execution: its path code (engine/explorer/PathCode.hpp, its place in one job's DFS
    /// order), by which a live view merges several workers' executions into one tree. Empty with one job.
    std::span<const std::uint32_t> path;
};

} // namespace weft
