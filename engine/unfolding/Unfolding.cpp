// SPDX-License-Identifier: MIT
#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>
#include <cassert>

namespace weft {

Unfolding::Unfolding(unsigned skipStep) : m_threadTree(skipStep), m_objectTree(skipStep), m_writeTree(skipStep) {
    *m_lmaxPool.at(m_lmaxPool.append(1)) = 0; // the empty lock cut, shared by every event without one
}

std::vector<EventId> Unfolding::canonicalReads(EventId threadPred, std::span<const EventId> reads) const {
    // A configuration's reads of one write can be millions (a thread re-reading a flag in a loop that
    // also writes, up to the action bound): comparing every pair would take hours. A thread's reads
    // that form a chain are below its deepest one, so only that one can be maximal, and a read below
    // any read is below the deepest of that read's chain: the pairs of chain maxima decide. (A few
    // reads, the usual case, are compared pairwise at once.)
    std::vector<EventId> out;
    if (reads.size() <= 16) {
        appendMaximalReads(threadPred, reads, out);
        return out;
    }
    std::vector<EventId> byThread(reads.begin(), reads.end());
    std::sort(byThread.begin(), byThread.end(), [&](EventId a, EventId b) {
        const ThreadId ta = m_events[a].action.thread, tb = m_events[b].action.thread;
        return ta != tb ? ta < tb : threadDepth(a) < threadDepth(b);
    });
    std::vector<EventId> candidates;
    for (std::size_t from = 0; from < byThread.size();) {
        std::size_t to = from + 1;
        bool chain = true;
        for (; to < byThread.size() && m_events[byThread[to]].action.thread == m_events[byThread[from]].action.thread;
             ++to)
            chain = chain && precedes(byThread[to - 1], byThread[to]);
        if (chain)
            candidates.push_back(byThread[to - 1]);
        else
            candidates.insert(candidates.end(), byThread.begin() + std::ptrdiff_t(from),
                              byThread.begin() + std::ptrdiff_t(to));
        from = to;
    }
    appendMaximalReads(threadPred, candidates, out);
    return out;
}

void Unfolding::appendMaximalReads(EventId threadPred, std::span<const EventId> reads,
                                   std::vector<EventId> &out) const {
    for (EventId r : reads) {
        if (threadPred != kNoEvent && precedesOrEqual(r, threadPred))
            continue;
        bool below = false;
        for (EventId o : reads)
            if (o != r && precedes(r, o)) {
                below = true;
                break;
            }
        if (!below)
            out.push_back(r);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

std::vector<EventId> Unfolding::predecessors(EventId e) const {
    const Event &ev = m_events[e];
    std::vector<EventId> out;
    if (ev.threadPred != kNoEvent)
        out.push_back(ev.threadPred);
    if (ev.otherPred != kNoEvent)
        out.push_back(ev.otherPred);
    for (EventId x : extraPredecessors(e))
        out.push_back(x);
    return out;
}

EventId Unfolding::lastWrite(EventId e, LocationIndex l) const {
    const MemoryCut *c = memoryCut(e).find(l);
    return c ? c->write : kNoEvent;
}

static std::uint64_t predecessorKey(EventId threadPred, EventId otherPred) {
    return (std::uint64_t{threadPred} << 32) | otherPred;
}

/// The key of an event without extra predecessors in m_byAction: its predecessors and its action.
static std::uint64_t actionKey(EventId threadPred, EventId otherPred, const Action &action) {
    std::uint64_t h = predecessorKey(threadPred, otherPred) * 0x9e3779b97f4a7c15ULL;
    for (std::uint64_t x : {std::uint64_t(action.kind), std::uint64_t(action.thread), std::uint64_t(action.object),
                            std::uint64_t(action.value)})
        h = (h ^ x) * 0xbf58476d1ce4e5b9ULL + 0x94d049bb133111ebULL;
    return h;
}

EventId Unfolding::obtain(const Action &action, EventId threadPred, EventId otherPred, std::span<const EventId> extras,
                          bool *created) {
    RecentLookup *recent = nullptr;
    std::uint64_t key = 0;
    if (extras.empty()) {
        key = actionKey(threadPred, otherPred, action);
        recent = &m_recentLookups[key >> (64 - kRecentLookupBits)];
        if (recent->key == key && recent->event != kNoEvent) {
            const Event &ev = m_events[recent->event];
            if (ev.threadPred == threadPred && ev.otherPred == otherPred && ev.action == action &&
                (!ev.isWrite() || detail(recent->event).extraCount == 0)) {
                assert(find(action, threadPred, otherPred, extras) == recent->event);
                if (created)
                    *created = false;
                return recent->event;
            }
        }
    }
    EventId e = find(action, threadPred, otherPred, extras);
    if (created)
        *created = e == kNoEvent;
    if (e == kNoEvent)
        e = create(action, threadPred, otherPred, extras);
    if (recent)
        *recent = {key, e};
    return e;
}

/// Whether the predecessor index holds none of the children of event `parent`, `last` its last child in
/// the thread tree (SequentialTree::kNone: none): it has none, or an only child, which the index holds
/// once a second child comes (create).
static bool noIndexedChild(const KeyedSequentialTree &tree, EventId parent, EventId last) {
    return last == SequentialTree::kNone || tree.firstChild(parent) == last;
}

static std::uint64_t extrasKey(EventId threadPred, EventId otherPred, std::span<const EventId> extras) {
    std::uint64_t h = predecessorKey(threadPred, otherPred) * 0x9e3779b97f4a7c15ULL;
    for (EventId x : extras)
        h = (h ^ x) * 0xbf58476d1ce4e5b9ULL + 0x94d049bb133111ebULL;
    return h;
}

bool Unfolding::notePlacements(EventId threadPred, EventId write, std::span<const EventId> reads) {
    std::vector<std::vector<EventId>> &done = m_placementsDone[predecessorKey(threadPred, write)];
    for (const std::vector<EventId> &d : done)
        if (std::includes(d.begin(), d.end(), reads.begin(), reads.end()))
            return false;
    done.emplace_back(reads.begin(), reads.end());
    return true;
}

EventId Unfolding::find(const Action &action, EventId threadPred, EventId otherPred,
                        std::span<const EventId> extras) const {
    auto sameExtras = [&](EventId c) {
        std::span<const EventId> x = extraPredecessors(c);
        return std::equal(x.begin(), x.end(), extras.begin(), extras.end());
    };
    // An event after threadPred is its child in the thread tree. Before the index, whose slot is a cache
    // miss in a large unfolding: no child (a thread's steps after an event new in this run), or the
    // last child is the event (most often its only one).
    if (threadPred != kNoEvent) {
        const EventId last = m_threadTree.lastChild(threadPred);
        if (last != SequentialTree::kNone) {
            const Event &ev = m_events[last];
            if (ev.otherPred == otherPred && ev.action == action && (ev.isWrite() ? sameExtras(last) : extras.empty()))
                return last;
        }
        if (noIndexedChild(m_threadTree, threadPred, last))
            return kNoEvent;
    }
    if (!extras.empty()) {
        auto [from, to] = m_byExtras.equal_range(extrasKey(threadPred, otherPred, extras));
        for (auto it = from; it != to; ++it) {
            const Event &ev = m_events[it->second];
            if (ev.threadPred == threadPred && ev.otherPred == otherPred && ev.action == action &&
                sameExtras(it->second))
                return it->second;
        }
        return kNoEvent;
    }
    const EventId hit = m_byPredecessors.find(threadPred, otherPred, predecessorPair());
    if (hit == kNoEvent)
        return kNoEvent;
    if (m_events[hit].action == action && sameExtras(hit))
        return hit;
    // Another event under the same pair (a data choice's siblings, a thread's different next steps):
    // indexed by action too, so that a choice among many values is not a scan of its siblings.
    auto [from, to] = m_byAction.equal_range(actionKey(threadPred, otherPred, action));
    for (auto it = from; it != to; ++it) {
        const Event &ev = m_events[it->second];
        if (ev.threadPred == threadPred && ev.otherPred == otherPred && ev.action == action)
            return it->second;
    }
    return kNoEvent;
}

EventId Unfolding::firstWithPredecessors(EventId threadPred, EventId otherPred) const {
    if (threadPred != kNoEvent) {
        const EventId last = m_threadTree.lastChild(threadPred);
        if (noIndexedChild(m_threadTree, threadPred, last))
            return last != SequentialTree::kNone && m_events[last].otherPred == otherPred ? last : kNoEvent;
    }
    return m_byPredecessors.find(threadPred, otherPred, predecessorPair());
}

EventId Unfolding::create(const Action &action, EventId threadPred, EventId otherPred,
                          std::span<const EventId> extras) {
    const EventId id = static_cast<EventId>(m_events.size());
    Event ev;
    EventDetail d;
    ev.action = action;
    ev.threadPred = threadPred;
    ev.otherPred = otherPred;
    d.extraBegin = static_cast<std::uint32_t>(m_extraPool.size());
    d.extraCount = static_cast<std::uint32_t>(extras.size());
    m_extraPool.insert(m_extraPool.end(), extras.begin(), extras.end());
    [[maybe_unused]] const auto threadNode =
        m_threadTree.add(threadPred == kNoEvent ? SequentialTree::kNone : threadPred);
    assert(threadNode == id);
    if (threadPred == kNoEvent) {
        if (m_threadRoots.size() <= action.thread)
            m_threadRoots.resize(action.thread + 1);
        m_threadRoots[action.thread].push_back(id);
    }
    if (isObjectTreeKind(action.kind)) {
        ev.object = m_objects.internObject(action.object);
        if (m_objectRoots.size() <= ev.object)
            m_objectRoots.resize(ev.object + 1);
        assert(otherPred == kNoEvent || m_events[otherPred].object == ev.object);
        ev.objectNode =
            m_objectTree.add(otherPred == kNoEvent ? SequentialTree::kNone : m_events[otherPred].objectNode);
        m_objectNodeEvent.push(id);
        if (otherPred == kNoEvent)
            m_objectRoots[ev.object].push_back(id);
        if (action.kind == ActionKind::MutexUnlock && stateAfter(otherPred).owner != action.thread)
            m_races.noteForeignUnlock(ev.object);
        if (action.kind != ActionKind::MutexLock && action.kind != ActionKind::MutexUnlock) {
            d.state = static_cast<std::uint32_t>(m_states.size());
            m_states.push_back(stateAfter(otherPred).after(action));
        }
    }
    if (isLocationAccess(action.kind)) {
        ev.location = m_objects.internLocation(action);
        if (m_writeRoots.size() <= ev.location) {
            m_writeRoots.resize(ev.location + 1);
            m_initialReaders.resize(ev.location + 1);
        }
        assert(otherPred == kNoEvent || m_events[otherPred].location == ev.location);
        if (isRwlockKind(action.kind) && isWriteAccess(action.kind)) {
            d.state = static_cast<std::uint32_t>(m_states.size());
            m_states.push_back(rwlockState(ev.location, threadPred, otherPred, extras).after(action));
        }
        if (isWriteAccess(action.kind)) {
            d.writeNode = m_writeTree.add(otherPred == kNoEvent ? SequentialTree::kNone : detail(otherPred).writeNode);
            m_writeNodeEvent.push_back(id);
            m_readers.emplace_back();
            if (otherPred == kNoEvent)
                m_writeRoots[ev.location].push_back(id);
        } else {
            (otherPred == kNoEvent ? m_initialReaders[ev.location] : m_readers[detail(otherPred).writeNode])
                .push_back(id);
        }
    }
    buildCone(ev, d, id);
    const bool hasState =
        ev.isObjectOperation() && action.kind != ActionKind::MutexLock && action.kind != ActionKind::MutexUnlock;
    if (ev.isMemoryAccess() || hasState || d.memBase != MemoryCutView::kNoBase || d.memCount != 0)
        ev.detail = m_details.push(d);
    m_events.push(ev);
    m_samePredecessorsNext.pushDefault();
    // The index holds no only child of its thread predecessor (two thirds of MPAT's events): find and
    // firstWithPredecessors see such a child from the thread tree. A second child indexes the first.
    const EventId firstChild = threadPred == kNoEvent ? kNoEvent : m_threadTree.firstChild(threadPred);
    if (firstChild != kNoEvent && firstChild != id && m_threadTree.nextSibling(firstChild) == id)
        m_byPredecessors.insert(firstChild, predecessorPair());
    if (firstChild != id && !m_byPredecessors.insert(id, predecessorPair())) {
        const EventId first = m_byPredecessors.find(threadPred, otherPred, predecessorPair());
        m_samePredecessorsNext.set(id, m_samePredecessorsNext[first]);
        m_samePredecessorsNext.set(first, id);
        if (extras.empty())
            m_byAction.emplace(actionKey(threadPred, otherPred, action), id);
    }
    if (!extras.empty())
        m_byExtras.emplace(extrasKey(threadPred, otherPred, extras), id);
    m_threadSiblingKeys.add(*this, m_threadTree, id);
    if (ev.isMemoryAccess()) {
        m_races.add(*this, id);
        m_accessSiblingIndex.add(*this, id);
    }
    if (ev.isObjectOperation())
        m_siblingIndex.add(*this, id);
    if (m_onNewEvent)
        m_onNewEvent(id);
    return id;
}

void Unfolding::buildCone(Event &ev, EventDetail &detail, EventId self) {
    std::vector<EventId> &preds = m_scratch.preds;
    preds.assign({ev.threadPred, ev.otherPred});
    for (std::uint32_t i = 0; i < detail.extraCount; ++i)
        preds.push_back(m_extraPool[detail.extraBegin + i]);

    // tmax: slot-wise deeper entry of the predecessors' cuts; the event's own slot is implicit. Most
    // events (all but those whose other predecessors bring news) share their thread predecessor's range.
    std::size_t width = ev.action.thread + 1;
    for (EventId p : preds)
        if (p != kNoEvent)
            width = std::max(width, threadCutWidth(p));
    std::vector<EventId> &cut = m_scratch.threadCut;
    cut.assign(width, kNoEvent);
    for (std::size_t t = 0; t < width; ++t) {
        if (t == ev.action.thread)
            continue;
        EventId &best = cut[t];
        for (EventId p : preds) {
            if (p == kNoEvent)
                continue;
            const EventId x = threadMax(p, static_cast<ThreadId>(t));
            // Equal entries (a shared history) need no depth comparison: two thread-tree nodes read,
            // both cache misses in a large unfolding.
            if (x != kNoEvent && x != best && (best == kNoEvent || threadDepth(x) > threadDepth(best)))
                best = x;
        }
    }
    bool share = ev.threadPred != kNoEvent && threadCutWidth(ev.threadPred) == width;
    for (std::size_t t = 0; share && t < width; ++t)
        share = t == ev.action.thread || threadMax(ev.threadPred, static_cast<ThreadId>(t)) == cut[t];
    if (share) {
        ev.tmaxAt = m_events[ev.threadPred].tmaxAt;
    } else {
        ev.tmaxAt = m_tmaxPool.append(width + 1);
        EventId *range = m_tmaxPool.at(ev.tmaxAt);
        range[0] = static_cast<EventId>(width);
        std::ranges::copy(cut, range + 1);
    }

    // lmax: merge of the predecessors' sorted cuts (deeper object-tree node wins), plus the event itself.
    std::vector<ObjectCut> &merged = m_scratch.objectCut, &a = m_scratch.objectCutSide;
    merged.clear();
    for (EventId p : preds) {
        if (p == kNoEvent)
            continue;
        const ObjectCutView view = objectCut(p);
        if (view.empty())
            continue;
        if (merged.empty()) {
            for (const ObjectCut &c : view)
                merged.push_back(c);
            continue;
        }
        a.swap(merged);
        merged.clear();
        std::size_t i = 0;
        for (const ObjectCut &b : view) {
            while (i < a.size() && a[i].object < b.object)
                merged.push_back(a[i++]);
            if (i < a.size() && a[i].object == b.object) {
                // The same event on both sides (a shared history) needs no depth comparison.
                const ObjectCut &x = a[i++];
                merged.push_back(x.event == b.event || objectDepth(x.event) >= objectDepth(b.event) ? x : b);
            } else {
                merged.push_back(b);
            }
        }
        merged.insert(merged.end(), a.begin() + static_cast<std::ptrdiff_t>(i), a.end());
    }
    if (ev.object != kNoObject) {
        auto it = std::lower_bound(merged.begin(), merged.end(), ev.object,
                                   [](const ObjectCut &c, ObjectIndex m) { return c.object < m; });
        if (it != merged.end() && it->object == ev.object)
            it->event = self;
        else
            merged.insert(it, ObjectCut{ev.object, self});
    }
    if (ev.isMemoryAccess())
        for (const ObjectCut &c : merged)
            if (c.object < 64 && m_events[c.event].isLock() && m_events[c.event].thread() == ev.thread())
                detail.heldMutexes |= std::uint64_t{1} << c.object;
    // Most events (memory accesses, unlocks, a thread's exit) have their thread predecessor's lock
    // cut but for their own object's entry, which ObjectCutView supplies: they share the range the
    // predecessor reads (as stored) instead of copying it. Many others (a thread's start, its first
    // lock after another thread's unlock) have their other predecessor's: the same holds for it.
    auto sameAsStored = [&](EventId p) {
        const ObjectCutView stored = objectCut(p).stored();
        auto j = stored.begin();
        for (const ObjectCut &x : merged) {
            if (j == stored.end())
                return false;
            const ObjectCut y = *j;
            if (x.object != y.object || (x.event != y.event && x.object != ev.object))
                return false;
            ++j;
        }
        return j == stored.end();
    };
    if (ev.threadPred != kNoEvent && sameAsStored(ev.threadPred)) {
        ev.lmaxAt = m_events[ev.threadPred].lmaxAt;
    } else if (ev.otherPred != kNoEvent && sameAsStored(ev.otherPred)) {
        ev.lmaxAt = m_events[ev.otherPred].lmaxAt;
    } else if (!merged.empty()) {
        ev.lmaxAt = m_lmaxPool.append(ObjectCutView::wordsFor(merged));
        ObjectCutView::write(merged, m_lmaxPool.at(ev.lmaxAt));
    }
    buildMemoryCut(ev, detail, self, preds);
}

SyncObjectState Unfolding::stateAfter(EventId e) const {
    if (e == kNoEvent)
        return {};
    const Event &ev = m_events[e];
    SyncObjectState s;
    switch (ev.kind()) {
    case ActionKind::MutexLock: s.owner = ev.thread(); return s; // mutex state is just its owner
    case ActionKind::MutexUnlock: return s;
    default: return m_states[detail(e).state];
    }
}

SyncObjectState Unfolding::rwlockState(LocationIndex l, EventId threadPred, EventId write,
                                       std::span<const EventId> reads) const {
    SyncObjectState s = write == kNoEvent ? SyncObjectState{} : m_states[detail(write).state];
    // Each thread's last read of `write` in the history decides whether it holds the lock for
    // reading; a thread without one keeps what it had after `write` (readers stay through a failed
    // trywrlock).
    std::vector<EventId> last;
    auto fromCut = [&](EventId e) {
        if (e == kNoEvent)
            return;
        const MemoryCut *c = memoryCut(e).find(l);
        if (!c || c->write != write)
            return;
        for (EventId r : cutReads(*c)) {
            auto same = std::ranges::find(last, m_events[r].thread(), [&](EventId o) { return m_events[o].thread(); });
            if (same == last.end())
                last.push_back(r);
            else if (threadDepth(r) > threadDepth(*same))
                *same = r;
        }
    };
    fromCut(threadPred);
    for (EventId r : reads)
        fromCut(r);
    for (EventId r : last)
        s = s.after(m_events[r].action);
    return s;
}

std::vector<EventId> Unfolding::threadSuccessors(EventId e, ThreadId t) const {
    if (e == kNoEvent)
        return threadRoots(t);
    std::vector<EventId> out;
    for (auto n = m_threadTree.firstChild(e); n != SequentialTree::kNone; n = m_threadTree.nextSibling(n))
        out.push_back(n);
    return out;
}

std::vector<EventId> Unfolding::writeSuccessors(EventId w, LocationIndex l) const {
    if (w == kNoEvent)
        return l < m_writeRoots.size() ? m_writeRoots[l] : std::vector<EventId>{};
    std::vector<EventId> out;
    for (auto n = m_writeTree.firstChild(detail(w).writeNode); n != SequentialTree::kNone;
         n = m_writeTree.nextSibling(n))
        out.push_back(m_writeNodeEvent[n]);
    return out;
}

std::vector<EventId> Unfolding::objectSuccessors(EventId e, ObjectIndex m) const {
    if (e == kNoEvent)
        return m < m_objectRoots.size() ? m_objectRoots[m] : std::vector<EventId>{};
    std::vector<EventId> out;
    for (auto n = m_objectTree.firstChild(m_events[e].objectNode); n != SequentialTree::kNone;
         n = m_objectTree.nextSibling(n))
        out.push_back(m_objectNodeEvent[n]);
    return out;
}

bool Unfolding::precedesOrEqual(EventId a, EventId b) const {
    const Event &ea = m_events[a];
    const EventId x = threadMax(b, ea.thread());
    if (x == kNoEvent)
        return false;
    if (x == a)
        return true;
    const std::uint32_t da = threadDepth(a);
    if (da >= threadDepth(x))
        return false;
    return m_threadTree.ancestorAt(x, da) == a;
}

bool Unfolding::inConflict(EventId a, EventId b) const {
    if (a == b)
        return false;
    const ObjectCutView ca = objectCut(a), cb = objectCut(b);
    for (auto i = ca.begin(), j = cb.begin(); i != ca.end() && j != cb.end();) {
        const ObjectCut x = *i, y = *j;
        if (x.object < y.object) {
            ++i;
        } else if (y.object < x.object) {
            ++j;
        } else {
            if (objectNodesConflict(x.event, y.event))
                return true;
            ++i, ++j;
        }
    }
    return memoryCutsConflict(a, b);
}

std::vector<std::uint32_t> Unfolding::causalDepths() const {
    // Ids are a topological order: predecessors are created first.
    std::vector<std::uint32_t> depths(size());
    for (EventId e = 0; e < size(); ++e) {
        std::uint32_t d = 0;
        for (EventId p : predecessors(e))
            d = std::max(d, depths[p]);
        depths[e] = d + 1;
    }
    return depths;
}

std::size_t Unfolding::memoryBytes() const {
    return m_events.bytesReserved() + m_details.bytesReserved() + m_tmaxPool.bytesReserved() +
           m_lmaxPool.bytesReserved() + m_objectNodeEvent.bytesReserved() + m_threadTree.memoryBytes() +
           m_objectTree.memoryBytes() + m_writeTree.memoryBytes() + m_memCutPool.capacity() * sizeof(MemoryCut) +
           m_memBases.capacity() * 8 + m_races.memoryBytes() +
           (m_cutReadsPool.capacity() + m_extraPool.capacity() + m_writeNodeEvent.capacity()) * sizeof(EventId) +
           m_siblingIndex.memoryBytes() + m_accessSiblingIndex.memoryBytes() + m_threadSiblingKeys.memoryBytes() +
           m_byPredecessors.memoryBytes() + m_byAction.size() * 32 + m_samePredecessorsNext.bytesReserved() +
           m_recentLookups.size() * sizeof(RecentLookup);
}

} // namespace weft
