// SPDX-License-Identifier: MIT
// The event record (docs/algorithms.md, "Events and the unfolding"): an action with its immediate
// predecessors, its nodes in the thread tree and the lock or write tree, and the location of its cone
// (tmax/lmax, docs/algorithms.md, "Causality and conflict", and the memory cut of engine/unfolding/README.md)
// in the Unfolding. Immutable once created; identity is its EventId.
#pragma once

#include "engine/action/Action.hpp"
#include "engine/unfolding/SequentialTree.hpp"

#include <algorithm>
#include <span>

namespace weft {

/// A dense index for a synchronisation object (mutex, semaphore, ...) within one unfolding
/// (ObjectIds can be sparse addresses).
using ObjectIndex = std::uint32_t;
inline constexpr ObjectIndex kNoObject = std::numeric_limits<ObjectIndex>::max();

/// One entry of lmax: the causally last operation on synchronisation object `object` in loc(e).
struct ObjectCut {
    ObjectIndex object;
    EventId event;
};

/// lmax(e, ·) as stored: a range of the Unfolding's pool, possibly shared with e's thread
/// predecessors, whose entry for e's own object (if e operates on one) is e itself whatever the range
/// holds there. Indexable and iterable like a span of ObjectCut (entries by value).
class ObjectCutView {
public:
    ObjectCutView() = default;
    ObjectCutView(std::span<const ObjectCut> range, ObjectIndex own, EventId self)
        : m_range(range), m_own(own), m_self(self) {}
    std::size_t size() const { return m_range.size(); }
    bool empty() const { return m_range.empty(); }
    ObjectCut operator[](std::size_t i) const {
        return m_range[i].object == m_own ? ObjectCut{m_own, m_self} : m_range[i];
    }
    class Iterator {
    public:
        Iterator(const ObjectCutView *view, std::size_t i) : m_view(view), m_i(i) {}
        ObjectCut operator*() const { return (*m_view)[m_i]; }
        Iterator &operator++() {
            ++m_i;
            return *this;
        }
        bool operator==(const Iterator &o) const { return m_i == o.m_i; }

    private:
        const ObjectCutView *m_view;
        std::size_t m_i;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, m_range.size()}; }
    /// The range as stored (the own object's entry may be an earlier operation).
    std::span<const ObjectCut> stored() const { return m_range; }

private:
    std::span<const ObjectCut> m_range;
    ObjectIndex m_own = kNoObject;
    EventId m_self = kNoEvent;
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

/// A memory cut (README.md) stored as a shared immutable base plus a small delta of entries that
/// override or extend it, both sorted by location: consecutive events of a thread share the base, so
/// an access costs O(delta), not O(locations). Iterates the merged entries in location order.
class MemoryCutView {
public:
    MemoryCutView() = default;
    MemoryCutView(std::span<const MemoryCut> base, std::span<const MemoryCut> delta, std::uint32_t baseId)
        : m_base(base), m_delta(delta), m_baseId(baseId) {}

    class Iterator {
    public:
        Iterator(std::span<const MemoryCut> b, std::span<const MemoryCut> d, std::size_t i, std::size_t j)
            : m_b(b), m_d(d), m_i(i), m_j(j) {}
        const MemoryCut &operator*() const {
            if (m_j < m_d.size() && (m_i == m_b.size() || m_d[m_j].location <= m_b[m_i].location))
                return m_d[m_j];
            return m_b[m_i];
        }
        Iterator &operator++() {
            if (m_j < m_d.size() && (m_i == m_b.size() || m_d[m_j].location <= m_b[m_i].location)) {
                if (m_i < m_b.size() && m_b[m_i].location == m_d[m_j].location)
                    ++m_i;
                ++m_j;
            } else {
                ++m_i;
            }
            return *this;
        }
        bool operator!=(const Iterator &o) const { return m_i != o.m_i || m_j != o.m_j; }

