// SPDX-License-Identifier: MIT
// A 64-bit sibling key -> 32-bit value table for re-check rounds (README.md, "As built"): open addressing,
// probed linearly, keys in place. A round looks up hundreds of thousands of keys; std::unordered_map's node
// per key (an allocation on insert, a pointer chase on lookup) cost more than the lookups themselves.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace weft {

class SiblingKeyTable {
public:
    static constexpr std::uint32_t kAbsent = std::numeric_limits<std::uint32_t>::max();

    std::size_t size() const { return m_size; }
    /// The value stored under `key`, or kAbsent.
    std::uint32_t find(std::uint64_t key) const {
        if (m_slots.empty())
            return kAbsent;
        for (std::size_t i = slotOf(key);; i = (i + 1) & m_mask) {
            const Slot &s = m_slots[i];
            if (s.value == kAbsent || s.key == key)
                return s.value;
        }
    }
    /// The value under `key`, inserted as `value` if the key is new (`value` must not be kAbsent).
    std::uint32_t &findOrInsert(std::uint64_t key, std::uint32_t value) {
        if ((m_size + 1) * 2 > m_slots.size())
            grow();
        for (std::size_t i = slotOf(key);; i = (i + 1) & m_mask) {
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
    /// Empties the table, keeping its slots allocated.
    void clear() {
        if (m_size == 0)
            return;
        std::fill(m_slots.begin(), m_slots.end(), Slot{});
        m_size = 0;
    }

private:
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t value = kAbsent;
    };
    // Sibling keys are not all hashes (Explorer::siblingKey packs an object and an event id): mix them.
    std::size_t slotOf(std::uint64_t key) const {
        return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> 32) & m_mask;
    }
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
