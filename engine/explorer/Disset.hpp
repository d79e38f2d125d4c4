// SPDX-License-Identifier: MIT
// The set D of disabled events along the trail, with justification tracking (docs/algorithms.md,
// "Alternatives", "Run-to-completion loop"): an event of D already in conflict with C is "justified" and
// needs no spike. Owned by one Explorer.
#pragma once

#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>
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

    bool contains(EventId e) const {
        if (m_small)
            return std::any_of(m_entries.begin(), m_entries.end(), [e](const Entry &x) { return x.event == e; });
        return e < m_member.size() && m_member[e];
    }
    std::size_t size() const { return m_entries.size(); }
    const std::vector<Entry> &entries() const { return m_entries; }

    /// Right branch at trail length `index`: D ∪ {e}.
    void add(EventId e, std::uint32_t index);
    /// D at the node of trail length `length` (what onTrailPop(length) would leave), as a new set.
    Disset prefix(std::uint32_t length) const { return prefixOf(m_entries, length); }
    /// The same from a copy of a set's entries.
    static Disset prefixOf(const std::vector<Entry> &entries, std::uint32_t length);
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
    /// A short-lived set (prefixOf): membership by scanning the entries, no table as large as the unfolding.
    bool m_small = false;
};

} // namespace weft
