// SPDX-License-Identifier: MIT
#include "engine/unfolding/ConflictingExtensions.hpp"

namespace weft {

namespace {

/// Walks the object chain of C down from `skipped` (the first operation the new event would precede)
/// and adds `action` after `ep` right before every operation not already in [ep], wherever the
/// object's state there enables it. For a mutex this is spec §3.10.1's walk: only the positions
/// right after a release (or the initial state) enable a lock.
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

} // namespace

std::size_t addConflictingExtensions(Unfolding &u, const Configuration &c,
                                     std::span<const BlockedAcquisition> blocked) {
    std::size_t created = 0;
    // cex(C): for every object operation e of C, the same operation before an earlier one.
    const std::size_t objects = u.mutexCount();
    for (MutexIndex m = 0; m < objects; ++m) {
        for (EventId x = c.mutexMax(m); x != kNoEvent; x = u.event(x).otherPred) {
            const Event &e = u.event(x);
            if (e.otherPred == kNoEvent || e.threadPred == kNoEvent)
                continue;
            created += addEarlierPositions(u, e.action, e.threadPred, e.otherPred);
        }
    }
    // §3.10.4: a thread blocked forever on an object could have gone earlier in its chain.
    for (const BlockedAcquisition &b : blocked) {
        const MutexIndex m = u.findMutex(b.pending.object);
        const EventId ep = c.threadMax(b.pending.thread);
        if (m == kNoMutex || ep == kNoEvent || !isLockTreeKind(b.pending.kind))
            continue;
        created += addEarlierPositions(u, b.pending, ep, c.mutexMax(m));
    }
    return created;
}

} // namespace weft
