// SPDX-License-Identifier: MIT
// The sibling lists of memory accesses (the writes after one write, the reads of it) kept in one total
// order once they are busy: by thread, then by the pre-order of the thread predecessor, then by the extra
// predecessors, so that the members a configuration can still extend form a few ranges found by binary
// search (engine/unfolding/README.md, "Access sibling index"). Owned by the Unfolding; one writer, readers
// between writes.
#pragma once

#include "engine/unfolding/Event.hpp"
#include "engine/unfolding/ObjectSiblingIndex.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace weft {

class Unfolding;

class AccessSiblingIndex {
public:
    /// A list is indexed once it has this many members (below it, scanning them is cheaper).
    static constexpr std::uint32_t kThreshold = 16;

    /// Records memory access `x`, already stored in `u` (its trees included).
    void add(const Unfolding &u, EventId x);
    /// The writes whose previous write is `w` (kNoEvent: the first writes of `l`) in elementLess
    /// order, or nullptr when that list is not indexed (too few members).
    const SiblingList *writesAfter(const Unfolding &u, EventId w, LocationIndex l) const {
        return list(u, w, l, false);
    }
    /// The reads of `w` (kNoEvent: of the initial value of `l`) in elementLess order, or nullptr.
    const SiblingList *readsOf(const Unfolding &u, EventId w, LocationIndex l) const { return list(u, w, l, true); }

    /// The extra predecessor of write `x` made by thread `t` (at most one: they are maximal reads of one
    /// write), or kNoEvent.
    static EventId extraOf(const Unfolding &u, EventId x, ThreadId t);
    /// Extra predecessors compared as a vector over the threads in increasing order, an absent entry
    /// first, reads of one thread by ObjectSiblingIndex::threadCompare (< 0: a first).
    static int extrasCompare(const Unfolding &u, EventId a, EventId b);
    /// The index order: by thread, then by threadCompare of the thread predecessors, then by
    /// extrasCompare, then by id.
    static bool elementLess(const Unfolding &u, const SiblingEntry &a, const SiblingEntry &b);

    /// What a list's index kept of the members it was asked about, over its recent spikes. Once its
    /// spikes keep an eighth or more of the members after the race test, there is little to skip
    /// (GenMC's readers: the extra predecessors of the writes are every subset of the readers), and
    /// the plain scan's O(1) test per member is cheaper than ranges and extras searches; every 64th
    /// spike tries the index again, as the list grows. Either way the spike is the same after the
    /// explorer's compatibility filter.
    class Yield {
    public:
        /// Whether the next spike should use the index (counts the plain scans taken meanwhile).
        bool pays();
        /// Records a spike through the index over `members` that kept `kept` candidates.
        void note(std::size_t members, std::size_t kept);

    private:
        std::uint64_t m_members = 0; ///< both halved now and then: recent spikes weigh most
        std::uint64_t m_kept = 0;
        std::uint32_t m_plainScans = 0;
    };
    /// Yield::pays for `list` (one that writesAfter or readsOf returned).
    bool pays(const SiblingList &list) const;
    /// Yield::note for a spike over `list`.
    void noteYield(const SiblingList &list, std::size_t kept) const;

    std::size_t memoryBytes() const;

private:
    const SiblingList *list(const Unfolding &u, EventId w, LocationIndex l, bool reads) const;
    /// 1 + the index in m_sorted of a list, or 0.
    std::uint32_t slotOf(const Unfolding &u, EventId w, LocationIndex l, bool reads) const;

    // Only busy lists have a slot. A list after a write is keyed by its write-tree node (times two,
    // plus one for the reads); the lists of the initial value by location.
    std::unordered_map<std::uint64_t, std::uint32_t> m_slot;
    std::vector<std::uint32_t> m_initialSlot[2]; // [reads]: per location
    std::vector<SiblingList> m_sorted;
    // Per list of m_sorted. Written by the explorer's thread while it reads the unfolding (each
    // worker has its own).
    mutable std::vector<Yield> m_yield;
};

} // namespace weft
