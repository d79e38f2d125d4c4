// SPDX-License-Identifier: MIT
// Which memory accesses may be in immediate conflict with a sibling (README.md, "Spike candidates"): the
// per-thread chains of each sibling list (the writes after one write, the reads of it), scanned once per
// new access so that the flag of every access stays exact; an access without the flag has an empty
// spike, as every access of data-race-free code. Owned by the Unfolding; one writer, readers between
// writes.
#pragma once

#include "engine/unfolding/Event.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace weft {

class Unfolding;

class RaceCandidates {
public:
    /// Records memory access `e`, already stored in `u` (trees and cone included): flags it and the
    /// siblings it may race with.
    void add(const Unfolding &u, EventId e);
    /// Mutex `m` was unlocked by a thread not holding it: a common lock does not order accesses
    /// under `m` any more (mayRace).
    void noteForeignUnlock(ObjectIndex m) {
        if (m < 64)
            m_foreignUnlocks |= std::uint64_t{1} << m;
    }
    /// Memory access e has a sibling that may be in immediate conflict with it (mayRace); false
    /// means its spike is empty.
    bool isRacing(EventId e) const { return e < m_racing.size() && m_racing[e]; }
    /// For sibling accesses d and x: false when x is certainly not an immediate conflict of d (O(1));
    /// symmetric.
    bool mayRace(const Unfolding &u, EventId d, EventId x) const;

    std::size_t memoryBytes() const;

private:
    void markRacing(EventId a, EventId b);
    /// add()'s part for e's own thread: its alternatives after the same predecessors.
    void flagSameThread(const Unfolding &u, EventId e);

    /// A sibling list as add() scans it: per thread, a chain of its members (through m_previous)
    /// with their deepest position and the mutexes all of them hold, so that a thread whose members
    /// all lie before the new access's cut, or under a lock it holds, is skipped whole.
    struct SiblingList {
        struct ThreadChain {
            ThreadId thread;
            EventId latest;
            std::uint32_t maxDepth;
            std::uint64_t held; ///< AND of the members' EventDetail::heldMutexes
            bool allRacing;     ///< every member is flagged (false: unknown)
        };
        std::vector<ThreadChain> chains;
    };
    struct SiblingLists {
        SiblingList writes, reads;
    };
    SiblingLists &listsOf(const Unfolding &u, const Event &access);

    std::vector<SiblingLists> m_siblingLists;        // write-tree node -> its successors and readers
    std::vector<SiblingLists> m_initialSiblingLists; // per location: first writes, initial readers
    /// Per access: the previous access of the same thread in the same sibling list (kNoEvent: none).
    std::vector<EventId> m_previous;
    std::vector<bool> m_racing;          // bit e (absent = false)
    /// Per chain of accesses with the same (thread, other) predecessors, at its first event: whether it holds
    /// a write, and whether a pair in it is flagged (then all of its accesses are).
    std::vector<std::uint8_t> m_chainState;
    /// The same for accesses after the initial value (no other predecessor), by (first event, location).
    std::unordered_map<std::uint64_t, std::uint8_t> m_initialChainState;
    static constexpr std::uint8_t kChainHasWrite = 1, kChainFlagged = 2;
    std::uint64_t m_foreignUnlocks = 0; // bit m: some unlock of mutex m (< 64) by a thread not holding it
};

} // namespace weft
