// SPDX-License-Identifier: MIT
// The event record (spec/qpor.md §3.1): an action with its immediate predecessors, its nodes in the
// thread tree and the lock or write tree, and the location of its cone (tmax/lmax, §3.5, and the
// memory cut of engine/unfolding/README.md) in the Unfolding. Immutable once created; identity is its EventId.
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

/// A dense index for a shared-memory location within one unfolding.
using LocationIndex = std::uint32_t;
inline constexpr LocationIndex kNoLocation = std::numeric_limits<LocationIndex>::max();

/// One entry of the memory cut: the causally last write to `location` in loc(e) (kNoEvent: the
/// initial value) and, in the Unfolding's pool, the last read of that write by each thread in loc(e)
/// (sorted by thread).
struct MemoryCut {
    LocationIndex location;
    EventId write;
    std::uint32_t readsBegin;
    std::uint32_t readsCount;
};

struct Event {
    Action action;
    EventId threadPred = kNoEvent; ///< pre_proc: previous event of the same thread
    EventId otherPred = kNoEvent;  ///< pre_other: creator, joined exit, previous event on the mutex,
                                   ///< the write a read reads, the write before a write
    MutexIndex mutex = kNoMutex;   ///< for lock/unlock
    LocationIndex location = kNoLocation; ///< for memory reads and writes
    SequentialTree::NodeId threadNode = SequentialTree::kNone;
    SequentialTree::NodeId lockNode = SequentialTree::kNone;
    SequentialTree::NodeId writeNode = SequentialTree::kNone; ///< for writes: node in the write tree
    std::uint32_t depth = 0; ///< 1 + the larger depth of the predecessors (for display)
    std::uint32_t state = 0; ///< for object-tree events other than lock/unlock: index of the state after it
    // Cone storage in the Unfolding's pools.
    std::uint32_t tmaxBegin = 0;
    std::uint32_t tmaxCount = 0;
    std::uint32_t lmaxBegin = 0;
    std::uint32_t lmaxCount = 0;
    std::uint32_t memBegin = 0;
    std::uint32_t memCount = 0;
    /// For writes: the reads of the previous write that are immediate predecessors (sorted ids).
    std::uint32_t extraBegin = 0;
    std::uint32_t extraCount = 0;

    ThreadId thread() const { return action.thread; }
    ActionKind kind() const { return action.kind; }
    bool isLock() const { return action.kind == ActionKind::MutexLock; }
    /// An operation on a synchronisation object's tree (lock, unlock, sem_post, ...).
    bool isObjectOperation() const { return mutex != kNoMutex; }
    /// A shared-memory read or write.
    bool isMemoryAccess() const { return location != kNoLocation; }
    bool isWrite() const { return action.kind == ActionKind::MemWrite; }
};

} // namespace weft
