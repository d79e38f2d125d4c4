// SPDX-License-Identifier: MIT
#include "engine/unfolding/RaceCandidates.hpp"

#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>

namespace weft {

bool RaceCandidates::mayRace(const Unfolding &u, EventId d, EventId x) const {
    // README.md, "Spike candidates": O(1) tests that x (a sibling access: after d's write, or a
    // read of d's previous write) cannot be an immediate conflict of d. Symmetric in d and x.
    const Event &ed = u.event(d), &ex = u.event(x);
    if (ex.thread() == ed.thread())
        return x != d && ex.threadPred == ed.threadPred;
    if ((u.detail(x).heldMutexes & u.detail(d).heldMutexes & ~m_foreignUnlocks) != 0)
        return false; // under a common lock
    auto lastOf = [&](const Event &e, EventId self, ThreadId t) {
        return t == e.thread() ? e.threadPred : u.threadMax(self, t); // in loc(e) \ {e}
    };
    auto shuts = [&](EventId q, EventId e) {
        return q != kNoEvent && (u.threadDepth(q) >= u.threadDepth(e) || u.event(q).kind() == ActionKind::ThreadExit);
    };
    return !shuts(lastOf(ed, d, ex.thread()), x) && !shuts(lastOf(ex, x, ed.thread()), d);
}

void RaceCandidates::markRacing(EventId a, EventId b) {
    const std::size_t size = std::max(a, b) + std::size_t{1};
    if (m_racing.size() < size)
        m_racing.resize(std::max(size, m_racing.size() * 3 / 2), false);
    m_racing[a] = true;
    m_racing[b] = true;
}

RaceCandidates::SiblingLists &RaceCandidates::listsOf(const Unfolding &u, const Event &access) {
    if (access.otherPred == kNoEvent) {
        if (m_initialSiblingLists.size() <= access.location)
            m_initialSiblingLists.resize(access.location + 1);
        return m_initialSiblingLists[access.location];
    }
    const auto node = u.detail(access.otherPred).writeNode;
    if (m_siblingLists.size() <= node)
        m_siblingLists.resize(std::max<std::size_t>(node + 1, m_siblingLists.size() * 3 / 2));
    return m_siblingLists[node];
}

void RaceCandidates::add(const Unfolding &u, EventId e) {
    // Whether two accesses may race is fixed by their cones, so testing each new access against its
    // siblings once keeps the flags exact for good (a later foreign unlock cannot enter these cones).
    const Event &ev = u.event(e);
    const std::uint64_t held = u.detail(e).heldMutexes;
    if (m_previous.size() <= e)
        m_previous.resize(std::max<std::size_t>(e + 1, m_previous.size() * 3 / 2), kNoEvent);
    SiblingLists &lists = listsOf(u, ev);
    SiblingList &own = ev.isWrite() ? lists.writes : lists.reads;
    auto chain = std::ranges::find(own.chains, ev.thread(), &SiblingList::ThreadChain::thread);
    if (chain == own.chains.end()) {
        own.chains.push_back({ev.thread(), e, u.threadDepth(e), held});
    } else {
        m_previous[e] = chain->latest;
        chain->latest = e;
        chain->maxDepth = std::max(chain->maxDepth, u.threadDepth(e));
        chain->held &= held;
    }
    // The siblings: the writes after e's write and, for a write, the reads of it.
    const bool write = ev.isWrite();
    auto scan = [&](const SiblingList &list) {
        for (const SiblingList::ThreadChain &c : list.chains) {
            if (c.thread == ev.thread())
                continue; // below
            if ((c.held & held & ~m_foreignUnlocks) != 0)
                continue; // every member shares a lock with e (mayRace's lock rule)
            const EventId q = u.threadMax(e, c.thread);
            if (q != kNoEvent && (u.threadDepth(q) >= c.maxDepth || u.event(q).kind() == ActionKind::ThreadExit))
                continue; // mayRace's thread-cut rule holds for every member
            for (EventId x = c.latest; x != kNoEvent; x = m_previous[x])
                if (mayRace(u, e, x))
                    markRacing(e, x);
        }
    };
    scan(lists.writes);
    if (write)
        scan(lists.reads);
    // e's own thread: only its alternatives after the same thread predecessor may race with it
    // (mayRace's same-thread rule): those of them that access e's location after the same write, which
    // the unfolding chains (a thread node can have many successors, of other writes or locations).
    for (EventId y = u.firstWithPredecessors(ev.threadPred, ev.otherPred); y != kNoEvent;
         y = u.nextWithSamePredecessors(y)) {
        const Event &ey = u.event(y);
        if (y != e && ey.isMemoryAccess() && ey.thread() == ev.thread() && ey.location == ev.location &&
            (ey.isWrite() || write))
            markRacing(e, y);
    }
}

std::size_t RaceCandidates::memoryBytes() const {
    return (m_siblingLists.capacity() + m_initialSiblingLists.capacity()) * sizeof(SiblingLists) +
           m_previous.capacity() * sizeof(EventId) + m_racing.capacity() / 8;
}

} // namespace weft
