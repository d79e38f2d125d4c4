// SPDX-License-Identifier: MIT
// The set D of disabled events along the trail, with justification tracking (docs/algorithms.md,
// "Alternatives", "Run-to-completion loop"): an event of D already in conflict with C is "justified" and
// needs no spike. Owned by one Explorer.
#pragma once

#include "engine/unfolding/Unfolding.hpp"

#include <cstdint>
#include <vector>

namespace weft {

class Disset {
public:
    struct Entry {
        EventId event;
        std::uint32_t index;     ///< trail length when added
        std::int64_t disabler;   ///< trail index of the event that put it in conflict with C, or -1
    };

    bool contains(EventId e) const { return e < m_member.size() && m_member[e]; }
    std::size_t size() const { return m_entries.size(); }
    const std::vector<Entry> &entries() const { return m_entries; }

    /// Right branch at trail length `index`: D ∪ {e}.
    void add(EventId e, std::uint32_t index);
    /// Undoes the last add (no alternative was found).
    void removeLast();
    /// The trail grew by `e` at position `index`: unjustified lock-siblings of e become justified.
    void onTrailPush(const Unfolding &u, EventId e, std::uint32_t index);
    /// The trail shrank to `length`: forget entries added deeper; un-justify those it justified.
    void onTrailPop(std::uint32_t length);

    /// Unjustified entries, most recently added first (the order spikes are taken in).
    template <typename F> void forEachUnjustified(F &&f) const {
        for (auto it = m_entries.rbegin(); it != m_entries.rend(); ++it)
            if (it->disabler < 0)
                f(it->event);
    }

private:
    std::vector<Entry> m_entries; // sorted by index
    std::vector<std::uint8_t> m_member;
};

} // namespace weft
