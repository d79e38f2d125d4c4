// SPDX-License-Identifier: MIT
// The exploration tree of a live exploration with several jobs (engine/explorer/README.md, "Live views with several
// jobs"): the workers' executions arrive in any order, their trails in display event ids. Live, the tree is the trie of
// the trails (an execution's new nodes hang under the deepest node it shares with the executions before it, where one
// job's tree has them too), leaves numbered in arrival order. At the end, inDfsOrder() lays the same nodes out
// in one job's order: leaves sorted by path code (engine/explorer/PathCode.hpp) and numbered as one job numbers
// its executions. Not thread-safe (ParallelSnapshots serialises the workers).
#pragma once

#include "engine/explorer/PathCode.hpp"
#include "engine/results/AppendLog.hpp"
#include "engine/results/ExplorationTree.hpp"

#include <unordered_map>
#include <utility>
#include <vector>

namespace weft::debugger {

class MergedTree {
public:
    using Node = ExplorationTree::Node;
    using NodeId = ExplorationTree::NodeId;

    /// Appends to `nodes` (which holds the root and every node added before) what execution `summary` adds, its
    /// leaf numbered `execution`. `summary.path` places it in DFS order; its trail is in display ids.
    void add(const ExecutionSummary &summary, std::uint64_t execution, AppendLog<Node> &nodes);
    /// The nodes of `nodes` in the order one job's tree has them (depth-first, leaves numbered 1, 2, ... in DFS
    /// order): what a parallel run's last snapshot shows.
    AppendLog<Node> inDfsOrder(const AppendLog<Node> &nodes) const;

private:
    std::unordered_map<std::uint64_t, NodeId> m_children; ///< (parent << 32 | event) -> child
    std::vector<std::pair<PathCode, NodeId>> m_leaves; ///< each leaf's path code
};

} // namespace weft::debugger
