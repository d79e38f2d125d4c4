// SPDX-License-Identifier: MIT
// A forest whose root paths are totally ordered chains: thread trees and object trees (docs/algorithms.md,
// "Causality and conflict"), with DPU's skip-list ancestry (docs/algorithms.md, "Causality and conflict") so
// the ancestor at any depth costs O(log depth) jumps. Append-only; one writer, any number of readers between
// writes.
#pragma once

#include "engine/base/Arena.hpp"

#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

namespace weft {

/// The node payload of a tree without keys (none).
struct NoNodeKey {};

/// `Key`: a value kept in each node beside its links (the thread tree's sibling keys, ThreadSiblingKeys.hpp),
/// so that reading it after a walk reaches the node costs no cache miss of its own; NoNodeKey for none.
template <typename Key> class BasicSequentialTree {
public:
    using NodeId = std::uint32_t;
    static constexpr NodeId kNone = std::numeric_limits<NodeId>::max();

    /// `skipStep` ≥ 2 is the base of the skip lists (DPU uses 4).
    explicit BasicSequentialTree(unsigned skipStep = 4);

    /// Adds a node under `parent` (kNone: a new root at depth 0); it becomes the parent's last child.
    NodeId add(NodeId parent);

    std::size_t size() const { return m_nodes.size(); }
    std::size_t memoryBytes() const { return m_nodes.bytesReserved() + m_skips.capacity() * sizeof(NodeId); }
    unsigned skipStep() const { return m_step; }
    NodeId parent(NodeId n) const { return m_nodes[n].parent; }
    /// The node's key (0 until set).
    Key key(NodeId n) const
        requires(!std::is_empty_v<Key>)
    {
        return m_nodes[n].key;
    }
    void setKey(NodeId n, Key k)
        requires(!std::is_empty_v<Key>)
    {
        m_nodes[n].key = k;
    }
    std::uint32_t depth(NodeId n) const { return m_nodes[n].depth; }
    /// The child added last, or kNone.
    NodeId lastChild(NodeId n) const { return m_nodes[n].lastChild; }
    /// Children in the order they were added (roots are not linked).
    NodeId firstChild(NodeId n) const {
        const NodeId last = m_nodes[n].lastChild;
        return last == kNone ? kNone : m_nodes[last].next;
    }
    NodeId nextSibling(NodeId n) const {
        const Node &node = m_nodes[n];
        return node.parent == kNone || m_nodes[node.parent].lastChild == n ? kNone : node.next;
    }
    /// Extra ancestors of `n`: entry i is the ancestor 'skipStep^(i+1)' levels up.
    std::span<const NodeId> skipTable(NodeId n) const;

    /// The unique ancestor of `n` at depth `depth` ≤ depth(n) (docs/algorithms.md, "Causality and conflict" find_pred).
    NodeId ancestorAt(NodeId n, std::uint32_t depth) const;
    /// `a` lies on the root path of `n` (a == n included).
    bool isAncestorOrSelf(NodeId a, NodeId n) const;
    /// Neither node is an ancestor of the other (docs/algorithms.md, "Causality and conflict" node-level conflict).
    bool inConflict(NodeId a, NodeId b) const;
    /// Pre-order position of `a` against `b` (< 0: a first; an ancestor comes before its
    /// descendants), where `siblingLess(x, y)` orders two children of one parent (or two roots).
    /// O(log depth) to align the depths, then one step per level up to the common ancestor.
    template <typename SiblingLess> int preorderCompare(NodeId a, NodeId b, SiblingLess &&siblingLess) const {
        if (a == b)
            return 0;
        const std::uint32_t da = m_nodes[a].depth, db = m_nodes[b].depth;
        if (da > db) {
            a = ancestorAt(a, db);
            if (a == b)
                return 1;
        } else if (db > da) {
            b = ancestorAt(b, da);
            if (a == b)
                return -1;
        }
        // Up to the children of the common ancestor. a and b have equal depths, hence skip tables
        // of the same length: jump both by the longest skip that keeps them apart (deep trees, e.g.
        // a mutex locked in a loop, often part near the root), else by one level.
        while (m_nodes[a].parent != m_nodes[b].parent) {
            const Node &na = m_nodes[a], &nb = m_nodes[b];
            NodeId ja = na.parent, jb = nb.parent;
            for (std::uint32_t i = skipCount(na.depth); i-- > 0;)
                if (m_skips[na.skipBegin + i] != m_skips[nb.skipBegin + i]) {
                    ja = m_skips[na.skipBegin + i];
                    jb = m_skips[nb.skipBegin + i];
                    break;
                }
            a = ja;
            b = jb;
        }
        return siblingLess(a, b) ? -1 : 1;
    }

private:
    /// 20 bytes and the key; how many skips a node has follows from its depth (skipCount). A node's
    /// children form a ring (the last child's `next` is the first), so the parent needs one link only.
    /// The key is next to the parent link, which every walk reads.
    struct Node {
        NodeId parent = kNone;
        [[no_unique_address]] Key key{};
        std::uint32_t depth = 0;
        std::uint32_t skipBegin = 0;
        NodeId lastChild = kNone;
        NodeId next = kNone; ///< the next sibling, or the first one for the last child
    };
    NodeId bestJump(NodeId n, std::uint32_t goal) const;
    /// The number of times m_step divides `depth` (> 0): a node's skip-table length.
    std::uint32_t skipCount(std::uint32_t depth) const {
        std::uint32_t n = 0;
        for (; depth != 0 && depth % m_step == 0; depth /= m_step)
            ++n;
        return n;
    }

    unsigned m_step;
    Arena<Node> m_nodes; // chunks: growing never copies the tree
    std::vector<NodeId> m_skips;
};

/// The object and write trees.
using SequentialTree = BasicSequentialTree<NoNodeKey>;
/// The thread tree, with each node's sibling key (ThreadSiblingKeys.hpp).
using KeyedSequentialTree = BasicSequentialTree<std::uint32_t>;

} // namespace weft
