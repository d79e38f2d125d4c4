// SPDX-License-Identifier: MIT
#include "engine/results/ExplorationTree.hpp"

#include <algorithm>

namespace weft {

void ExplorationTree::add(const ExecutionSummary &summary) {
    m_leaves.push_back(m_growth.add(summary, static_cast<NodeId>(m_nodes.size()),
                                    [this](const Node &node) { m_nodes.push_back(node); }));
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
