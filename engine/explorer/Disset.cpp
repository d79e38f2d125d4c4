// SPDX-License-Identifier: MIT
#include "engine/explorer/Disset.hpp"

#include "engine/unfolding/ImmediateConflicts.hpp"

#include <cassert>

namespace weft {

void Disset::add(EventId e, std::uint32_t index) {
    assert(m_entries.empty() || m_entries.back().index <= index);
    m_entries.push_back({e, index, -1});
    if (m_small)
        return;
    if (e >= m_member.size())
        m_member.resize(static_cast<std::size_t>(e) * 2 + 16, 0);
    m_member[e] = 1;
}

Disset Disset::prefixOf(const std::vector<Entry> &entries, std::uint32_t length) {
    Disset out;
    out.m_small = true;
    for (const Entry &x : entries) {
        if (x.index > length)
            break;
        out.add(x.event, x.index);
        if (x.disabler >= 0 && x.disabler < static_cast<std::int64_t>(length))
            out.m_entries.back().disabler = x.disabler;
    }
    return out;
}

void Disset::removeLast() {
    if (!m_small)
        m_member[m_entries.back().event] = 0;
    m_entries.pop_back();
}

void Disset::onTrailPush(const Unfolding &u, EventId e, std::uint32_t index) {
    // Both are enabled at C, so e # d exactly when they are dependent: same object and position,
    // or same location and last write with a write among them (README.md).
    if (u.event(e).isObjectOperation()) {
        for (Entry &d : m_entries)
            if (d.disabler < 0 && areObjectSiblings(u, d.event, e))
                d.disabler = index;
    } else if (u.event(e).isMemoryAccess()) {
        for (Entry &d : m_entries)
            if (d.disabler < 0 && areMemorySiblings(u, d.event, e))
                d.disabler = index;
    }
}

void Disset::onTrailPop(std::uint32_t length) {
    while (!m_entries.empty() && m_entries.back().index > length)
        removeLast();
    for (Entry &d : m_entries)
        if (d.disabler >= static_cast<std::int64_t>(length))
            d.disabler = -1;
}

} // namespace weft
