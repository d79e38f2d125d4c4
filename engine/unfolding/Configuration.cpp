// SPDX-License-Identifier: MIT
#include "engine/unfolding/Configuration.hpp"

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
}

bool Configuration::contains(const Unfolding &u, EventId e) const {
    const EventId top = threadMax(u.event(e).thread());
    return top != kNoEvent && u.precedesOrEqual(e, top);
}

bool Configuration::isCompatible(const Unfolding &u, EventId e) const {
    for (const LockCut &c : u.lockCut(e)) {
        const EventId y = mutexMax(c.mutex);
        if (y != kNoEvent && u.lockNodesConflict(c.event, y))
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
