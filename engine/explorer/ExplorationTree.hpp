// SPDX-License-Identifier: MIT
// The binary tree of Explore calls (spec/qpor.md §2.1), rebuilt from the explorer's execution
// summaries: one node per trail event (a left step), marked when it starts a right branch (an
// alternative), plus one leaf per execution. What the GUI draws; a plain value, not thread-safe.
#pragma once

#include "engine/explorer/ExplorationObserver.hpp"

#include <vector>

namespace weft {

class ExplorationTree {
public:
    using NodeId = std::uint32_t;
    static constexpr NodeId kRoot = 0;

    struct Node {
        NodeId parent = kRoot;
        EventId event = kNoEvent;   ///< the event added by this step (kNoEvent for the root and leaves)
        bool afterAlternative = false; ///< this step is the first of a right branch
        bool isLeaf = false;
        LeafKind leaf = LeafKind::Maximal;
        std::uint64_t execution = 0; ///< for leaves: 1-based execution number
    };

    ExplorationTree() { m_nodes.push_back({}); }

    /// Appends the path of one finished execution.
    void add(const ExecutionSummary &summary);

    const std::vector<Node> &nodes() const { return m_nodes; }
    const std::vector<NodeId> &leaves() const { return m_leaves; }
    /// The trail (events from the root) leading to a node.
    std::vector<EventId> pathTo(NodeId node) const;

private:
    std::vector<Node> m_nodes;
    std::vector<NodeId> m_path; // m_path[i]: node of trail[i] in the latest execution
    std::vector<NodeId> m_leaves;
};

} // namespace weft
