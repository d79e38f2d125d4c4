// SPDX-License-Identifier: MIT
#include "engine/unfolding/SequentialTree.hpp"

#include <cassert>

namespace weft {

template <typename Key>
BasicSequentialTree<Key>::BasicSequentialTree(unsigned skipStep) : m_step(skipStep < 2 ? 2 : skipStep) {
    static_assert(sizeof(Node) == 20 + (std::is_empty_v<Key> ? 0 : sizeof(Key)));
}

template <typename Key> auto BasicSequentialTree<Key>::skipTable(NodeId n) const -> std::span<const NodeId> {
    const Node &node = m_nodes[n];
    return {m_skips.data() + node.skipBegin, skipCount(node.depth)};
}

template <typename Key> auto BasicSequentialTree<Key>::add(NodeId parent) -> NodeId {
    const NodeId id = static_cast<NodeId>(m_nodes.size());
    Node node;
    node.parent = parent;
    node.skipBegin = static_cast<std::uint32_t>(m_skips.size());
    std::uint32_t skips = 0;
    if (parent != kNone) {
        node.depth = m_nodes[parent].depth + 1;
        // t(d) = trailing zeros of d in base m_step; skip[i] is the ancestor m_step^(i+1) up.
        std::uint32_t d = node.depth;
        NodeId from = parent;
        if (d % m_step == 0)
            for (unsigned i = 1; i < m_step; ++i) // skip[0]: m_step levels up
                from = m_nodes[from].parent;
        while (d % m_step == 0) {
            if (skips > 0) {
                from = m_skips.back();
                for (unsigned i = 1; i < m_step; ++i)
                    from = m_skips[m_nodes[from].skipBegin + skips - 1];
            }
            m_skips.push_back(from);
            ++skips;
            d /= m_step;
        }
        Node &p = m_nodes[parent];
        if (p.lastChild == kNone) {
            node.next = id;
        } else {
            Node &last = m_nodes[p.lastChild];
            node.next = last.next;
            last.next = id;
        }
        p.lastChild = id;
    }
    m_nodes.push(node);
    return id;
}

template <typename Key> auto BasicSequentialTree<Key>::bestJump(NodeId n, std::uint32_t goal) const -> NodeId {
    const Node &node = m_nodes[n];
    if (node.depth % m_step != 0 || node.depth < goal + m_step)
        return node.parent;
    std::uint64_t jump = std::uint64_t{m_step} * m_step;
    std::uint32_t d = node.depth / m_step;
    for (std::uint32_t i = 0;; ++i) {
        if (d % m_step != 0 || node.depth < goal + jump)
            return m_skips[node.skipBegin + i];
        d /= m_step;
        jump *= m_step;
    }
}

template <typename Key> auto BasicSequentialTree<Key>::ancestorAt(NodeId n, std::uint32_t depth) const -> NodeId {
    assert(depth <= m_nodes[n].depth);
    while (m_nodes[n].depth > depth)
        n = bestJump(n, depth);
    return n;
}

template <typename Key> bool BasicSequentialTree<Key>::isAncestorOrSelf(NodeId a, NodeId n) const {
    const std::uint32_t da = m_nodes[a].depth;
    return da <= m_nodes[n].depth && ancestorAt(n, da) == a;
}

template <typename Key> bool BasicSequentialTree<Key>::inConflict(NodeId a, NodeId b) const {
    const std::uint32_t da = m_nodes[a].depth, db = m_nodes[b].depth;
    if (da == db)
        return a != b;
    return da < db ? ancestorAt(b, da) != a : ancestorAt(a, db) != b;
}

template class BasicSequentialTree<NoNodeKey>;
template class BasicSequentialTree<std::uint32_t>;

} // namespace weft
