// SPDX-License-Identifier: MIT
#include "engine/explorer/ExplorationTree.hpp"

#include <algorithm>

namespace weft {

void ExplorationTree::add(const ExecutionSummary &summary) {
    const std::size_t keep = std::min<std::size_t>(summary.branchDepth, m_path.size());
    m_path.resize(keep);
    for (std::size_t i = keep; i < summary.trail.size(); ++i) {
        Node node;
        node.parent = i == 0 ? kRoot : m_path[i - 1];
        node.event = summary.trail[i];
        node.afterAlternative = i == keep && summary.index > 1;
        m_path.push_back(static_cast<NodeId>(m_nodes.size()));
        m_nodes.push_back(node);
    }
    Node leaf;
    leaf.parent = summary.trail.empty() ? kRoot : m_path[summary.trail.size() - 1];
    leaf.isLeaf = true;
    leaf.leaf = summary.leaf;
    leaf.execution = summary.index;
    m_leaves.push_back(static_cast<NodeId>(m_nodes.size()));
    m_nodes.push_back(leaf);
}

std::vector<EventId> ExplorationTree::pathTo(NodeId node) const {
    std::vector<EventId> out;
    for (NodeId n = node; n != kRoot; n = m_nodes[n].parent)
        if (m_nodes[n].event != kNoEvent)
            out.push_back(m_nodes[n].event);
    std::reverse(out.begin(), out.end());
    return out;
}

} // namespace weft
