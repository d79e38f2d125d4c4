// SPDX-License-Identifier: MIT
// Create-or-retrieve's lookup (docs/algorithms.md, "Events and the unfolding"): (thread predecessor, other
// predecessor) -> the first event created with them, as an open-addressing table of event ids. Every replayed
// action of every execution looks its event up here, so the lookup is one multiplicative hash and, mostly,
// one cache line and the event itself (a node-based map costs a division and a pointer chase per step).
// An event that is its thread predecessor's only child is not recorded: the thread tree finds it
// (Unfolding::create). Owned by the Unfolding.
#pragma once

#include "engine/base/Ids.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace weft {

class PredecessorIndex {
public:
    /// The event recorded for the pair, or kNoEvent; `predecessorsOf(e)` gives an event's pair.
    template <typename PredecessorsOf>
    EventId find(EventId threadPred, EventId otherPred, PredecessorsOf &&predecessorsOf) const {
        if (m_slots.empty())
            return kNoEvent;
        const std::pair<EventId, EventId> key{threadPred, otherPred};
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = slotOf(threadPred, otherPred, mask);; i = (i + 1) & mask) {
            const EventId e = m_slots[i];
            if (e == kNoEvent || predecessorsOf(e) == key)
                return e;
        }
    }
    /// Records `e` for its pair unless one is recorded already; whether it was recorded.
    template <typename PredecessorsOf> bool insert(EventId e, PredecessorsOf &&predecessorsOf) {
        if (2 * (m_size + 1) > m_slots.size())
            grow(predecessorsOf);
        if (!place(e, predecessorsOf))
            return false;
        ++m_size;
        return true;
    }
    std::size_t memoryBytes() const { return m_slots.capacity() * sizeof(EventId); }

private:
    static std::size_t slotOf(EventId threadPred, EventId otherPred, std::size_t mask) {
        const std::uint64_t key = (std::uint64_t{threadPred} << 32) | otherPred;
        return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> 32) & mask;
    }
    template <typename PredecessorsOf> bool place(EventId e, PredecessorsOf &predecessorsOf) {
        const std::pair<EventId, EventId> key = predecessorsOf(e);
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = slotOf(key.first, key.second, mask);; i = (i + 1) & mask) {
            if (m_slots[i] == kNoEvent) {
                m_slots[i] = e;
                return true;
            }
            if (predecessorsOf(m_slots[i]) == key)
                return false;
        }
    }
    template <typename PredecessorsOf> void grow(PredecessorsOf &predecessorsOf) {
        std::vector<EventId> old = std::move(m_slots);
        m_slots.assign(old.empty() ? 1024 : old.size() * 2, kNoEvent);
        for (EventId e : old)
            if (e != kNoEvent)
                place(e, predecessorsOf);
    }

    /// Event ids only (4 bytes a slot): a probe compares the pair with the event's own, which the
    /// caller reads anyway to check the action.
    std::vector<EventId> m_slots;
    std::size_t m_size = 0;
};

} // namespace weft
