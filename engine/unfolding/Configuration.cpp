// SPDX-License-Identifier: MIT
#include "engine/unfolding/Configuration.hpp"

#include <algorithm>
#include <cassert>
#include <iterator>

namespace weft {

void Configuration::set(std::vector<EventId> &v, std::size_t i, EventId e) {
    if (i >= v.size())
        v.resize(i + 1, kNoEvent);
    v[i] = e;
}

void Configuration::fire(const Unfolding &u, EventId e) {
    const Event &ev = u.event(e);
    assert(threadMax(ev.thread()) == ev.threadPred);
    set(m_threadMax, ev.thread(), e);
    if (ev.object != kNoObject) {
        assert(objectMax(ev.object) == ev.otherPred);
        set(m_objectMax, ev.object, e);
    }
    if (ev.kind() == ActionKind::ThreadCreate)
        set(m_creator, static_cast<std::size_t>(ev.action.object), e);
    if (ev.isMemoryAccess()) {
        const LocationIndex l = ev.location;
        assert(lastWrite(l) == ev.otherPred);
        if (l >= m_lastWrite.size()) {
            m_lastWrite.resize(l + 1, kNoEvent);
            m_reads.resize(l + 1);
        }
        if (l >= m_readsBefore.size())
            m_readsBefore.resize(l + 1);
        if (ev.isWrite()) {
            m_readsBefore[l].push_back(std::move(m_reads[l]));
            m_reads[l].clear();
            m_lastWrite[l] = e;
        } else {
            m_reads[l].push_back(e);
        }
    }
    if (m_tracked) {
        if (e / 64 >= m_member.size())
            m_member.resize(std::max<std::size_t>(e / 64 + 1, m_member.size() * 2), 0);
        m_member[e / 64] |= std::uint64_t{1} << (e % 64);
    }
}

void Configuration::unfire(const Unfolding &u, EventId e) {
    const Event &ev = u.event(e);
    assert(threadMax(ev.thread()) == e);
    m_threadMax[ev.thread()] = ev.threadPred;
    if (ev.object != kNoObject) {
        assert(objectMax(ev.object) == e);
        m_objectMax[ev.object] = ev.otherPred;
    }
    if (ev.kind() == ActionKind::ThreadCreate)
        m_creator[static_cast<std::size_t>(ev.action.object)] = kNoEvent;
    if (ev.isMemoryAccess()) {
        const LocationIndex l = ev.location;
        if (ev.isWrite()) {
            assert(m_lastWrite[l] == e && !m_readsBefore[l].empty());
            m_lastWrite[l] = ev.otherPred;
            m_reads[l] = std::move(m_readsBefore[l].back());
            m_readsBefore[l].pop_back();
        } else {
            // The trail pops in reverse: e is almost always the last read, so search from the back
            // (from the front, undoing a long spin of reads of one write was quadratic).
            auto it = std::find(m_reads[l].rbegin(), m_reads[l].rend(), e);
            assert(it != m_reads[l].rend());
            m_reads[l].erase(std::next(it).base());
        }
    }
    if (m_tracked)
        m_member[e / 64] &= ~(std::uint64_t{1} << (e % 64));
}

bool Configuration::contains(const Unfolding &u, EventId e) const {
    if (m_tracked)
        return isMember(e);
    const EventId top = threadMax(u.event(e).thread());
    return top != kNoEvent && u.precedesOrEqual(e, top);
}

bool Configuration::isCompatible(const Unfolding &u, EventId e) const {
    if (m_tracked) {
        if (isMember(e))
            return true;
        // Cheap necessary condition first: e ∉ C must extend C's chain of its own thread (spike
        // candidates from other interleavings mostly fail here, before any cut is walked).
        const EventId top = threadMax(u.event(e).thread());
        if (top != kNoEvent && !u.precedesOrEqual(top, e))
            return false;
    }
    for (const ObjectCut &c : u.objectCut(e)) {
        const EventId y = objectMax(c.object);
        if (y == kNoEvent)
            continue;
        if (m_tracked) {
            // An entry inside C lies on C's chain for that mutex. One outside C is compatible only
            // if it extends that chain: it is deeper than C's last event, which is its ancestor.
            if (isMember(c.event))
                continue;
            const SequentialTree &tree = u.objectTree();
            const auto node = u.event(c.event).objectNode, top = u.event(y).objectNode;
            if (tree.depth(node) <= tree.depth(top) || tree.ancestorAt(node, tree.depth(top)) != top)
                return false;
            continue;
        }
        if (u.objectNodesConflict(c.event, y))
            return false;
    }
    // Memory cuts last: they are the costliest to compare (a synchronisation conflict is cheaper
    // to find, and most candidates from other interleavings have one).
    if (!u.memoryCut(e).empty()) {
        auto inE = [&](EventId r) { return u.precedesOrEqual(r, e); };
        auto inC = [&](EventId r) { return contains(u, r); };
        for (const MemoryCut &c : u.memoryCut(e))
            if (u.locationViewsConflict(c.write, u.cutReads(c), inC, lastWrite(c.location),
                                        readsOfLastWrite(c.location), inE))
                return false;
    }
    return true;
}

void Configuration::unionWith(const Unfolding &u, EventId e) {
    for (std::size_t t = 0, width = u.threadCutWidth(e); t < width; ++t) {
        const EventId x = u.threadMax(e, static_cast<ThreadId>(t));
        if (x == kNoEvent)
            continue;
        const EventId y = threadMax(static_cast<ThreadId>(t));
        if (y == kNoEvent || u.threadDepth(x) > u.threadDepth(y))
            set(m_threadMax, t, x);
    }
    for (const ObjectCut &c : u.objectCut(e)) {
        const EventId y = objectMax(c.object);
        if (y == kNoEvent || u.objectDepth(c.event) > u.objectDepth(y))
            set(m_objectMax, c.object, c.event);
    }
    for (const MemoryCut &c : u.memoryCut(e)) {
        const LocationIndex l = c.location;
        if (l >= m_lastWrite.size()) {
            m_lastWrite.resize(l + 1, kNoEvent);
            m_reads.resize(l + 1);
        }
        if (c.write != m_lastWrite[l]) {
            if (u.writeAtOrBefore(c.write, m_lastWrite[l]))
                continue; // e's view of l is older: its reads precede C's later writes
            m_lastWrite[l] = c.write;
            m_reads[l].clear();
        }
        for (EventId r : u.cutReads(c))
            if (std::find(m_reads[l].begin(), m_reads[l].end(), r) == m_reads[l].end())
                m_reads[l].push_back(r);
    }
}

} // namespace weft