    private:
        std::span<const MemoryCut> m_b, m_d;
        std::size_t m_i, m_j;
    };
    Iterator begin() const { return {m_base, m_delta, 0, 0}; }
    Iterator end() const { return {m_base, m_delta, m_base.size(), m_delta.size()}; }
    bool empty() const { return m_base.empty() && m_delta.empty(); }
    /// The entry for location l, or nullptr.
    const MemoryCut *find(LocationIndex l) const {
        for (std::span<const MemoryCut> part : {m_delta, m_base}) {
            auto it = std::lower_bound(part.begin(), part.end(), l,
                                       [](const MemoryCut &c, LocationIndex x) { return c.location < x; });
            if (it != part.end() && it->location == l)
                return &*it;
        }
        return nullptr;
    }
    std::span<const MemoryCut> base() const { return m_base; }
    std::span<const MemoryCut> delta() const { return m_delta; }
    /// Identifies the base (equal ids, equal bases); kNoBase when there is none.
    std::uint32_t baseId() const { return m_baseId; }
    static constexpr std::uint32_t kNoBase = std::numeric_limits<std::uint32_t>::max();

private:
    std::span<const MemoryCut> m_base, m_delta;
    std::uint32_t m_baseId = kNoBase;
};

/// The fields only some events need (memory accesses, read-write lock operations, object operations
/// with a state, events whose cone holds memory accesses): kept beside the events, so that an event
/// of a program without shared-memory accesses is one cache line (Event::detail indexes them).
struct EventDetail {
    SequentialTree::NodeId writeNode = SequentialTree::kNone; ///< for writes: node in the write tree
    std::uint32_t state = 0; ///< for object-tree events other than lock/unlock and writer-side read-write
                             ///< lock operations: index of the state after it
    std::uint32_t memBase = MemoryCutView::kNoBase; ///< memory cut: index of its base, and its delta
    std::uint32_t memBegin = 0;
    std::uint32_t memCount = 0;
    /// For writes: the reads of the previous write that are immediate predecessors (sorted ids).
    std::uint32_t extraBegin = 0;
    std::uint32_t extraCount = 0;
    /// For memory accesses: bit m is set iff the thread holds mutex m (< 64) here, i.e. the last
    /// event on m in loc(e) is its own lock (README.md, "Accesses under a common lock").
    std::uint64_t heldMutexes = 0;
};

/// The event record proper: 64 bytes. Its thread-tree node is its id (every event has one, created
/// with it); the counts of its cone ranges lead those ranges in the Unfolding's pools.
struct Event {
    Action action;
    EventId threadPred = kNoEvent; ///< pre_proc: previous event of the same thread
    /// pre_other: creator, joined exit, previous event on the object, the write a read reads, the write before a write
    EventId otherPred = kNoEvent;
    ObjectIndex object = kNoObject; ///< for operations on a synchronisation object (index of action.object)
    LocationIndex location = kNoLocation; ///< for memory reads and writes, read-write lock operations
    SequentialTree::NodeId objectNode = SequentialTree::kNone;
    std::uint32_t depth = 0; ///< 1 + the larger depth of the predecessors (for display)
    std::uint32_t threadDepth = 0; ///< depth in the thread tree (kept here: hot in conflict filters)
    // Cone storage in the Unfolding's pools: where the range (count first) of tmax and lmax starts.
    std::uint32_t tmaxAt = 0;
    std::uint32_t lmaxAt = 0;
    static constexpr std::uint32_t kNoDetail = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t detail = kNoDetail; ///< index of its EventDetail, if it has one

    ThreadId thread() const { return action.thread; }
    ActionKind kind() const { return action.kind; }
    bool isLock() const { return action.kind == ActionKind::MutexLock; }
    /// An operation on a synchronisation object's tree (lock, unlock, sem_post, ...).
    bool isObjectOperation() const { return object != kNoObject; }
    /// A read or write of a location: shared memory, or a read-write lock (README.md, "Read-write locks").
    bool isMemoryAccess() const { return location != kNoLocation; }
    bool isWrite() const { return isWriteAccess(action.kind); }
};
static_assert(sizeof(Event) <= 64);

} // namespace weft
