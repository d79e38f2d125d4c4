// SPDX-License-Identifier: MIT
#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>
#include <cassert>

namespace weft {

Unfolding::Unfolding(unsigned skipStep) : m_threadTree(skipStep), m_lockTree(skipStep) {}

MutexIndex Unfolding::internMutex(ObjectId object) {
    auto [it, inserted] = m_mutexIndex.try_emplace(object, static_cast<MutexIndex>(m_mutexObjects.size()));
    if (inserted) {
        m_mutexObjects.push_back(object);
        m_lockRoots.emplace_back();
    }
    return it->second;
}

MutexIndex Unfolding::findMutex(ObjectId object) const {
    auto it = m_mutexIndex.find(object);
    return it == m_mutexIndex.end() ? kNoMutex : it->second;
}

EventId Unfolding::obtain(const Action &action, EventId threadPred, EventId otherPred, bool *created) {
    EventId e = find(action, threadPred, otherPred);
    if (created)
        *created = e == kNoEvent;
    return e != kNoEvent ? e : create(action, threadPred, otherPred);
}

static std::uint64_t predecessorKey(EventId threadPred, EventId otherPred) {
    return (std::uint64_t{threadPred} << 32) | otherPred;
}

EventId Unfolding::find(const Action &action, EventId threadPred, EventId otherPred) const {
    auto hit = m_byPredecessors.find(predecessorKey(threadPred, otherPred));
    if (hit == m_byPredecessors.end())
        return kNoEvent;
    if (m_events[hit->second].action == action)
        return hit->second;
    auto matches = [&](EventId c) {
        const Event &ev = m_events[c];
        return ev.otherPred == otherPred && ev.action == action;
    };
    if (threadPred == kNoEvent) {
        if (action.thread < m_threadRoots.size())
            for (EventId c : m_threadRoots[action.thread])
                if (matches(c))
                    return c;
        return kNoEvent;
    }
    for (auto n = m_threadTree.firstChild(m_events[threadPred].threadNode); n != SequentialTree::kNone;
         n = m_threadTree.nextSibling(n))
        if (matches(m_threadNodeEvent[n]))
            return m_threadNodeEvent[n];
    return kNoEvent;
}

EventId Unfolding::create(const Action &action, EventId threadPred, EventId otherPred) {
    const EventId id = static_cast<EventId>(m_events.size());
    Event ev;
    ev.action = action;
    ev.threadPred = threadPred;
    ev.otherPred = otherPred;
    std::uint32_t depth = 0;
    if (threadPred != kNoEvent)
        depth = m_events[threadPred].depth;
    if (otherPred != kNoEvent)
        depth = std::max(depth, m_events[otherPred].depth);
    ev.depth = depth + 1;

    ev.threadNode = m_threadTree.add(threadPred == kNoEvent ? SequentialTree::kNone
                                                            : m_events[threadPred].threadNode);
    m_threadNodeEvent.push_back(id);
    if (threadPred == kNoEvent) {
        if (m_threadRoots.size() <= action.thread)
            m_threadRoots.resize(action.thread + 1);
        m_threadRoots[action.thread].push_back(id);
    }
    if (isLockTreeKind(action.kind)) {
        ev.mutex = internMutex(action.object);
        assert(otherPred == kNoEvent || m_events[otherPred].mutex == ev.mutex);
        ev.lockNode = m_lockTree.add(otherPred == kNoEvent ? SequentialTree::kNone
                                                           : m_events[otherPred].lockNode);
        m_lockNodeEvent.push_back(id);
        if (otherPred == kNoEvent)
            m_lockRoots[ev.mutex].push_back(id);
        if (action.kind != ActionKind::MutexLock && action.kind != ActionKind::MutexUnlock) {
            ev.state = static_cast<std::uint32_t>(m_states.size());
            m_states.push_back(stateAfter(otherPred).after(action));
        }
    }
    buildCone(ev, id);
    m_events.push(ev);
    m_byPredecessors.try_emplace(predecessorKey(threadPred, otherPred), id);
    if (m_onNewEvent)
        m_onNewEvent(id);
    return id;
}

void Unfolding::buildCone(Event &ev, EventId self) {
    const EventId preds[2] = {ev.threadPred, ev.otherPred};

    // tmax: slot-wise deeper entry of the two predecessors' cuts, then the event itself.
    std::size_t width = ev.action.thread + 1;
    for (EventId p : preds)
        if (p != kNoEvent)
            width = std::max<std::size_t>(width, m_events[p].tmaxCount);
    const std::uint32_t tmaxBegin = static_cast<std::uint32_t>(m_tmaxPool.size());
    for (std::size_t t = 0; t < width; ++t) {
        EventId best = kNoEvent;
        for (EventId p : preds) {
            if (p == kNoEvent)
                continue;
            const EventId x = threadMax(p, static_cast<ThreadId>(t));
            if (x != kNoEvent && (best == kNoEvent || threadDepth(x) > threadDepth(best)))
                best = x;
        }
        m_tmaxPool.push_back(t == ev.action.thread ? self : best);
    }
    ev.tmaxBegin = tmaxBegin;
    ev.tmaxCount = static_cast<std::uint32_t>(width);

    // lmax: merge of the predecessors' sorted cuts (deeper lock-tree node wins), plus the event itself.
    std::vector<LockCut> merged;
    std::span<const LockCut> a = ev.threadPred != kNoEvent ? lockCut(ev.threadPred) : std::span<const LockCut>{};
    std::span<const LockCut> b = ev.otherPred != kNoEvent ? lockCut(ev.otherPred) : std::span<const LockCut>{};
    merged.reserve(a.size() + b.size() + 1);
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && a[i].mutex < b[j].mutex)) {
            merged.push_back(a[i++]);
        } else if (i == a.size() || b[j].mutex < a[i].mutex) {
            merged.push_back(b[j++]);
        } else {
            merged.push_back(lockDepth(a[i].event) >= lockDepth(b[j].event) ? a[i] : b[j]);
            ++i, ++j;
        }
    }
    if (ev.mutex != kNoMutex) {
        auto it = std::lower_bound(merged.begin(), merged.end(), ev.mutex,
                                   [](const LockCut &c, MutexIndex m) { return c.mutex < m; });
        if (it != merged.end() && it->mutex == ev.mutex)
            it->event = self;
        else
            merged.insert(it, LockCut{ev.mutex, self});
    }
    ev.lmaxBegin = static_cast<std::uint32_t>(m_lmaxPool.size());
    ev.lmaxCount = static_cast<std::uint32_t>(merged.size());
    m_lmaxPool.insert(m_lmaxPool.end(), merged.begin(), merged.end());
}

