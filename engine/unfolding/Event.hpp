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
/// holds there. A range is a header word, then either `n` (object, event) pairs sorted by object
/// (sparse) or, when that is no smaller, one event per object index 0..n-1, kNoEvent where the cut has
/// none (dense, the header's top bit set): a cone touching most of the objects costs 4 bytes an entry.
/// Iterates the entries as ObjectCut in object order (by value).
class ObjectCutView {
public:
    static constexpr std::uint32_t kDense = std::uint32_t{1} << 31;

    ObjectCutView() = default;
    ObjectCutView(const std::uint32_t *range, ObjectIndex own, EventId self)
        : m_words(range + 1), m_n(range[0] & ~kDense), m_dense((range[0] & kDense) != 0), m_own(own), m_self(self) {}

    bool empty() const { return m_n == 0; }
    /// lmax(e, o), or kNoEvent.
    EventId at(ObjectIndex o) const {
        if (o == m_own)
            return m_self;
        if (m_dense)
            return o < m_n ? m_words[o] : kNoEvent;
        std::uint32_t lo = 0, hi = m_n;
        while (lo < hi) {
            const std::uint32_t mid = (lo + hi) / 2;
            if (m_words[2 * mid] < o)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo < m_n && m_words[2 * lo] == o ? m_words[2 * lo + 1] : kNoEvent;
    }
    class Iterator {
    public:
        Iterator(const ObjectCutView *view, std::uint32_t i) : m_view(view), m_i(i) { skipEmpty(); }
        ObjectCut operator*() const {
            const ObjectCutView &v = *m_view;
            const ObjectCut c =
                v.m_dense ? ObjectCut{m_i, v.m_words[m_i]} : ObjectCut{v.m_words[2 * m_i], v.m_words[2 * m_i + 1]};
            return c.object == v.m_own ? ObjectCut{c.object, v.m_self} : c;
        }
        Iterator &operator++() {
            ++m_i;
            skipEmpty();
            return *this;
        }
        bool operator==(const Iterator &o) const { return m_i == o.m_i; }

    private:
        void skipEmpty() {
            if (m_view->m_dense)
                while (m_i < m_view->m_n && m_view->m_words[m_i] == kNoEvent)
                    ++m_i;
        }
        const ObjectCutView *m_view;
        std::uint32_t m_i;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, m_n}; }
    /// The same range without the own object's substitution (its entry may be an earlier operation).
    ObjectCutView stored() const {
        ObjectCutView v = *this;
        v.m_own = kNoObject;
        return v;
    }

    /// Words a range of these entries (sorted by object, none empty) takes, and writing it.
    static std::size_t wordsFor(std::span<const ObjectCut> entries) {
        return 1 + std::min<std::size_t>(2 * entries.size(), entries.empty() ? 0 : entries.back().object + 1);
    }
    static void write(std::span<const ObjectCut> entries, std::uint32_t *range) {
        const std::size_t width = entries.empty() ? 0 : entries.back().object + 1;
        if (width < 2 * entries.size()) {
            range[0] = static_cast<std::uint32_t>(width) | kDense;
            std::fill(range + 1, range + 1 + width, kNoEvent);
            for (const ObjectCut &c : entries)
                range[1 + c.object] = c.event;
        } else {
            range[0] = static_cast<std::uint32_t>(entries.size());
            for (std::size_t i = 0; i < entries.size(); ++i) {
                range[1 + 2 * i] = entries[i].object;
                range[2 + 2 * i] = entries[i].event;
            }
        }
    }

private:
    const std::uint32_t *m_words = nullptr;
    std::uint32_t m_n = 0;
    bool m_dense = false;
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

/// The event record proper: 56 bytes. Its thread-tree node is its id (every event has one, created
/// with it; the node holds its depth there); the counts of its cone ranges lead those ranges in the
/// Unfolding's pools. The causal depth shown to users is computed when shown (Unfolding::causalDepths).
struct Event {
    Action action;
    EventId threadPred = kNoEvent; ///< pre_proc: previous event of the same thread
    /// pre_other: creator, joined exit, previous event on the object, the write a read reads, the write before a write
    EventId otherPred = kNoEvent;
    ObjectIndex object = kNoObject; ///< for operations on a synchronisation object (index of action.object)
    LocationIndex location = kNoLocation; ///< for memory reads and writes, read-write lock operations
    SequentialTree::NodeId objectNode = SequentialTree::kNone;
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
static_assert(sizeof(Event) <= 56);

} // namespace weft
