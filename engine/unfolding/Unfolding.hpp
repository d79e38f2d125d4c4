// SPDX-License-Identifier: MIT
// The event store U: append-only arena of events hash-consed by (action, predecessors), their thread,
// lock and write trees and cones, and the causality and conflict queries (docs/algorithms.md, "Events
// and the unfolding", "Causality and conflict"), memory accesses included (README.md, "Memory locations").
// Pure data; one writer (the explorer); readers between writes.
#pragma once

#include "engine/action/SyncObjectState.hpp"
#include "engine/base/Arena.hpp"
#include "engine/unfolding/Event.hpp"
#include "engine/unfolding/ObjectSiblingIndex.hpp"
#include "engine/unfolding/PredecessorIndex.hpp"

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
    std::size_t objectCount() const { return m_objectIds.size(); }

    /// The dense index of a synchronisation object, creating it on first use.
    ObjectIndex internObject(ObjectId object);
    /// kNoObject if the unfolding has never seen this object.
    ObjectIndex findObject(ObjectId object) const;
    ObjectId objectId(ObjectIndex m) const { return m_objectIds[m]; }

    /// The dense index of a memory location (or, with `rwlock`, of a read-write lock: the two never
    /// share an index), creating it on first use.
    LocationIndex internLocation(ObjectId object, bool rwlock = false);
    LocationIndex findLocation(ObjectId object, bool rwlock = false) const;
    /// The location an access action reads or writes.
    LocationIndex internLocation(const Action &access) {
        return internLocation(access.object, isRwlockKind(access.kind));
    }
    std::size_t locationCount() const { return m_locationObjects.size(); }
    ObjectId locationObject(LocationIndex l) const { return m_locationObjects[l]; }

    /// Create-or-retrieve the event labelled `action` with these predecessors (kNoEvent = none).
    /// `created` (optional) tells whether the event is new.
    EventId obtain(const Action &action, EventId threadPred, EventId otherPred, bool *created = nullptr) {
        return obtain(action, threadPred, otherPred, {}, created);
    }
    /// The event labelled `action` with these predecessors (no extras) if it exists, else kNoEvent.
    EventId lookup(const Action &action, EventId threadPred, EventId otherPred) const {
        return find(action, threadPred, otherPred, {});
    }
    /// The same with a write's extra predecessors, which must be canonical (see canonicalReads).
    EventId obtain(const Action &action, EventId threadPred, EventId otherPred, std::span<const EventId> extras,
                   bool *created = nullptr);
    /// The canonical extra predecessors of a write after `threadPred` whose history holds `reads`
    /// (reads of one write): those not in loc(threadPred) and not below another, sorted.
    std::vector<EventId> canonicalReads(EventId threadPred, std::span<const EventId> reads) const;
    /// A write's extra predecessors (reads of the previous write); empty for other events.
    std::span<const EventId> extraPredecessors(EventId e) const {
        const Event &ev = m_events[e];
        return {m_extraPool.data() + ev.extraBegin, ev.extraCount};
    }
    /// All immediate predecessors (thread, other, extras) of e.
    std::vector<EventId> predecessors(EventId e) const;
    /// For conflicting extensions: records that every placement of the write after `threadPred` and
    /// `write` with a subset of `reads` (sorted) exists; false if that was already recorded (no need
    /// to enumerate them again, see README.md).
    bool notePlacements(EventId threadPred, EventId write, std::span<const EventId> reads);

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
    /// lmax(e, ·) sorted by object index.
    std::span<const ObjectCut> objectCut(EventId e) const {
        const Event &ev = m_events[e];
        return {m_lmaxPool.data() + ev.lmaxBegin, ev.lmaxCount};
    }

    /// The memory cut of e (README.md), sorted by location.
    MemoryCutView memoryCut(EventId e) const {
        const Event &ev = m_events[e];
        std::span<const MemoryCut> base;
        if (ev.memBase != MemoryCutView::kNoBase)
            base = {m_memCutPool.data() + m_memBases[ev.memBase].first, m_memBases[ev.memBase].second};
        return {base, {m_memCutPool.data() + ev.memBegin, ev.memCount}, ev.memBase};
    }
    std::span<const EventId> cutReads(const MemoryCut &c) const { return {m_cutReadsPool.data() + c.readsBegin, c.readsCount}; }
    /// The last write to `l` in loc(e) (kNoEvent: none, the initial value).
    EventId lastWrite(EventId e, LocationIndex l) const;

    /// The state of an object after object-tree event `e` (kNoEvent: the initial state).
    SyncObjectState stateAfter(EventId e) const;
    /// The state of read-write lock `l` in the history made of loc(threadPred), loc(each of `reads`)
    /// and loc(write), where `write` (a writer-side operation or kNoEvent) is l's last writer-side
    /// operation and `reads` are reads of it (README.md, "Read-write locks").
    SyncObjectState rwlockState(LocationIndex l, EventId threadPred, EventId write,
                                std::span<const EventId> reads) const;

    // --- trees
    const SequentialTree &threadTree() const { return m_threadTree; }
    const SequentialTree &objectTree() const { return m_objectTree; }
    /// The event at a thread-tree node.
    EventId threadNodeEvent(SequentialTree::NodeId n) const { return m_threadNodeEvent[n]; }
    /// The event at an object-tree node.
    EventId objectNodeEvent(SequentialTree::NodeId n) const { return m_objectNodeEvent[n]; }
    /// The children of busy object-tree nodes in the order that lets spike candidates be found by
    /// binary search (engine/unfolding/SpikeCandidates.hpp).
    const ObjectSiblingIndex &siblingIndex() const { return m_siblingIndex; }
    std::uint32_t threadDepth(EventId e) const { return m_events[e].threadDepth; }
    std::uint32_t objectDepth(EventId e) const { return m_objectTree.depth(m_events[e].objectNode); }
    /// Events whose thread predecessor is `e` (or, for kNoEvent and thread t, the first events of t).
    std::vector<EventId> threadSuccessors(EventId e, ThreadId t = kNoThread) const;
    /// Operations on object `m` whose object-tree parent is `e` (kNoEvent: the first ones on `m`).
    std::vector<EventId> objectSuccessors(EventId e, ObjectIndex m = kNoObject) const;
    const SequentialTree &writeTree() const { return m_writeTree; }
    /// Writes to `l` whose previous write is `w` (kNoEvent: the first writes).
    std::vector<EventId> writeSuccessors(EventId w, LocationIndex l) const;
    /// Reads of `l` that read `w` (kNoEvent: the initial value).
    const std::vector<EventId> &readersOf(EventId w, LocationIndex l) const {
        return w == kNoEvent ? m_initialReaders[l] : m_readers[m_events[w].writeNode];
    }
    /// Write `a` (kNoEvent: the initial value) is `b` or before it in the write tree of their location.
    bool writeAtOrBefore(EventId a, EventId b) const {
        return a == kNoEvent || (b != kNoEvent && m_writeTree.isAncestorOrSelf(m_events[a].writeNode, m_events[b].writeNode));
    }
    /// Whether two views of one location conflict (README.md): last writes wa, wb with the reads of
    /// them, and membership tests of the other side. Used for events and configurations alike.
    template <typename InB, typename InA>
    bool locationViewsConflict(EventId wa, std::span<const EventId> readsA, InB &&inB, EventId wb,
                               std::span<const EventId> readsB, InA &&inA) const {
        if (wa == wb)
            return false;
        if (writeAtOrBefore(wa, wb)) {
            for (EventId r : readsA)
                if (!inB(r))
                    return true;
            return false;
        }
        if (writeAtOrBefore(wb, wa)) {
            for (EventId r : readsB)
                if (!inA(r))
                    return true;
            return false;
        }
        return true;
    }

    // --- relations (docs/algorithms.md, "Causality and conflict")
    /// a ≤ b (causality or equality).
    bool precedesOrEqual(EventId a, EventId b) const;
    bool precedes(EventId a, EventId b) const { return a != b && precedesOrEqual(a, b); }
    /// a # b.
    bool inConflict(EventId a, EventId b) const;
    /// Object-tree conflict of two operations on the same synchronisation object.
    bool objectNodesConflict(EventId a, EventId b) const {
        return m_objectTree.inConflict(m_events[a].objectNode, m_events[b].objectNode);
    }
    /// The spike candidates of `d` (docs/algorithms.md, "Causality and conflict" icfls): the other operations
    /// after d's object-tree parent made by other threads; for a read of w, the writes after w without it in
    /// their history; for a write after w, the other writes after w and the reads of w not in its history.
    /// Appends to `out`.
    void appendSiblings(EventId d, std::vector<EventId> &out) const;
    /// For sibling accesses d and x (README.md, "Spike candidates"): false when x is certainly not
    /// an immediate conflict of d (O(1)); symmetric.
    bool mayRace(EventId d, EventId x) const;
    /// The events in immediate conflict with `e` (docs/algorithms.md, "Events and the unfolding" #ⁱ): the spike candidates of `e` (and, for
    /// a candidate, `e` itself) filtered so that neither side's history conflicts with the other.
    std::vector<EventId> immediateConflicts(EventId e) const;
    /// The same, only those with a smaller id than `e`: each conflict once, from its later event (half
    /// the work for a caller that lists every conflict of the unfolding).
    std::vector<EventId> earlierImmediateConflicts(EventId e) const;
    /// Both are operations on one object right after the same event (used to justify D-events).
    bool areObjectSiblings(EventId a, EventId b) const;
    /// Both access one location after the same write, at least one writes (used to justify D-events).
    bool areMemorySiblings(EventId a, EventId b) const;

    /// Approximate bytes held by events, trees and cones.
    std::size_t memoryBytes() const;

