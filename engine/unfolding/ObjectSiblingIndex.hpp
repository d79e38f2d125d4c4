// SPDX-License-Identifier: MIT
// The children of a busy object-tree node kept in one total order (by thread, then by their thread
// predecessor's pre-order position), so that the siblings a configuration can still extend form a few ranges
// found by binary search (engine/unfolding/README.md, "Sibling index"; docs/algorithms.md, "Causality and
// conflict"). Owned by the Unfolding; one writer, readers between writes.
#pragma once

#include "engine/base/FlatHashTable.hpp"
#include "engine/unfolding/Event.hpp"
#include "engine/unfolding/SiblingList.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace weft {

class Unfolding;

class ObjectSiblingIndex {
public:
    /// A node's children are indexed once it has this many (below it, scanning them is cheaper).
    static constexpr std::uint32_t kThreshold = 16;

    /// Records object-tree event `x`, already stored in `u` (its trees included).
    void add(const Unfolding &u, EventId x);
    /// The children of object-tree node `parent` (kNoEvent: the first operations on `object`) in
    /// elementLess order, or nullptr when that node is not indexed (too few children).
    const SiblingList *children(const Unfolding &u, EventId parent, ObjectIndex object) const;

    /// Pre-order of the object tree: an operation comes before those after it, siblings by creation
    /// (kNoEvent, the initial state, before everything).
    static bool objectBefore(const Unfolding &u, EventId a, EventId b);
    /// The order of two children of one thread-tree node (or two first events of one thread): by
    /// object (object operations first, by object index), then by the object-tree pre-order of their
    /// other predecessor, then by creation.
    static bool threadSiblingLess(const Unfolding &u, EventId a, EventId b);
    /// Pre-order of one thread's tree with siblings ordered as above (< 0: a first; kNoEvent first).
    static int threadCompare(const Unfolding &u, EventId a, EventId b);
    /// The index order: by thread, then by threadCompare of the thread predecessors, then by id.
    static bool elementLess(const Unfolding &u, const SiblingEntry &a, const SiblingEntry &b);

    std::size_t memoryBytes() const;

private:
    /// 1 + the index in m_sorted of the children of `parent` (kNoEvent: of `object`'s roots), or 0.
    std::uint32_t slotOf(const Unfolding &u, EventId parent, ObjectIndex object) const;

    // Only busy nodes have an entry: a node's children are counted by walking them (at most
    // kThreshold steps, while it is not busy), so nothing is kept per node.
    /// Open addressing: a look-up (every new object event and spike asks) is one probe, where a node-based
    /// map's bucket and node are two cache misses in a large unfolding.
    struct NodeSlot {
        std::size_t operator()(SequentialTree::NodeId n) const {
            return static_cast<std::size_t>((std::uint64_t{n} * 0x9e3779b97f4a7c15ULL) >> 32);
        }
    };
    FlatHashTable<SequentialTree::NodeId, NodeSlot> m_slot; // busy object-tree node -> slot
    std::vector<std::uint32_t> m_rootCount;                          // per object: how many first operations
    std::vector<std::uint32_t> m_rootSlot;
    std::vector<SiblingList> m_sorted;
};

} // namespace weft
