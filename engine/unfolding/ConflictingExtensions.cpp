// SPDX-License-Identifier: MIT
#include "engine/unfolding/ConflictingExtensions.hpp"

#include "engine/action/NondetChoice.hpp"

#include <algorithm>
#include <map>

namespace weft {

namespace {

/// Asks the caller's stop question every 16 steps (placements tried; one can take milliseconds in an
/// unfolding of millions of events, and the question costs a clock read); once it says yes, every
/// walk returns at once.
class StopCheck {
public:
    explicit StopCheck(const std::function<bool()> &stopped) : m_stopped(stopped) {}
    bool operator()() {
        if (!m_hit && m_stopped && (++m_steps & 15) == 0)
            m_hit = m_stopped();
        return m_hit;
    }

private:
    const std::function<bool()> &m_stopped;
    std::uint32_t m_steps = 0;
    bool m_hit = false;
};

/// Walks the object chain of C down from `skipped` (the first operation the new event would precede) and adds
/// `action` after `ep` right before every operation not already in [ep], wherever the object's state there
/// enables it. For a mutex this is the walk of docs/algorithms.md, "Conflicting extensions": only the
/// positions right after a release (or the initial state) enable a lock.
std::size_t addEarlierPositions(Unfolding &u, const Action &action, EventId ep, EventId skipped) {
    std::size_t created = 0;
    while (skipped != kNoEvent && !u.precedesOrEqual(skipped, ep)) {
        const EventId position = u.event(skipped).otherPred; // place the action right after this
        if (u.stateAfter(position).isEnabled(action)) {
            bool isNew = false;
            u.obtain(action, ep, position, &isNew);
            created += isNew;
        }
        skipped = position;
    }
    return created;
}

/// A nondet choice's other values at the same place: its only conflicting extensions (no other
/// thread operates on its object, so it cannot move earlier; README.md, "Nondeterministic choices").
std::size_t addOtherChoices(Unfolding &u, Action action, EventId ep, EventId previous) {
    std::size_t created = 0;
    const NondetDomain domain = nondetDomain(action.object);
    const std::int64_t chosen = action.value;
    for (std::uint64_t i = 0; i < domain.size(); ++i) { // in the order of NondetDomain::at
        const std::int64_t v = domain.at(i);
        if (v == chosen)
            continue;
        action.value = v;
        bool isNew = false;
        u.obtain(action, ep, previous, &isNew);
        created += isNew;
    }
    return created;
}

/// Every memory access of C, and the reads of each write in C keyed by (location, write).
struct MemoryView {
    std::vector<EventId> accesses;
    std::map<std::pair<LocationIndex, EventId>, std::vector<EventId>> readsOf;
};

MemoryView memoryViewOf(const Unfolding &u, const Configuration &c) {
    MemoryView view;
    for (ThreadId t = 0; t < c.threadSlots(); ++t)
        for (EventId e = c.threadMax(t); e != kNoEvent; e = u.event(e).threadPred) {
            const Event &ev = u.event(e);
            if (!ev.isMemoryAccess())
                continue;
            view.accesses.push_back(e);
            if (!ev.isWrite())
                view.readsOf[{ev.location, ev.otherPred}].push_back(e);
        }
    return view;
}

/// The writes (write, p, w, R) for every set R of reads of w in C outside loc(p) (README.md): per
/// thread, a prefix of its reads of w (a later read of one thread has the earlier ones below it).
std::size_t addWritesAfter(Unfolding &u, const Action &action, EventId p, EventId w,
                           const std::vector<EventId> &readsOfW, StopCheck &stop) {
    std::vector<std::vector<EventId>> perThread; // each sorted by thread depth
    for (EventId r : readsOfW) {
        if (p != kNoEvent && u.precedesOrEqual(r, p))
            continue;
        auto it = std::find_if(perThread.begin(), perThread.end(),
                               [&](const std::vector<EventId> &v) { return u.event(v[0]).thread() == u.event(r).thread(); });
        if (it == perThread.end())
            perThread.push_back({r});
        else
            it->push_back(r);
    }
    for (auto &v : perThread)
        std::sort(v.begin(), v.end(), [&](EventId a, EventId b) { return u.threadDepth(a) < u.threadDepth(b); });
    // Every execution meets the same placements again; enumerate a candidate set only once.
    std::vector<EventId> candidates;
    for (const auto &v : perThread)
        candidates.insert(candidates.end(), v.begin(), v.end());
    std::sort(candidates.begin(), candidates.end());
    if (!u.notePlacements(p, w, candidates))
        return 0;
    std::size_t created = 0;
    std::vector<std::size_t> choice(perThread.size(), 0); // how many reads of each thread
    std::vector<EventId> chosen;
    const LocationIndex l = u.objects().internLocation(action);
    while (!stop()) {
        chosen.clear();
        for (std::size_t i = 0; i < perThread.size(); ++i)
            if (choice[i] > 0)
                chosen.push_back(perThread[i][choice[i] - 1]);
        const std::vector<EventId> extras = u.canonicalReads(p, chosen);
        // A read-write lock's writer side waits for the readers chosen before it to leave.
        if (!isRwlockKind(action.kind) || u.rwlockState(l, p, w, extras).isEnabled(action)) {
            bool isNew = false;
            u.obtain(action, p, w, extras, &isNew);
            created += isNew;
        }
        std::size_t i = 0;
        while (i < perThread.size() && choice[i] == perThread[i].size())
            choice[i++] = 0;
        if (i == perThread.size())
            break;
        ++choice[i];
    }
    return created;
}

/// The access `action` of location l after thread predecessor p at every write of C's chain from `from`
/// down to the last write p had seen; a read-write lock's operations only where the lock allows them.
std::size_t addPlacements(Unfolding &u, const MemoryView &view, const Action &action, LocationIndex l, EventId p,
                          EventId from, StopCheck &stop) {
    static const std::vector<EventId> kNone;
    std::size_t created = 0;
    const EventId seen = p == kNoEvent ? kNoEvent : u.lastWrite(p, l);
    for (EventId w = from;; w = u.event(w).otherPred) {
        if (isWriteAccess(action.kind)) {
            auto it = view.readsOf.find({l, w});
            created += addWritesAfter(u, action, p, w, it == view.readsOf.end() ? kNone : it->second, stop);
        } else if (!isRwlockKind(action.kind) || u.rwlockState(l, p, w, {}).isEnabled(action)) {
            bool isNew = false;
            u.obtain(action, p, w, &isNew);
            created += isNew;
        }
        if (w == seen || w == kNoEvent || stop())
            break;
    }
    return created;
}

/// cex(C) for the memory accesses of C: each at every write at or below its own position and above
/// the last write its thread had seen (README.md, "Conflicting extensions"); for each thread
/// blocked forever on a read-write lock, its operation at every write of C's chain it had not seen; for
/// each thread whose shared access waits for a section that ended the program ("Program ends"), that
/// access at every write below the last (the section's) that it had not seen.
std::size_t addMemoryExtensions(Unfolding &u, const Configuration &c, std::span<const BlockedAcquisition> blocked,
                                StopCheck &stop) {
    if (u.objects().locationCount() == 0)
        return 0;
    const MemoryView view = memoryViewOf(u, c);
    std::size_t created = 0;
    for (EventId e0 : view.accesses) {
        if (stop())
            return created;
        const Event ev = u.event(e0); // a copy: obtain may grow the arena
        created += addPlacements(u, view, ev.action, ev.location, ev.threadPred, ev.otherPred, stop);
    }
    for (const BlockedAcquisition &b : blocked) {
        if (isRwlockKind(b.pending.kind)) {
            const LocationIndex l = u.objects().findLocation(b.pending.object, true);
            const EventId p = c.threadMax(b.pending.thread);
            if (l != kNoLocation && p != kNoEvent)
                created += addPlacements(u, view, b.pending, l, p, c.lastWrite(l), stop);
        } else if (isMemoryAccess(b.pending.kind)) {
            // Not after the last write: the section's, which it may not see.
            const LocationIndex l = u.objects().findLocation(b.pending.object, false);
            const EventId p = c.threadMax(b.pending.thread);
            const EventId last = l == kNoLocation ? kNoEvent : c.lastWrite(l);
            if (p != kNoEvent && last != kNoEvent && last != u.lastWrite(p, l))
                created += addPlacements(u, view, b.pending, l, p, u.event(last).otherPred, stop);
        }
    }
    return created;
}

} // namespace

std::size_t addConflictingExtensions(Unfolding &u, const Configuration &c, std::span<const BlockedAcquisition> blocked,
                                     const std::function<bool(EventId)> &extendedBefore,
                                     const std::function<bool()> &stopped) {
    StopCheck stop(stopped);
    std::size_t created = 0;
    // cex(C): for every object operation e of C, the same operation before an earlier one.
    const std::size_t objects = u.objects().objectCount();
    for (ObjectIndex m = 0; m < objects; ++m) {
        for (EventId x = c.objectMax(m); x != kNoEvent; x = u.event(x).otherPred) {
            if (stop())
                return created;
            if (extendedBefore && extendedBefore(x))
                break; // x and every operation below it were walked by an earlier call
            const Event &e = u.event(x);
            if (e.kind() == ActionKind::NondetChoice) {
                created += addOtherChoices(u, e.action, e.threadPred, e.otherPred);
                continue;
            }
            if (e.otherPred == kNoEvent || e.threadPred == kNoEvent)
                continue;
            created += addEarlierPositions(u, e.action, e.threadPred, e.otherPred);
        }
    }
    created += addMemoryExtensions(u, c, blocked, stop);
    if (stop())
        return created;
    // A thread blocked forever on an object could have gone earlier in its chain.
    for (const BlockedAcquisition &b : blocked) {
        const ObjectIndex m = u.objects().findObject(b.pending.object);
        const EventId ep = c.threadMax(b.pending.thread);
        if (m == kNoObject || ep == kNoEvent || !isObjectTreeKind(b.pending.kind))
            continue;
        created += addEarlierPositions(u, b.pending, ep, c.objectMax(m));
    }
    return created;
}

} // namespace weft
