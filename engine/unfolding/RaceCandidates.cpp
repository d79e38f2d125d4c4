// SPDX-License-Identifier: MIT
#include "engine/unfolding/RaceCandidates.hpp"

#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>
#include <cassert>

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
    const auto ownChain = static_cast<std::size_t>(chain - own.chains.begin());
    if (chain == own.chains.end()) {
        own.chains.push_back({ev.thread(), e, u.threadDepth(e), held, true});
    } else {
        m_previous[e] = chain->latest;
        chain->latest = e;
        chain->maxDepth = std::max(chain->maxDepth, u.threadDepth(e));
        chain->held &= held;
    }
    // The siblings: the writes after e's write and, for a write, the reads of it.
    const bool write = ev.isWrite();
    auto scan = [&](SiblingList &list) {
        for (SiblingList::ThreadChain &c : list.chains) {
            if (c.thread == ev.thread())
                continue; // below
            if ((c.held & held & ~m_foreignUnlocks) != 0)
                continue; // every member shares a lock with e (mayRace's lock rule)
            const EventId q = u.threadMax(e, c.thread);
            if (q != kNoEvent && (u.threadDepth(q) >= c.maxDepth || u.event(q).kind() == ActionKind::ThreadExit))
                continue; // mayRace's thread-cut rule holds for every member
            if (c.allRacing && isRacing(e))
                continue; // nothing left to flag (thousands of threads' placements: no walk each)
            bool all = true;
            for (EventId x = c.latest; x != kNoEvent; x = m_previous[x]) {
                if (mayRace(u, e, x))
                    markRacing(e, x);
                all = all && isRacing(x);
            }
            c.allRacing = all;
        }
    };
    scan(lists.writes);
    if (write)
        scan(lists.reads);
    flagSameThread(u, e);
    // A flag e gets later leaves this false: the next scan of the chain walks it and finds out.
    SiblingList::ThreadChain &mine = own.chains[ownChain];
    mine.allRacing = mine.allRacing && isRacing(e);
}

void RaceCandidates::flagSameThread(const Unfolding &u, EventId e) {
    const Event &ev = u.event(e);
    const bool write = ev.isWrite();
    // e's own thread: only its alternatives after the same thread predecessor may race with it
    // (mayRace's same-thread rule): those of them that access e's location after the same write, which
    // the unfolding chains (a thread node can have many successors, of other writes or locations).
    // With a thread predecessor, the chain's accesses of one location are one thread's: once a pair of them
    // is flagged, all of them are (a write races with every other, and a read flagged with a write makes the
    // reads before it flagged with that write too), and so is every later one. A write's placements
    // after one thread predecessor can be thousands, and walking the chain for each would be quadratic.
    auto pairs = [&](EventId y) {
        const Event &ey = u.event(y);
        return y != e && ey.isMemoryAccess() && ey.thread() == ev.thread() && ey.location == ev.location &&
               (ey.isWrite() || write);
    };
    // Debug builds check the shortcuts against the walk: nothing left for it to flag.
    [[maybe_unused]] auto walkFlagsNothingNew = [&] {
        for (EventId y = u.firstWithPredecessors(ev.threadPred, ev.otherPred); y != kNoEvent;
             y = u.nextWithSamePredecessors(y))
            if (pairs(y) && !(isRacing(y) && isRacing(e)))
                return false;
        return true;
    };
    const EventId head = ev.threadPred != kNoEvent ? u.firstWithPredecessors(ev.threadPred, ev.otherPred) : kNoEvent;
    std::uint8_t *stateOf = nullptr;
    if (head != kNoEvent && ev.otherPred != kNoEvent) {
        if (m_chainState.size() <= head)
            m_chainState.resize(std::max<std::size_t>(head + 1, m_chainState.size() * 3 / 2), 0);
        stateOf = &m_chainState[head];
    } else if (head != kNoEvent) {
        // Accesses after the initial values: the chain holds every location's, so the state is per location.
        stateOf = &m_initialChainState[(std::uint64_t{head} << 32) | ev.location];
    }
    if (stateOf) {
        const std::uint8_t state = *stateOf;
        if (state & kChainFlagged) {
            markRacing(e, e);
            assert(walkFlagsNothingNew());
            return;
        }
        if (head == e || (!(state & kChainHasWrite) && !write)) {
            *stateOf |= write ? kChainHasWrite : 0;
            assert(walkFlagsNothingNew());
            return; // alone, or reads only: no pair
        }
    }
    bool flagged = false;
    for (EventId y = u.firstWithPredecessors(ev.threadPred, ev.otherPred); y != kNoEvent;
         y = u.nextWithSamePredecessors(y))
        if (pairs(y)) {
            markRacing(e, y);
            flagged = true;
        }
    if (stateOf)
        *stateOf |= (write ? kChainHasWrite : 0) | (flagged ? kChainFlagged : 0);
}

std::size_t RaceCandidates::memoryBytes() const {
    return (m_siblingLists.capacity() + m_initialSiblingLists.capacity()) * sizeof(SiblingLists) +
           m_previous.capacity() * sizeof(EventId) + m_racing.capacity() / 8 + m_chainState.capacity() +
           m_initialChainState.size() * 32;
}

} // namespace weft
