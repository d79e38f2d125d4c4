// SPDX-License-Identifier: MIT
// The event store U: append-only arena of events hash-consed by (action, predecessors), their thread,
// object and write trees and cones, and the causality and conflict relations between two events
// (docs/algorithms.md, "Events and the unfolding", "Causality and conflict"), memory accesses included
// (README.md, "Memory locations"). Beside it, with one job each: ObjectTable (dense object indexes),
// ObjectSiblingIndex, AccessSiblingIndex and RaceCandidates (the sibling indexes that keep conflict searches small),
// ImmediateConflicts, SpikeCandidates and ConflictingExtensions (the searches). Pure data; one writer
// (the explorer); readers between writes.
#pragma once

#include "engine/action/SyncObjectState.hpp"
#include "engine/base/Arena.hpp"
#include "engine/base/RangePool.hpp"
#include "engine/base/SparseArray.hpp"
#include "engine/unfolding/AccessSiblingIndex.hpp"
#include "engine/unfolding/Event.hpp"
#include "engine/unfolding/ObjectSiblingIndex.hpp"
#include "engine/unfolding/ObjectTable.hpp"
#include "engine/unfolding/PredecessorIndex.hpp"
#include "engine/unfolding/RaceCandidates.hpp"
#include "engine/unfolding/ThreadSiblingKeys.hpp"

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
    /// The dense indexes of the synchronisation objects and memory locations.
    ObjectTable &objects() { return m_objects; }
    const ObjectTable &objects() const { return m_objects; }

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
        const EventDetail &d = detail(e);
        return {m_extraPool.data() + d.extraBegin, d.extraCount};
    }
    /// The fields of e that only some events need (defaults when it has none).
    const EventDetail &detail(EventId e) const {
        static const EventDetail kNone;
        const std::uint32_t i = m_events[e].detail;
        return i == Event::kNoDetail ? kNone : m_details[i];
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
    /// The pool stores the count first, then the entries; an event's own slot is not stored (it is
    /// the event), so an event shares its thread predecessor's range when the rest is the same.
    EventId threadMax(EventId e, ThreadId t) const {
        const Event &ev = m_events[e];
        if (t == ev.action.thread)
            return e;
        const EventId *range = m_tmaxPool.at(ev.tmaxAt);
        return t < range[0] ? range[1 + t] : kNoEvent;
    }
    /// How many threads tmax(e, ·) covers (threadMax is kNoEvent past it).
    std::size_t threadCutWidth(EventId e) const { return m_tmaxPool[m_events[e].tmaxAt]; }
    /// lmax(e, ·) sorted by object index. The range can be a thread predecessor's (see ObjectCutView).
    ObjectCutView objectCut(EventId e) const {
        const Event &ev = m_events[e];
        return {m_lmaxPool.at(ev.lmaxAt), ev.object, e};
    }

    /// The memory cut of e (README.md), sorted by location.
    MemoryCutView memoryCut(EventId e) const {
        const EventDetail &d = detail(e);
        std::span<const MemoryCut> base;
        if (d.memBase != MemoryCutView::kNoBase)
            base = {m_memCutPool.data() + m_memBases[d.memBase].first, m_memBases[d.memBase].second};
        return {base, {m_memCutPool.data() + d.memBegin, d.memCount}, d.memBase};
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
    /// Each node also holds its sibling key (ThreadSiblingKeys.hpp).
    const KeyedSequentialTree &threadTree() const { return m_threadTree; }
    const SequentialTree &objectTree() const { return m_objectTree; }
    /// Thread-tree node ids are event ids (each event adds its node when created).
    /// The event at an object-tree node.
    EventId objectNodeEvent(SequentialTree::NodeId n) const { return m_objectNodeEvent[n]; }
    /// The children of busy object-tree nodes in the order that lets spike candidates be found by
    /// binary search (engine/unfolding/SpikeCandidates.hpp).
    const ObjectSiblingIndex &siblingIndex() const { return m_siblingIndex; }
    /// Gives each thread-tree node its rank among its siblings (ThreadSiblingKeys.hpp), kept in the node.
    const ThreadSiblingKeys &threadSiblingKeys() const { return m_threadSiblingKeys; }
    std::uint32_t threadDepth(EventId e) const { return m_threadTree.depth(e); }
    /// Per event, 1 + the largest causal depth of its predecessors (for display; O(size)).
    std::vector<std::uint32_t> causalDepths() const;
    std::uint32_t objectDepth(EventId e) const { return m_objectTree.depth(m_events[e].objectNode); }
    /// The events with thread predecessor `threadPred` and other predecessor `otherPred` (extras or not),
    /// as a chain: the first (kNoEvent: none), then nextWithSamePredecessors until kNoEvent.
    EventId firstWithPredecessors(EventId threadPred, EventId otherPred) const;
    EventId nextWithSamePredecessors(EventId e) const { return m_samePredecessorsNext[e]; }
    /// Events whose thread predecessor is `e` (or, for kNoEvent and thread t, the first events of t).
    std::vector<EventId> threadSuccessors(EventId e, ThreadId t = kNoThread) const;
    /// The first events of thread t (without a thread predecessor), in creation order.
    const std::vector<EventId> &threadRoots(ThreadId t) const {
        static const std::vector<EventId> kNone;
        return t < m_threadRoots.size() ? m_threadRoots[t] : kNone;
    }
    /// Operations on object `m` whose object-tree parent is `e` (kNoEvent: the first ones on `m`).
    std::vector<EventId> objectSuccessors(EventId e, ObjectIndex m = kNoObject) const;
    const SequentialTree &writeTree() const { return m_writeTree; }
    /// Writes to `l` whose previous write is `w` (kNoEvent: the first writes).
    std::vector<EventId> writeSuccessors(EventId w, LocationIndex l) const;
    /// Reads of `l` that read `w` (kNoEvent: the initial value).
    const std::vector<EventId> &readersOf(EventId w, LocationIndex l) const {
        static const std::vector<EventId> kNone;
        if (w == kNoEvent)
            return l < m_initialReaders.size() ? m_initialReaders[l] : kNone;
        return m_readers[detail(w).writeNode];
    }
    /// The busy sibling lists of memory accesses in the order that lets spike candidates be found by
    /// binary search (engine/unfolding/SpikeCandidates.hpp).
    const AccessSiblingIndex &accessSiblingIndex() const { return m_accessSiblingIndex; }
    /// Which memory accesses have a sibling they may race with (their spike candidates).
    const RaceCandidates &raceCandidates() const { return m_races; }
    /// Write `a` (kNoEvent: the initial value) is `b` or before it in the write tree of their location.
    bool writeAtOrBefore(EventId a, EventId b) const {
        return a == kNoEvent ||
               (b != kNoEvent && m_writeTree.isAncestorOrSelf(detail(a).writeNode, detail(b).writeNode));
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

    /// Approximate bytes held by events, trees and cones.
    std::size_t memoryBytes() const;

private:
    /// canonicalReads by comparing every pair (quadratic): appends the result, sorted, to `out`.
    void appendMaximalReads(EventId threadPred, std::span<const EventId> reads, std::vector<EventId> &out) const;
    EventId find(const Action &action, EventId threadPred, EventId otherPred, std::span<const EventId> extras) const;
    EventId create(const Action &action, EventId threadPred, EventId otherPred, std::span<const EventId> extras);
    void buildCone(Event &ev, EventDetail &detail, EventId self);
    void buildMemoryCut(const Event &ev, EventDetail &detail, EventId self, std::span<const EventId> preds);
    bool memoryCutsConflict(EventId a, EventId b) const;
    /// m_byPredecessors' view of an event: its (thread, other) predecessors.
    auto predecessorPair() const {
        return [this](EventId e) { return std::pair{m_events[e].threadPred, m_events[e].otherPred}; };
    }

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
        std::vector<EventId> threadCut;            // buildCone: the thread cut being built
        std::vector<ObjectCut> objectCut, objectCutSide; // buildCone: the lock cut being merged
        std::vector<MemoryCutView> cuts;
        std::vector<LocationIndex> locations;
        std::vector<View> views;
    };
    CutScratch m_scratch;

    Arena<Event> m_events;
    Arena<EventDetail> m_details;
    KeyedSequentialTree m_threadTree; // node n is event n
    SequentialTree m_objectTree;
    Arena<EventId> m_objectNodeEvent; // object-tree node -> event (chunks: growing never copies)
    ObjectSiblingIndex m_siblingIndex;
    ThreadSiblingKeys m_threadSiblingKeys;
    RangePool<EventId> m_tmaxPool;   // ranges: count, then tmax(e, t) per thread t
    RangePool<std::uint32_t> m_lmaxPool; // ranges: see ObjectCutView; range 0 is empty
    std::vector<SyncObjectState> m_states; // see Event::state
    // Memory locations
    SequentialTree m_writeTree;
    std::vector<EventId> m_writeNodeEvent;                 // write-tree node -> event
    std::vector<std::vector<EventId>> m_readers;           // write-tree node -> reads of that write
    std::vector<std::vector<EventId>> m_initialReaders;    // per location: reads of the initial value
    std::vector<std::vector<EventId>> m_writeRoots;        // per location: first writes
    RaceCandidates m_races;
    AccessSiblingIndex m_accessSiblingIndex;
    std::vector<MemoryCut> m_memCutPool;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_memBases; // (begin, count) in m_memCutPool
    std::vector<EventId> m_cutReadsPool;
    std::vector<EventId> m_extraPool;
    std::vector<std::vector<EventId>> m_threadRoots; // per thread: events without a thread predecessor
    std::vector<std::vector<EventId>> m_objectRoots; // per object: object-tree roots
    ObjectTable m_objects;
    /// (threadPred, otherPred) -> the first event created with them. For a deterministic program the
    /// pair names the event; the others (a different action under the same pair) are in m_byAction,
    /// or m_byExtras for writes with extra predecessors.
    PredecessorIndex m_byPredecessors;
    /// Per event: the next event created with the same (threadPred, otherPred), the first being in
    /// m_byPredecessors (RaceCandidates looks at an access's alternatives without scanning all of its
    /// thread predecessor's successors). Chunks exist only where some event has a next one (none in a
    /// deterministic sync program: 4 bytes an event saved, MPAT(7) 26 MB); growing never copies.
    SparseArray<EventId, kNoEvent> m_samePredecessorsNext;
    /// Events without extra predecessors that are not the first of their pair, by a hash of the pair and
    /// the action (a nondet choice over 256 values has 255 such siblings: no scan).
    std::unordered_multimap<std::uint64_t, EventId> m_byAction;
    /// Writes with extra predecessors by a hash of all their predecessors (a writer can have
    /// exponentially many placements after one thread predecessor: no scan).
    std::unordered_multimap<std::uint64_t, EventId> m_byExtras;
    /// (threadPred, write) -> the sets of candidate reads whose placements cex has enumerated.
    std::unordered_map<std::uint64_t, std::vector<std::vector<EventId>>> m_placementsDone;
    /// obtain's memo of its recent answers without extra predecessors, direct-mapped by the hash of
    /// (threadPred, otherPred, action). Most lookups ask again for an event asked for a few executions
    /// before (a thread's next step after the same predecessors, in the next run): 85 % of MPC(4,5)'s
    /// found events are here. This table stays in cache, where the predecessor index's slots of a large
    /// unfolding do not. An entry is a hint: the event's own record confirms it (exact, and ids are stable).
    struct RecentLookup {
        std::uint64_t key = 0;
        EventId event = kNoEvent;
    };
    static constexpr unsigned kRecentLookupBits = 12;
    std::vector<RecentLookup> m_recentLookups = std::vector<RecentLookup>(std::size_t{1} << kRecentLookupBits);
    std::function<void(EventId)> m_onNewEvent;
};

} // namespace weft
