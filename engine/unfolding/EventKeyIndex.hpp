// SPDX-License-Identifier: MIT
// Canonical event key -> event id (engine/explorer/README.md, re-check rounds): an open-addressing table
// probed linearly, keys in place. Keys are hashes already, so their low bits are the slot; a node-based
// std::unordered_map spent most of a round rehashing and chasing pointers.
#pragma once

#include "engine/unfolding/EventKeys.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace weft {

class EventKeyIndex {
public:
    static constexpr EventId kAbsent = kNoEvent;

    std::size_t size() const { return m_size; }
    bool contains(const EventKey &key) const { return find(key) != kAbsent; }
    /// The id stored under `key`, or kAbsent.
    EventId find(const EventKey &key) const {
        if (m_slots.empty())
            return kAbsent;
        for (std::size_t i = slotOf(key);; i = (i + 1) & m_mask) {
            const Slot &s = m_slots[i];
            if (s.id == kAbsent)
                return kAbsent;
            if (s.key == key)
                return s.id;
        }
    }
    /// Stores `id` under `key` unless the key is there already; false then (the stored id is kept).
    bool insert(const EventKey &key, EventId id) {
        if ((m_size + 1) * 2 > m_slots.size())
            grow();
        for (std::size_t i = slotOf(key);; i = (i + 1) & m_mask) {
            Slot &s = m_slots[i];
            if (s.id == kAbsent) {
                s = {key, id};
                ++m_size;
                return true;
            }
            if (s.key == key)
                return false;
        }
    }
    /// Room for `count` keys without growing.
    void reserve(std::size_t count) {
        while (count * 2 > m_slots.size())
            grow();
    }
    void clear() {
        m_slots.clear();
        m_size = 0;
        m_mask = 0;
    }

private:
    struct Slot {
        EventKey key;
        EventId id = kAbsent;
    };
    std::size_t slotOf(const EventKey &key) const { return static_cast<std::size_t>(key.low ^ key.high) & m_mask; }
    void grow() {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(old.empty() ? 1024 : old.size() * 2, Slot{});
        m_mask = m_slots.size() - 1;
        m_size = 0;
        for (const Slot &s : old)
            if (s.id != kAbsent)
                insert(s.key, s.id);
    }

    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_size = 0;
};

} // namespace weft
