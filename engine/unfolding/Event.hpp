// SPDX-License-Identifier: MIT
// The event record (spec/qpor.md §3.1): an action with its immediate predecessors, its nodes in the
// thread tree and the lock tree, and the location of its cone (tmax/lmax, §3.5) in the Unfolding.
// Immutable once created; identity is its EventId.
#pragma once

#include "engine/action/Action.hpp"
#include "engine/unfolding/SequentialTree.hpp"

namespace weft {

/// A dense index for a synchronisation object (mutex, semaphore, ...) within one unfolding
/// (ObjectIds can be sparse addresses).
using MutexIndex = std::uint32_t;
inline constexpr MutexIndex kNoMutex = std::numeric_limits<MutexIndex>::max();

/// One entry of lmax: the causally last lock/unlock on `mutex` in loc(e).
struct LockCut {
    MutexIndex mutex;
    EventId event;
};

struct Event {
    Action action;
    EventId threadPred = kNoEvent; ///< pre_proc: previous event of the same thread
    EventId otherPred = kNoEvent;  ///< pre_other: creator, joined exit, previous event on the mutex
    MutexIndex mutex = kNoMutex;   ///< for lock/unlock
    SequentialTree::NodeId threadNode = SequentialTree::kNone;
    SequentialTree::NodeId lockNode = SequentialTree::kNone;
    std::uint32_t depth = 0; ///< 1 + the larger depth of the predecessors (for display)
    std::uint32_t state = 0; ///< for object-tree events other than lock/unlock: index of the state after it
    // Cone storage in the Unfolding's pools.
    std::uint32_t tmaxBegin = 0;
    std::uint32_t tmaxCount = 0;
    std::uint32_t lmaxBegin = 0;
    std::uint32_t lmaxCount = 0;

    ThreadId thread() const { return action.thread; }
    ActionKind kind() const { return action.kind; }
    bool isLock() const { return action.kind == ActionKind::MutexLock; }
    /// An operation on a synchronisation object's tree (lock, unlock, sem_post, ...).
    bool isObjectOperation() const { return mutex != kNoMutex; }
};

} // namespace weft
