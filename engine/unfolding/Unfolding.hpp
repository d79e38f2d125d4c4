// SPDX-License-Identifier: MIT
// The event store U: append-only arena of events hash-consed by (action, predecessors) (spec/qpor.md
// §3.3), their thread and lock trees (§3.4, §3.6) and cones (§3.5), and the causality (§3.7) and
// conflict (§3.8) queries. Pure data; one writer (the explorer); readers between writes.
#pragma once

#include "engine/action/SyncObjectState.hpp"
#include "engine/base/Arena.hpp"
#include "engine/unfolding/Event.hpp"

#include <functional>
#include <span>
#include <unordered_map>
#include <vector>

namespace weft {

class Unfolding {
public:
    explicit Unfolding(unsigned skipStep = 4);

    std::size_t size() const { return m_events.size(); }
    const Event &event(EventId e) const { return m_events[e]; }
    std::size_t threadCount() const { return m_threadRoots.size(); }
    std::size_t mutexCount() const { return m_mutexObjects.size(); }

    /// The dense index of a mutex, creating it on first use.
    MutexIndex internMutex(ObjectId object);
    /// kNoMutex if the unfolding has never seen this mutex.
    MutexIndex findMutex(ObjectId object) const;
    ObjectId mutexObject(MutexIndex m) const { return m_mutexObjects[m]; }

    /// Create-or-retrieve the event labelled `action` with these predecessors (kNoEvent = none).
    /// `created` (optional) tells whether the event is new.
    EventId obtain(const Action &action, EventId threadPred, EventId otherPred, bool *created = nullptr);

    /// Called with every new event (the explorer forwards it to the progress observer).
    void setNewEventCallback(std::function<void(EventId)> callback) { m_onNewEvent = std::move(callback); }

    // --- cones
    /// tmax(e, t): the causally last event of thread t in loc(e), or kNoEvent.
    EventId threadMax(EventId e, ThreadId t) const {
        const Event &ev = m_events[e];
        return t < ev.tmaxCount ? m_tmaxPool[ev.tmaxBegin + t] : kNoEvent;
    }
    std::span<const EventId> threadCut(EventId e) const {
        const Event &ev = m_events[e];
        return {m_tmaxPool.data() + ev.tmaxBegin, ev.tmaxCount};
    }
    /// lmax(e, ·) sorted by mutex index.
    std::span<const LockCut> lockCut(EventId e) const {
        const Event &ev = m_events[e];
        return {m_lmaxPool.data() + ev.lmaxBegin, ev.lmaxCount};
    }

    /// The state of an object after object-tree event `e` (kNoEvent: the initial state).
    SyncObjectState stateAfter(EventId e) const;

    // --- trees
    const SequentialTree &threadTree() const { return m_threadTree; }
    const SequentialTree &lockTree() const { return m_lockTree; }
    std::uint32_t threadDepth(EventId e) const { return m_threadTree.depth(m_events[e].threadNode); }
    std::uint32_t lockDepth(EventId e) const { return m_lockTree.depth(m_events[e].lockNode); }
    /// Events whose thread predecessor is `e` (or, for kNoEvent and thread t, the first events of t).
    std::vector<EventId> threadSuccessors(EventId e, ThreadId t = kNoThread) const;
    /// Lock/unlock events whose lock-tree parent is `e` (kNoEvent: the first acquisitions of `m`).
    std::vector<EventId> lockSuccessors(EventId e, MutexIndex m = kNoMutex) const;

    // --- relations (spec §3.7, §3.8)
    /// a ≤ b (causality or equality).
    bool precedesOrEqual(EventId a, EventId b) const;
    bool precedes(EventId a, EventId b) const { return a != b && precedesOrEqual(a, b); }
    /// a # b.
    bool inConflict(EventId a, EventId b) const;
    /// Lock-tree conflict of two lock/unlock events of the same mutex.
    bool lockNodesConflict(EventId a, EventId b) const {
        return m_lockTree.inConflict(m_events[a].lockNode, m_events[b].lockNode);
    }
    /// The spike candidates of `d` (spec §3.8 icfls): the other operations after d's object-tree parent
    /// made by other threads; empty unless d is an object operation. Appends to `out`.
    void appendLockSiblings(EventId d, std::vector<EventId> &out) const;
    /// The events in immediate conflict with `e` (spec §1.6 #ⁱ): the spike candidates of `e` (and, for
    /// a candidate, `e` itself) filtered so that neither side's history conflicts with the other.
    std::vector<EventId> immediateConflicts(EventId e) const;
    /// Both are operations on one object right after the same event (used to justify D-events).
    bool areLockSiblings(EventId a, EventId b) const;

    /// Approximate bytes held by events, trees and cones.
    std::size_t memoryBytes() const;

private:
    EventId find(const Action &action, EventId threadPred, EventId otherPred) const;
    EventId create(const Action &action, EventId threadPred, EventId otherPred);
    void buildCone(Event &ev, EventId self);

    Arena<Event> m_events;
    SequentialTree m_threadTree;
    SequentialTree m_lockTree;
    std::vector<EventId> m_threadNodeEvent; // thread-tree node -> event
    std::vector<EventId> m_lockNodeEvent;   // lock-tree node -> event
    std::vector<EventId> m_tmaxPool;
    std::vector<LockCut> m_lmaxPool;
    std::vector<SyncObjectState> m_states; // see Event::state
    std::vector<std::vector<EventId>> m_threadRoots; // per thread: events without a thread predecessor
    std::vector<std::vector<EventId>> m_lockRoots;   // per mutex: lock-tree roots
    std::vector<ObjectId> m_mutexObjects;
    std::unordered_map<ObjectId, MutexIndex> m_mutexIndex;
    /// (threadPred, otherPred) -> the first event created with them. For a deterministic program the
    /// pair names the event; a different action under the same pair falls back to a scan.
    std::unordered_map<std::uint64_t, EventId> m_byPredecessors;
    std::function<void(EventId)> m_onNewEvent;
};

} // namespace weft
