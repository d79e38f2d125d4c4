// SPDX-License-Identifier: MIT
#include "engine/debugger/MergedTree.hpp"

#include <algorithm>
#include <numeric>

namespace weft::debugger {

void MergedTree::add(const ExecutionSummary &summary, std::uint64_t execution, AppendLog<Node> &nodes) {
    NodeId parent = ExplorationTree::kRoot;
    for (std::size_t i = 0; i < summary.trail.size(); ++i) {
        const std::uint64_t key = std::uint64_t{parent} << 32 | summary.trail[i];
        const auto [it, fresh] = m_children.try_emplace(key, static_cast<NodeId>(nodes.size()));
        if (fresh) {
            Node node;
            node.parent = parent;
            node.event = summary.trail[i];
            // A right branch starts at each trail length the path code lists (D's entries at the leaf).
            node.afterAlternative = std::find(summary.path.begin(), summary.path.end(), i) != summary.path.end();
            nodes.push(node);
        }
        parent = it->second;
    }
    Node leaf;
    leaf.parent = parent;
    leaf.isLeaf = true;
    leaf.leaf = summary.leaf;
    leaf.defect = summary.defect;
    leaf.execution = execution;
    m_leaves.emplace_back(PathCode(summary.path.begin(), summary.path.end()), static_cast<NodeId>(nodes.size()));
    nodes.push(leaf);
}

AppendLog<MergedTree::Node> MergedTree::inDfsOrder(const AppendLog<Node> &nodes) const {
    std::vector<std::size_t> order(m_leaves.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return dfsEarlierCode(m_leaves[a].first, m_leaves[b].first);
    });
    // Each leaf's path from the root, its nodes numbered where one job's tree first meets them.
    constexpr NodeId kUnset = ~NodeId{0};
    std::vector<NodeId> renamed(nodes.size(), kUnset);
    AppendLog<Node> out;
    if (nodes.size() == 0)
        return out;
    renamed[ExplorationTree::kRoot] = ExplorationTree::kRoot;
    out.push(nodes[ExplorationTree::kRoot]);
    std::uint64_t execution = 0;
    std::vector<NodeId> path;
    for (std::size_t k : order) {
        path.clear();
        for (NodeId n = m_leaves[k].second; renamed[n] == kUnset; n = nodes[n].parent)
            path.push_back(n);
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
            Node node = nodes[*it];
            node.parent = renamed[node.parent];
            if (node.isLeaf)
                node.execution = ++execution;
            renamed[*it] = static_cast<NodeId>(out.size());
            out.push(node);
        }
    }
    return out;
}

} // namespace weft::debugger
