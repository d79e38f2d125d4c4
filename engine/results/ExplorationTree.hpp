// SPDX-License-Identifier: MIT
// The binary tree of Explore calls (docs/algorithms.md, "Exploration"), rebuilt from the explorer's execution
// summaries: one node per trail event (a left step), marked when it starts a right branch (an
// alternative), plus one leaf per execution. What the GUI draws; a plain value, not thread-safe.
#pragma once

#include "engine/results/ExecutionSummary.hpp"

#include <algorithm>
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
        DefectKind defect = DefectKind::AssertionFailure; ///< for Defect leaves (ExecutionSummary::defect)
        std::uint64_t execution = 0; ///< for leaves: 1-based execution number
    };

    /// What growing the tree needs besides the nodes themselves: the path of the latest execution.
    /// A session that keeps the nodes elsewhere (an append-only log shared with the GUI) uses it
    /// directly instead of keeping a second copy in an ExplorationTree.
    class Growth {
    public:
        /// Hands the nodes execution `summary` adds to `append`, numbered from `count` (the nodes
        /// so far, the root included); returns the id of its leaf.
        template <typename Append> NodeId add(const ExecutionSummary &summary, NodeId count, Append &&append) {
            const std::size_t keep = std::min<std::size_t>(summary.branchDepth, m_path.size());
            m_path.resize(keep);
            for (std::size_t i = keep; i < summary.trail.size(); ++i) {
                Node node;
                node.parent = i == 0 ? kRoot : m_path[i - 1];
                node.event = summary.trail[i];
                node.afterAlternative = i == keep && summary.index > 1;
                m_path.push_back(count++);
                append(node);
            }
            Node leaf;
            leaf.parent = summary.trail.empty() ? kRoot : m_path[summary.trail.size() - 1];
            leaf.isLeaf = true;
            leaf.leaf = summary.leaf;
            leaf.defect = summary.defect;
            leaf.execution = summary.index;
            append(leaf);
            return count;
        }

    private:
        std::vector<NodeId> m_path; // m_path[i]: node of trail[i] in the latest execution
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
    Growth m_growth;
    std::vector<NodeId> m_leaves;
};

} // namespace weft
