// SPDX-License-Identifier: MIT
// One integer per thread-tree node whose order among the children of one node (or among one thread's
// first events) is ObjectSiblingIndex::threadSiblingLess, so that the thread tree's pre-order
// comparisons read two keys instead of walking the object tree (engine/unfolding/README.md, "Sibling
// keys"). The keys live in the thread tree's nodes (KeyedSequentialTree::key); this class gives them.
// Owned by the Unfolding; one writer, readers between writes.
#pragma once

#include "engine/unfolding/Event.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace weft {

class Unfolding;

class ThreadSiblingKeys {
public:
    /// A node's children (a thread's first events) are also kept sorted once there are this many, so
    /// that a new one finds its place by binary search instead of a scan.
    static constexpr std::uint32_t kThreshold = 16;
    /// A node with more children than this keeps no keys (key 0 for all of them): compared by
    /// threadSiblingLess instead. Keeping keys there would renumber thousands of siblings and shift
    /// the sorted vector on every few insertions (an sc read of a long loop's writes has ~10^6).
    static constexpr std::uint32_t kMaxKeyed = 4096;

    /// Gives event `x`, already stored in `u` (its thread tree `keys` included), a key among its
    /// siblings; may renumber those siblings (their order is kept). For two children of one thread-tree
    /// node (or two first events of one thread) with keys (both non-zero: a node keeps keys for all its
    /// children or for none): threadSiblingLess(a, b) exactly when keys.key(a) < keys.key(b). 0: the
    /// node has more than kMaxKeyed children.
    void add(const Unfolding &u, KeyedSequentialTree &keys, EventId x);

    std::size_t memoryBytes() const;
    /// How many times a node's children were renumbered (no room left between two keys).
    std::uint64_t renumberings() const { return m_renumberings; }

private:
    /// The sorted children of x's thread-tree parent (of x's thread's roots), or nullptr while there
    /// are fewer than kThreshold or (`unkeyed` set) more than kMaxKeyed; creates the vector when x
    /// makes them kThreshold.
    std::vector<EventId> *sortedSiblings(const Unfolding &u, const KeyedSequentialTree &keys, EventId x, bool &unkeyed);
    void renumber(const Unfolding &u, KeyedSequentialTree &keys, EventId x, EventId prev, EventId next,
                  std::vector<EventId> *sorted);
    /// x's siblings became too many: drops the keys of all of them and of x.
    void dropKeys(const Unfolding &u, KeyedSequentialTree &keys, EventId x);

    // Busy parents only (kNoEvent - thread: a thread's roots), as in ObjectSiblingIndex; kUnkeyed: a
    // parent with more than kMaxKeyed children.
    static constexpr std::uint32_t kUnkeyed = ~std::uint32_t{0};
    std::unordered_map<std::uint64_t, std::uint32_t> m_slot;
    std::vector<std::vector<EventId>> m_sorted;
    std::vector<EventId> m_scratch;
    std::uint64_t m_renumberings = 0;
};

} // namespace weft