SyncObjectState Unfolding::stateAfter(EventId e) const {
    if (e == kNoEvent)
        return {};
    const Event &ev = m_events[e];
    SyncObjectState s;
    switch (ev.kind()) {
    case ActionKind::MutexLock: s.owner = ev.thread(); return s; // mutex state is just its owner
    case ActionKind::MutexUnlock: return s;
    default: return m_states[ev.state];
    }
}

std::vector<EventId> Unfolding::threadSuccessors(EventId e, ThreadId t) const {
    if (e == kNoEvent)
        return t < m_threadRoots.size() ? m_threadRoots[t] : std::vector<EventId>{};
    std::vector<EventId> out;
    for (auto n = m_threadTree.firstChild(m_events[e].threadNode); n != SequentialTree::kNone;
         n = m_threadTree.nextSibling(n))
        out.push_back(m_threadNodeEvent[n]);
    return out;
}

std::vector<EventId> Unfolding::lockSuccessors(EventId e, MutexIndex m) const {
    if (e == kNoEvent)
        return m < m_lockRoots.size() ? m_lockRoots[m] : std::vector<EventId>{};
    std::vector<EventId> out;
    for (auto n = m_lockTree.firstChild(m_events[e].lockNode); n != SequentialTree::kNone;
         n = m_lockTree.nextSibling(n))
        out.push_back(m_lockNodeEvent[n]);
    return out;
}

bool Unfolding::precedesOrEqual(EventId a, EventId b) const {
    const Event &ea = m_events[a];
    const EventId x = threadMax(b, ea.thread());
    if (x == kNoEvent)
        return false;
    if (x == a)
        return true;
    const std::uint32_t da = m_threadTree.depth(ea.threadNode);
    const SequentialTree::NodeId nx = m_events[x].threadNode;
    if (da >= m_threadTree.depth(nx))
        return false;
    return m_threadTree.ancestorAt(nx, da) == ea.threadNode;
}

bool Unfolding::inConflict(EventId a, EventId b) const {
    if (a == b)
        return false;
    std::span<const LockCut> ca = lockCut(a), cb = lockCut(b);
    std::size_t i = 0, j = 0;
    while (i < ca.size() && j < cb.size()) {
        if (ca[i].mutex < cb[j].mutex)
            ++i;
        else if (cb[j].mutex < ca[i].mutex)
            ++j;
        else {
            if (lockNodesConflict(ca[i].event, cb[j].event))
                return true;
            ++i, ++j;
        }
    }
    return false;
}

void Unfolding::appendLockSiblings(EventId d, std::vector<EventId> &out) const {
    const Event &ed = m_events[d];
    if (!ed.isObjectOperation())
        return;
    auto consider = [&](EventId s) {
        if (s != d && m_events[s].thread() != ed.thread())
            out.push_back(s);
    };
    if (ed.otherPred == kNoEvent) {
        for (EventId s : m_lockRoots[ed.mutex])
            consider(s);
        return;
    }
    for (auto n = m_lockTree.firstChild(m_events[ed.otherPred].lockNode); n != SequentialTree::kNone;
         n = m_lockTree.nextSibling(n))
        consider(m_lockNodeEvent[n]);
}

std::vector<EventId> Unfolding::immediateConflicts(EventId e) const {
    std::vector<EventId> siblings;
    appendLockSiblings(e, siblings);
    // Siblings share the other predecessor, so only the thread predecessors can bring a conflict in.
    auto historyFits = [&](EventId x, EventId with) {
        const EventId p = m_events[x].threadPred;
        return p == kNoEvent || !inConflict(p, with);
    };
    std::erase_if(siblings, [&](EventId x) { return !historyFits(x, e) || !historyFits(e, x); });
    return siblings;
}

bool Unfolding::areLockSiblings(EventId a, EventId b) const {
    const Event &ea = m_events[a], &eb = m_events[b];
    return ea.isObjectOperation() && ea.mutex == eb.mutex && ea.otherPred == eb.otherPred && a != b;
}

std::size_t Unfolding::memoryBytes() const {
    return m_events.bytesReserved() + m_tmaxPool.capacity() * sizeof(EventId) +
           m_lmaxPool.capacity() * sizeof(LockCut) +
           (m_threadNodeEvent.capacity() + m_lockNodeEvent.capacity()) * sizeof(EventId) +
           (m_threadTree.size() + m_lockTree.size()) * 32;
}

} // namespace weft
