// SPDX-License-Identifier: MIT
#include "engine/unfolding/ConflictingExtensions.hpp"

namespace weft {

namespace {

/// Walks the mutex chain of C down from `em` (the lock-tree predecessor of a candidate position),
/// adding an acquisition by `thread` after `ep` right after every release not already in [ep].
/// `em` starts at an unlock, or at a lock whose preceding release is the first candidate.
std::size_t addEarlierAcquisitions(Unfolding &u, const Action &lock, EventId ep, EventId em) {
    std::size_t created = 0;
    while (em != kNoEvent && !u.precedesOrEqual(em, ep)) {
        if (u.event(em).isLock()) {
            em = u.event(em).otherPred; // the release the skipped lock followed (or the initial state)
            bool isNew = false;
            u.obtain(lock, ep, em, &isNew);
            created += isNew;
        } else {
            em = u.event(em).otherPred; // the lock that this release ends
        }
    }
    return created;
}

} // namespace

std::size_t addConflictingExtensions(Unfolding &u, const Configuration &c,
                                     std::span<const BlockedAcquisition> blocked) {
    std::size_t created = 0;
    // cex(C) (§3.10.1): for every acquisition e of C, the same acquisition right after an earlier
    // release. Walk each mutex chain of C from its maximum down.
    const std::size_t mutexes = u.mutexCount();
    for (MutexIndex m = 0; m < mutexes; ++m) {
        for (EventId x = c.mutexMax(m); x != kNoEvent; x = u.event(x).otherPred) {
            const Event &e = u.event(x);
            if (!e.isLock() || e.otherPred == kNoEvent)
                continue;
            created += addEarlierAcquisitions(u, e.action, e.threadPred, e.otherPred);
        }
    }
    // §3.10.4: a thread blocked forever on a held mutex could have acquired it earlier.
    for (const BlockedAcquisition &b : blocked) {
        const MutexIndex m = u.findMutex(b.mutex);
        const EventId ep = c.threadMax(b.thread);
        if (m == kNoMutex || ep == kNoEvent)
            continue;
        const Action lock{ActionKind::MutexLock, b.thread, b.mutex};
        created += addEarlierAcquisitions(u, lock, ep, c.mutexMax(m));
    }
    return created;
}

} // namespace weft
