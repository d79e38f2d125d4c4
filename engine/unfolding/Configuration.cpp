// SPDX-License-Identifier: MIT
#include "engine/unfolding/Configuration.hpp"

#include <algorithm>
#include <cassert>

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
    if (ev.mutex != kNoMutex) {
        assert(mutexMax(ev.mutex) == ev.otherPred);
        set(m_mutexMax, ev.mutex, e);
    }
    if (ev.kind() == ActionKind::ThreadCreate)
        set(m_creator, static_cast<std::size_t>(ev.action.object), e);
    if (m_tracked) {
        if (e >= m_member.size())
            m_member.resize(std::max<std::size_t>(e + 1, m_member.size() * 2), 0);
        m_member[e] = 1;
    }
}

void Configuration::unfire(const Unfolding &u, EventId e) {
    const Event &ev = u.event(e);
    assert(threadMax(ev.thread()) == e);
    m_threadMax[ev.thread()] = ev.threadPred;
    if (ev.mutex != kNoMutex) {
        assert(mutexMax(ev.mutex) == e);
        m_mutexMax[ev.mutex] = ev.otherPred;
    }
    if (ev.kind() == ActionKind::ThreadCreate)
        m_creator[static_cast<std::size_t>(ev.action.object)] = kNoEvent;
    if (m_tracked)
        m_member[e] = 0;
}

bool Configuration::contains(const Unfolding &u, EventId e) const {
    if (m_tracked)
        return e < m_member.size() && m_member[e];
    const EventId top = threadMax(u.event(e).thread());
    return top != kNoEvent && u.precedesOrEqual(e, top);
}

bool Configuration::isCompatible(const Unfolding &u, EventId e) const {
    for (const LockCut &c : u.lockCut(e)) {
        const EventId y = mutexMax(c.mutex);
        if (y == kNoEvent)
            continue;
        if (m_tracked) {
            // An entry inside C lies on C's chain for that mutex. One outside C is compatible only
            // if it extends that chain: it is deeper than C's last event, which is its ancestor.
            if (c.event < m_member.size() && m_member[c.event])
                continue;
            const SequentialTree &tree = u.lockTree();
            const auto node = u.event(c.event).lockNode, top = u.event(y).lockNode;
            if (tree.depth(node) <= tree.depth(top) || tree.ancestorAt(node, tree.depth(top)) != top)
                return false;
            continue;
        }
        if (u.lockNodesConflict(c.event, y))
            return false;
    }
    return true;
}

void Configuration::unionWith(const Unfolding &u, EventId e) {
    std::span<const EventId> cut = u.threadCut(e);
    for (std::size_t t = 0; t < cut.size(); ++t) {
        const EventId x = cut[t];
        if (x == kNoEvent)
            continue;
        const EventId y = threadMax(static_cast<ThreadId>(t));
        if (y == kNoEvent || u.threadDepth(x) > u.threadDepth(y))
            set(m_threadMax, t, x);
    }
    for (const LockCut &c : u.lockCut(e)) {
        const EventId y = mutexMax(c.mutex);
        if (y == kNoEvent || u.lockDepth(c.event) > u.lockDepth(y))
            set(m_mutexMax, c.mutex, c.event);
    }
}

} // namespace weft