private:
    EventId find(const Action &action, EventId threadPred, EventId otherPred, std::span<const EventId> extras) const;
    EventId create(const Action &action, EventId threadPred, EventId otherPred, std::span<const EventId> extras);
    void buildCone(Event &ev, EventId self);
    void buildMemoryCut(Event &ev, EventId self, std::span<const EventId> preds);
    bool memoryCutsConflict(EventId a, EventId b) const;
    /// Keeps the candidates of `siblings` that are immediate conflicts of `e`.
    void keepImmediateConflicts(EventId e, std::vector<EventId> &siblings) const;

    /// buildCone's and buildMemoryCut's working vectors, kept between calls so that creating an event
    /// allocates nothing but its own records.
    struct CutScratch {
        /// One location of the cut being built: its latest write, and per thread the latest read of it.
        struct View {
            LocationIndex location = 0;
            EventId write = kNoEvent;
            std::vector<EventId> reads;
        };
        std::vector<EventId> preds;                // buildCone: the predecessors
        std::vector<ObjectCut> objectCut, objectCutSide; // buildCone: the lock cut being merged
        std::vector<MemoryCutView> cuts;
        std::vector<LocationIndex> locations;
        std::vector<View> views;
    };
    CutScratch m_scratch;

    Arena<Event> m_events;
    SequentialTree m_threadTree;
    SequentialTree m_objectTree;
    std::vector<EventId> m_threadNodeEvent; // thread-tree node -> event
    std::vector<EventId> m_objectNodeEvent; // object-tree node -> event
    ObjectSiblingIndex m_siblingIndex;
    std::vector<EventId> m_tmaxPool;
    std::vector<ObjectCut> m_lmaxPool;
    std::vector<SyncObjectState> m_states; // see Event::state
    // Memory locations
    SequentialTree m_writeTree;
    std::vector<EventId> m_writeNodeEvent;                 // write-tree node -> event
    std::vector<std::vector<EventId>> m_readers;           // write-tree node -> reads of that write
    std::vector<std::vector<EventId>> m_initialReaders;    // per location: reads of the initial value
    void noteRaces(EventId e); // marks e and its siblings that may race with it (m_racing)
    void markRacing(EventId a, EventId b);
    /// Memory access e has a sibling that may be in immediate conflict with it (mayRace); false means
    /// its spike is empty, as for every access of data-race-free code. Learnt as siblings arrive, so
    /// kept here, beside the immutable events: bit e (absent = false).
    bool isRacing(EventId e) const { return e < m_racing.size() && m_racing[e]; }
    std::vector<bool> m_racing;
    std::uint64_t m_foreignUnlocks = 0; // bit m: some unlock of mutex m (< 64) by a thread not holding it
    /// A sibling list (the writes after one write, or the reads of it) as noteRaces scans it: per
    /// thread, a chain of its members (through Event::prevSibling) with their deepest position and the
    /// mutexes all of them hold, so that a thread whose members all lie before the new access's cut,
    /// or under a lock it holds, is skipped whole.
    struct SiblingList {
        struct ThreadChain {
            ThreadId thread;
            EventId latest;
            std::uint32_t maxDepth;
            std::uint64_t held; ///< AND of the members' Event::heldMutexes
        };
        std::vector<ThreadChain> chains;
    };
    struct SiblingLists {
        SiblingList writes, reads;
    };
    std::vector<SiblingLists> m_siblingLists;        // write-tree node -> its successors and readers
    std::vector<SiblingLists> m_initialSiblingLists; // per location: first writes, initial readers
    std::vector<std::vector<EventId>> m_writeRoots;        // per location: first writes
    std::vector<ObjectId> m_locationObjects;
    std::unordered_map<ObjectId, LocationIndex> m_locationIndex;
    std::unordered_map<ObjectId, LocationIndex> m_rwlockIndex; // read-write locks are locations too
    std::vector<MemoryCut> m_memCutPool;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_memBases; // (begin, count) in m_memCutPool
    std::vector<EventId> m_cutReadsPool;
    std::vector<EventId> m_extraPool;
    std::vector<std::vector<EventId>> m_threadRoots; // per thread: events without a thread predecessor
    std::vector<std::vector<EventId>> m_objectRoots; // per object: object-tree roots
    std::vector<ObjectId> m_objectIds;
    std::unordered_map<ObjectId, ObjectIndex> m_objectIndex;
    /// (threadPred, otherPred) -> the first event created with them and no extra predecessors. For a
    /// deterministic program the pair names the event; a different action under the same pair falls
    /// back to a scan.
    PredecessorIndex m_byPredecessors;
    /// Writes with extra predecessors by a hash of all their predecessors (a writer can have
    /// exponentially many placements after one thread predecessor: no scan).
    std::unordered_multimap<std::uint64_t, EventId> m_byExtras;
    /// (threadPred, write) -> the sets of candidate reads whose placements cex has enumerated.
    std::unordered_map<std::uint64_t, std::vector<std::vector<EventId>>> m_placementsDone;
    std::function<void(EventId)> m_onNewEvent;
};

} // namespace weft
