// SPDX-License-Identifier: MIT
#include "engine/results/ExplorationSnapshot.hpp"

#include <algorithm>

namespace weft {

std::string ExplorationSnapshot::objectText(const EventRecord &e) const {
    if (targetsThread(e.action.kind))
        return "T" + std::to_string(e.action.object);
    if (e.objectName != EventRecord::kNoName && objectNames && e.objectName < objectNames->size())
        return (*objectNames)[e.objectName];
    return {};
}

std::vector<EventId> ExplorationSnapshot::predecessors(EventId e) const {
    std::vector<EventId> out;
    if (e >= events.size())
        return out;
    const EventRecord &r = events[e];
    for (EventId p : {r.threadPred, r.otherPred})
        if (p != kNoEvent)
            out.push_back(p);
    for (std::uint32_t i = 0; i < r.extraCount && r.extraBegin + i < extraPredecessors.size(); ++i)
        out.push_back(extraPredecessors[r.extraBegin + i]);
    return out;
}

std::vector<EventId> ExplorationSnapshot::pathTo(NodeId node) const {
    std::vector<EventId> out;
    for (NodeId n = node; n != ExplorationTree::kRoot && n < tree.size(); n = tree[n].parent)
        if (tree[n].event != kNoEvent)
            out.push_back(tree[n].event);
    std::reverse(out.begin(), out.end());
    return out;
}

ExplorationSnapshot::NodeId ExplorationSnapshot::leafOf(std::uint64_t execution) const {
    // Leaves come in execution order and nodes are appended in that order too: binary search.
    std::size_t lo = 0, hi = tree.size();
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        // The execution a node belongs to: leaves carry it; inner nodes precede their leaf.
        std::size_t probe = mid;
        while (probe < tree.size() && !tree[probe].isLeaf)
            ++probe;
        if (probe == tree.size() || tree[probe].execution >= execution)
            hi = mid;
        else
            lo = probe + 1;
    }
    for (std::size_t n = lo; n < tree.size(); ++n)
        if (tree[n].isLeaf)
            return tree[n].execution == execution ? static_cast<NodeId>(n) : ExplorationTree::kRoot;
    return ExplorationTree::kRoot;
}

} // namespace weft
