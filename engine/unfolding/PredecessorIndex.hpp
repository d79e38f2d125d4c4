// SPDX-License-Identifier: MIT
// Create-or-retrieve's lookup (spec/qpor.md §3.3): (thread predecessor, other predecessor) -> the
// first event created with them, as an open-addressing table. Every replayed action of every
// execution looks its event up here, so the lookup is one multiplicative hash and, mostly, one
// cache line (a node-based map costs a division and a pointer chase per step). Owned by the Unfolding.
#pragma once

#include "engine/base/Ids.hpp"

#include <cstdint>
#include <vector>

namespace weft {

class PredecessorIndex {
public:
    /// The event recorded for the pair, or kNoEvent.
    EventId find(EventId threadPred, EventId otherPred) const {
        if (m_values.empty())
            return kNoEvent;
        const std::uint64_t key = keyOf(threadPred, otherPred);
        const std::size_t mask = m_values.size() - 1;
        for (std::size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
            if (m_values[i] == kNoEvent)
                return kNoEvent;
            if (m_keys[i] == key)
                return m_values[i];
        }
    }
    /// Records `e` for the pair unless one is recorded already.
    void insert(EventId threadPred, EventId otherPred, EventId e) {
        if (2 * (m_size + 1) > m_values.size())
            grow();
        if (place(keyOf(threadPred, otherPred), e))
            ++m_size;
    }
    std::size_t memoryBytes() const { return m_keys.capacity() * sizeof(std::uint64_t) + m_values.capacity() * sizeof(EventId); }

private:
    static std::uint64_t keyOf(EventId threadPred, EventId otherPred) { return (std::uint64_t{threadPred} << 32) | otherPred; }
    static std::size_t slotOf(std::uint64_t key, std::size_t mask) {
        return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> 32) & mask;
    }
    bool place(std::uint64_t key, EventId e) {
        const std::size_t mask = m_values.size() - 1;
        for (std::size_t i = slotOf(key, mask);; i = (i + 1) & mask) {
            if (m_values[i] == kNoEvent) {
                m_keys[i] = key;
                m_values[i] = e;
                return true;
            }
            if (m_keys[i] == key)
                return false;
        }
    }
    void grow() {
        std::vector<std::uint64_t> keys = std::move(m_keys);
        std::vector<EventId> values = std::move(m_values);
        const std::size_t size = values.empty() ? 1024 : values.size() * 2;
        m_keys.assign(size, 0);
        m_values.assign(size, kNoEvent);
        for (std::size_t i = 0; i < values.size(); ++i)
            if (values[i] != kNoEvent)
                place(keys[i], values[i]);
    }

    std::vector<std::uint64_t> m_keys;
    std::vector<EventId> m_values; // kNoEvent: an empty slot
    std::size_t m_size = 0;
};

} // namespace weft
