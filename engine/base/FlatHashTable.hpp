// SPDX-License-Identifier: MIT
// A hash table from keys to 32-bit values for hot lookups (re-check rounds: engine/explorer/README.md): open
// addressing, probed linearly, keys in place, no erase. A node-based std::unordered_map spends more on allocating
// nodes and chasing pointers than on the lookups themselves at hundreds of thousands of keys.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace weft {

/// `SlotOf(key)` gives a well-mixed hash of `key` (its low bits choose the slot).
template <typename Key, typename SlotOf> class FlatHashTable {
public:
    static constexpr std::uint32_t kAbsent = std::numeric_limits<std::uint32_t>::max();

    std::size_t size() const { return m_size; }
    bool contains(const Key &key) const { return find(key) != kAbsent; }
    /// The value stored under `key`, or kAbsent.
    std::uint32_t find(const Key &key) const {
        if (m_slots.empty())
            return kAbsent;
        for (std::size_t i = SlotOf{}(key)&m_mask;; i = (i + 1) & m_mask) {
            const Slot &s = m_slots[i];
            if (s.value == kAbsent || s.key == key)
                return s.value;
        }
    }
    /// The value under `key`, inserted as `value` if the key is new (`value` must not be kAbsent).
    std::uint32_t &findOrInsert(const Key &key, std::uint32_t value) {
        if ((m_size + 1) * 2 > m_slots.size())
            grow();
        for (std::size_t i = SlotOf{}(key)&m_mask;; i = (i + 1) & m_mask) {
            Slot &s = m_slots[i];
            if (s.value == kAbsent) {
                s = {key, value};
                ++m_size;
                return s.value;
            }
            if (s.key == key)
                return s.value;
        }
    }
    /// Stores `value` under `key` unless the key is there already; false then (the stored value is kept).
    bool insert(const Key &key, std::uint32_t value) {
        const std::size_t before = m_size;
        findOrInsert(key, value);
        return m_size != before;
    }
    /// Room for `count` keys without growing.
    void reserve(std::size_t count) {
        while (count * 2 > m_slots.size())
            grow();
    }
    /// Empties the table, keeping its slots allocated.
    void clear() {
        if (m_size == 0)
            return;
        std::fill(m_slots.begin(), m_slots.end(), Slot{});
        m_size = 0;
    }

private:
    struct Slot {
        Key key{};
        std::uint32_t value = kAbsent;
    };
    void grow() {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(old.empty() ? 1024 : old.size() * 2, Slot{});
        m_mask = m_slots.size() - 1;
        m_size = 0;
        for (const Slot &s : old)
            if (s.value != kAbsent)
                findOrInsert(s.key, s.value);
    }

    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_size = 0;
};

} // namespace weft
