// SPDX-License-Identifier: MIT
#include "engine/explorer/Alternatives.hpp"

#include "engine/unfolding/SpikeCandidates.hpp"

#include <algorithm>
#include <cassert>

namespace weft {

bool Alternatives::buildComb(const Unfolding &u, const Configuration &c, const Disset &d) {
    m_unjustified.clear();
    d.forEachUnjustified([&](EventId e) { m_unjustified.push_back(e); });
    const std::size_t spikes =
        m_policy.isOptimal() ? m_unjustified.size() : std::min<std::size_t>(m_policy.k, m_unjustified.size());
    // An x above some unjustified d is never part of a clue: partial clues need the "loc(x) ∩ D"
    // filter; in optimal mode x conflicts with d's whole spike, so dropping it changes no solution,
    // but it saves the comb search from trying x against every event of d's spike.
    const bool filterByD = true;
    m_comb.clear();
    m_isInD = [&d](EventId e) { return d.contains(e); };
    groupByLevel(u);
    for (std::size_t i = 0; i < spikes; ++i) {
        std::vector<EventId> &spike = m_comb.addSpike();
        // Events above a D-event are dropped below (D events: above one, x is in D's future, never
        // in a clue); the index skips whole groups of them. An object operation's spike is in creation
        // order (the comb search takes the first solution): sorted after the filter, which tests each event
        // alone, it is what sorting before it gave, and most candidates do not survive (POL(12,3): the sort
        // was 6 % of the instructions). Other spikes keep appendSpikeCandidates' order.
        const EventId di = m_unjustified[i];
        const bool sortAfter = u.event(di).isObjectOperation() && u.event(di).kind() != ActionKind::NondetChoice;
        appendSpikeCandidates(u, c, di, spike, m_isInD, sortAfter ? SpikeOrder::Any : SpikeOrder::Creation);
        auto dropped = [&](EventId x) {
            if (d.contains(x) || !c.isCompatible(u, x))
                return true;
            return filterByD && aboveUnjustified(u, x);
        };
        std::erase_if(spike, dropped);
        if (sortAfter)
            std::sort(spike.begin(), spike.end());
#ifndef NDEBUG
        std::vector<EventId> inCreationOrder;
        appendSpikeCandidates(u, c, di, inCreationOrder, m_isInD, SpikeOrder::Creation);
        std::erase_if(inCreationOrder, dropped);
        assert(inCreationOrder == spike);
#endif
        if (spike.empty()) {
            m_emptySpike = m_unjustified[i];
            return false;
        }
        m_stats.spikeEvents += spike.size();
    }
    return spikes > 0;
}

void Alternatives::groupByLevel(const Unfolding &u) {
    m_byLevel.clear();
    for (EventId e : m_unjustified)
        m_byLevel.push_back({u.event(e).thread(), u.threadDepth(e), e});
    std::sort(m_byLevel.begin(), m_byLevel.end());
    m_levels.clear();
    for (const auto &[thread, depth, e] : m_byLevel) {
        if (m_levels.empty() || m_levels.back().thread != thread || m_levels.back().depth != depth)
            m_levels.push_back({thread, depth, {}});
        m_levels.back().events.push_back(e); // sorted: the tuples are
    }
}

bool Alternatives::aboveUnjustified(const Unfolding &u, EventId x) const {
    for (const Level &level : m_levels) {
        const EventId last = u.threadMax(x, level.thread);
        if (last == kNoEvent)
            continue;
        const std::uint32_t depth = u.threadDepth(last);
        if (depth < level.depth)
            continue;
        const EventId ancestor = depth == level.depth ? last : u.threadTree().ancestorAt(last, level.depth);
        if (std::binary_search(level.events.begin(), level.events.end(), ancestor))
            return true;
    }
    return false;
}

EventId Alternatives::firstEnabledEvent(const Unfolding &u, const Configuration &c, const Configuration &j) {
    for (ThreadId t = 0; t < j.threadSlots(); ++t) {
        const EventId base = c.threadMax(t);
        EventId e = j.threadMax(t);
        if (e == kNoEvent || e == base)
            continue;
        while (u.event(e).threadPred != base)
            e = u.event(e).threadPred;
        const EventId other = u.event(e).otherPred;
        if (other != kNoEvent && !c.contains(u, other))
            continue;
        std::span<const EventId> extras = u.extraPredecessors(e);
        if (std::all_of(extras.begin(), extras.end(), [&](EventId x) { return c.contains(u, x); }))
            return e;
    }
    return kNoEvent;
}

std::optional<Configuration> Alternatives::find(const Unfolding &u, const Configuration &c, const Disset &d) {
    ++m_stats.calls;
    m_emptySpike = kNoEvent;
    if (!buildComb(u, c, d))
        return std::nullopt;
    ++m_stats.combsBuilt;
    if (!m_comb.findCombination([&](EventId x, EventId y) { return u.inConflict(x, y); }, m_choice))
        return std::nullopt;
    ++m_stats.found;
    Configuration j = c.cut();
    for (EventId x : m_choice)
        j.unionWith(u, x);
    if (m_policy.kind == AltPolicy::Kind::SourceDpor) {
        // Source-DPOR emulation (docs/algorithms.md, "Alternatives"): keep only one event of J \ C that is
        // enabled at C.
        const EventId first = firstEnabledEvent(u, c, j);
        j = c.cut();
        j.unionWith(u, first);
    }
    return j;
}

} // namespace weft
