// SPDX-License-Identifier: MIT
// Create-or-retrieve's lookup (docs/algorithms.md, "Events and the unfolding"): (thread predecessor, other
// predecessor) -> the first event created with them, as an open-addressing table. Every replayed action of
// every execution looks its event up here, so the lookup is one multiplicative hash and, mostly, one cache
// line (a node-based map costs a division and a pointer chase per step). Owned by the Unfolding.
#pragma once

#include "engine/base/Ids.hpp"

#include <cstdint>
#include <vector>

namespace weft {

class PredecessorIndex {
public:
    /// The event recorded for the pair, or kNoEvent.
    EventId find(EventId threadPred, EventId otherPred) const {
        if (m_slots.empty())
            return kNoEvent;
        const std::uint64_t key = keyOf(threadPred, otherPred);
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
            const Slot &s = m_slots[i];
            if (s.value == kNoEvent)
                return kNoEvent;
            if (s.key == key)
                return s.value;
        }
    }
    /// Records `e` for the pair unless one is recorded already.
    void insert(EventId threadPred, EventId otherPred, EventId e) {
        if (2 * (m_size + 1) > m_slots.size())
            grow();
        if (place(keyOf(threadPred, otherPred), e))
            ++m_size;
    }
    std::size_t memoryBytes() const { return m_slots.capacity() * sizeof(Slot); }

private:
    static std::uint64_t keyOf(EventId threadPred, EventId otherPred) { return (std::uint64_t{threadPred} << 32) | otherPred; }
    static std::size_t slotOf(std::uint64_t key, std::size_t mask) {
        return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> 32) & mask;
    }
    bool place(std::uint64_t key, EventId e) {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
            Slot &s = m_slots[i];
            if (s.value == kNoEvent) {
                s = {key, e};
                return true;
            }
            if (s.key == key)
                return false;
        }
    }
    void grow() {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(old.empty() ? 1024 : old.size() * 2, Slot{});
        for (const Slot &s : old)
            if (s.value != kNoEvent)
                place(s.key, s.value);
    }

    /// Key and value side by side: a lookup touches one cache line.
    struct Slot {
        std::uint64_t key = 0;
        EventId value = kNoEvent; ///< kNoEvent: empty
    };
    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

} // namespace weft
