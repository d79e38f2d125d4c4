// SPDX-License-Identifier: MIT
// The Unfolding's work on shared-memory accesses (the sc model; README.md "Memory locations with
// read-read independence"): building an event's memory cut and the conflict test between two cuts.
#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>
#include <cassert>

namespace weft {

void Unfolding::buildMemoryCut(const Event &ev, EventDetail &detail, EventId self, std::span<const EventId> preds) {
    // The predecessors' cuts; a non-memory event that brings at most one distinct cut shares it. A
    // predecessor below another one adds nothing (its cut is included).
    std::vector<MemoryCutView> &cuts = m_scratch.cuts;
    cuts.clear();
    for (EventId p : preds) {
        if (p == kNoEvent || memoryCut(p).empty())
            continue;
        if (std::any_of(preds.begin(), preds.end(),
                        [&](EventId q) { return q != kNoEvent && q != p && precedes(p, q); }))
            continue;
        const MemoryCutView cut = memoryCut(p);
        const bool same = std::any_of(cuts.begin(), cuts.end(), [&](const MemoryCutView &c) {
            return c.baseId() == cut.baseId() && c.delta().data() == cut.delta().data() &&
                   c.delta().size() == cut.delta().size();
        });
        if (!same)
            cuts.push_back(cut);
    }
    if (cuts.size() <= 1 && !ev.isMemoryAccess()) {
        if (!cuts.empty()) {
            const MemoryCutView &c = cuts[0];
            detail.memBase = c.baseId();
            detail.memBegin = static_cast<std::uint32_t>(c.delta().data() - m_memCutPool.data());
            detail.memCount = static_cast<std::uint32_t>(c.delta().size());
        }
        return;
    }
    using View = CutScratch::View;
    auto addRead = [&](View &v, EventId r) {
        const ThreadId t = m_events[r].thread();
        for (EventId &o : v.reads)
            if (m_events[o].thread() == t) {
                if (threadDepth(r) > threadDepth(o))
                    o = r;
                return;
            }
        v.reads.push_back(r);
    };
    auto absorb = [&](View &v, const MemoryCut &c) {
        if (c.write != v.write) {
            // The histories are compatible, so one write is before the other; reads of the older
            // one precede the next write, so only the newer write's reads stay.
            if (writeAtOrBefore(c.write, v.write))
                return;
            v.reads.clear();
            v.write = c.write;
        }
        for (EventId r : cutReads(c))
            addRead(v, r);
    };
    auto addSelf = [&](View &v) {
        if (ev.isWrite()) {
            v.write = self;
            v.reads.clear();
        } else {
            assert(v.write == ev.otherPred);
            // self is not in the arena yet; it is its thread's latest read.
            std::erase_if(v.reads, [&](EventId o) { return m_events[o].thread() == ev.thread(); });
            v.reads.push_back(self);
        }
    };
    auto store = [&](std::span<View> views) {
        const auto begin = static_cast<std::uint32_t>(m_memCutPool.size());
        for (View &v : views) {
            auto threadOf = [&](EventId e) { return e == self ? ev.thread() : m_events[e].thread(); };
            std::sort(v.reads.begin(), v.reads.end(), [&](EventId a, EventId b) { return threadOf(a) < threadOf(b); });
            m_memCutPool.push_back({v.location, v.write, static_cast<std::uint32_t>(m_cutReadsPool.size()),
                                    static_cast<std::uint32_t>(v.reads.size())});
            m_cutReadsPool.insert(m_cutReadsPool.end(), v.reads.begin(), v.reads.end());
        }
        return std::pair{begin, static_cast<std::uint32_t>(views.size())};
    };

    // Shared base: only the locations some delta mentions (and the event's own) can differ from it.
    std::uint32_t base = MemoryCutView::kNoBase;
    bool sharedBase = true;
    for (const MemoryCutView &c : cuts) {
        if (c.baseId() == MemoryCutView::kNoBase)
            continue;
        if (base == MemoryCutView::kNoBase)
            base = c.baseId();
        else if (base != c.baseId())
            sharedBase = false;
    }
    {
        // Keep one base (shared, or the largest) and record as the delta only the locations where
        // the merge can differ from it: every delta's, the event's own, and, for a cut on another
        // base, its entries that would change the kept one (a scan, but no O(locations) copy).
        std::size_t primary = 0;
        auto baseSizeOf = [&](const MemoryCutView &c) { return c.base().size(); };
        for (std::size_t i = 1; i < cuts.size(); ++i)
            if (baseSizeOf(cuts[i]) > baseSizeOf(cuts[primary]))
                primary = i;
        if (!cuts.empty())
            base = cuts[primary].baseId();
        std::vector<LocationIndex> &locations = m_scratch.locations;
        locations.clear();
        for (const MemoryCutView &c : cuts)
            for (const MemoryCut &d : c.delta())
                locations.push_back(d.location);
        if (ev.isMemoryAccess())
            locations.push_back(ev.location);
        for (std::size_t i = 0; i < cuts.size() && !sharedBase; ++i) {
            if (i == primary || cuts[i].baseId() == base || cuts[i].baseId() == MemoryCutView::kNoBase)
                continue;
            for (const MemoryCut &x : cuts[i].base()) {
                const MemoryCut *kept = cuts[primary].find(x.location);
                const bool changes = !kept || (x.write != kept->write ? !writeAtOrBefore(x.write, kept->write)
                                                                      : !std::ranges::equal(cutReads(x), cutReads(*kept)));
                if (changes)
                    locations.push_back(x.location);
            }
        }
        std::sort(locations.begin(), locations.end());
        locations.erase(std::unique(locations.begin(), locations.end()), locations.end());
        // Views are reused from call to call (their read lists keep their capacity): no allocation
        // per access in the common case.
        std::vector<View> &pool = m_scratch.views;
        if (pool.size() < locations.size())
            pool.resize(locations.size());
        for (std::size_t i = 0; i < locations.size(); ++i) {
            View &v = pool[i];
            v.location = locations[i];
            v.write = kNoEvent;
            v.reads.clear();
            for (const MemoryCutView &c : cuts)
                if (const MemoryCut *entry = c.find(v.location))
                    absorb(v, *entry);
            if (ev.isMemoryAccess() && v.location == ev.location)
                addSelf(v);
        }
        const std::size_t baseSize = base == MemoryCutView::kNoBase ? 0 : m_memBases[base].second;
        if (locations.size() <= 8 + baseSize / 4) {
            const auto [begin, count] = store(std::span(pool.data(), locations.size()));
            detail.memBase = base;
            detail.memBegin = begin;
            detail.memCount = count;
            return;
        }
        // The delta grew too large: fold it into a new base (amortised over the deltas before).
    }
    // A new base: every location of every cut.
    std::vector<View> views;
    auto viewOf = [&](LocationIndex l) -> View & {
        auto it = std::lower_bound(views.begin(), views.end(), l,
                                   [](const View &v, LocationIndex x) { return v.location < x; });
        if (it == views.end() || it->location != l)
            it = views.insert(it, View{l, kNoEvent, {}});
        return *it;
    };
    for (const MemoryCutView &c : cuts)
        for (const MemoryCut &entry : c)
            absorb(viewOf(entry.location), entry);
    if (ev.isMemoryAccess())
        addSelf(viewOf(ev.location));
    const auto [begin, count] = store(views);
    detail.memBase = static_cast<std::uint32_t>(m_memBases.size());
    m_memBases.emplace_back(begin, count);
    detail.memBegin = static_cast<std::uint32_t>(m_memCutPool.size());
    detail.memCount = 0;
}

bool Unfolding::memoryCutsConflict(EventId a, EventId b) const {
    const MemoryCutView ca = memoryCut(a), cb = memoryCut(b);
    if (ca.empty() || cb.empty())
        return false;
    auto inA = [&](EventId r) { return precedesOrEqual(r, a); };
    auto inB = [&](EventId r) { return precedesOrEqual(r, b); };
    auto conflictAt = [&](const MemoryCut &x, const MemoryCut &y) {
        return locationViewsConflict(x.write, cutReads(x), inB, y.write, cutReads(y), inA);
    };
    const std::uint32_t ba = ca.baseId(), bb = cb.baseId();
    if (ba == bb || ba == MemoryCutView::kNoBase || bb == MemoryCutView::kNoBase) {
        // Entries of a shared base are identical on both sides, and a location only one side's
        // base holds is common only if the other side's delta holds it: the deltas suffice.
        for (const MemoryCutView *side : {&ca, &cb})
            for (const MemoryCut &d : side->delta()) {
                const MemoryCut *x = ca.find(d.location), *y = cb.find(d.location);
                if (x && y && conflictAt(*x, *y))
                    return true;
            }
        return false;
    }
    auto i = ca.begin(), j = cb.begin();
    const auto ie = ca.end(), je = cb.end();
    while (i != ie && j != je) {
        if ((*i).location < (*j).location)
            ++i;
        else if ((*j).location < (*i).location)
            ++j;
        else {
            if (conflictAt(*i, *j))
                return true;
            ++i, ++j;
        }
    }
    return false;
}

} // namespace weft
