// SPDX-License-Identifier: MIT
#include "engine/unfolding/ThreadSiblingKeys.hpp"

#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>
#include <cassert>

namespace weft {

namespace {

/// Keys lie in [1, 2^32 - 1]; 0 and 2^32 bound the space.
constexpr std::uint64_t kSpace = std::uint64_t{1} << 32;
/// A child that comes after all its siblings takes this step instead of half the room left, so that
/// appending many children does not run out of room.
constexpr std::uint64_t kAppendStep = std::uint64_t{1} << 16;

template <typename Visit> void forEachSibling(const Unfolding &u, EventId x, Visit &&visit) {
    const Event &ex = u.event(x);
    if (ex.threadPred == kNoEvent) {
        for (EventId s : u.threadRoots(ex.thread()))
            if (s != x)
                visit(s);
        return;
    }
    const KeyedSequentialTree &tree = u.threadTree();
    for (auto n = tree.firstChild(ex.threadPred); n != SequentialTree::kNone; n = tree.nextSibling(n))
        if (n != x)
            visit(n);
}

/// The parent of x's sibling group: its thread predecessor, or its thread (for first events).
std::uint64_t groupOf(const Event &ex) {
    return ex.threadPred != kNoEvent ? ex.threadPred : (std::uint64_t{1} << 32) | ex.thread();
}

} // namespace

std::vector<EventId> *ThreadSiblingKeys::sortedSiblings(const Unfolding &u, const KeyedSequentialTree &keys, EventId x,
                                                        bool &unkeyed) {
    const Event &ex = u.event(x);
    unkeyed = false;
    // An only child (the usual new event: a thread's step after an event new in this run) has no busy
    // parent: no look-up in m_slot, whose bucket is a cache miss once the unfolding is large.
    if (ex.threadPred != kNoEvent && u.threadTree().firstChild(ex.threadPred) == x)
        return nullptr;
    if (const auto it = m_slot.find(groupOf(ex)); it != m_slot.end()) {
        unkeyed = it->second == kUnkeyed;
        return unkeyed ? nullptr : &m_sorted[it->second];
    }
    std::uint32_t count = 0;
    if (ex.threadPred == kNoEvent)
        count = static_cast<std::uint32_t>(u.threadRoots(ex.thread()).size()) - 1;
    else
        forEachSibling(u, x, [&](EventId) { ++count; });
    if (count + 1 < kThreshold)
        return nullptr;
    std::vector<EventId> v;
    forEachSibling(u, x, [&](EventId s) { v.push_back(s); });
    std::sort(v.begin(), v.end(), [&](EventId a, EventId b) { return keys.key(a) < keys.key(b); });
    m_slot.emplace(groupOf(ex), static_cast<std::uint32_t>(m_sorted.size()));
    m_sorted.push_back(std::move(v));
    return &m_sorted.back();
}

void ThreadSiblingKeys::add(const Unfolding &u, KeyedSequentialTree &keys, EventId x) {
    assert(keys.key(x) == 0);
    // The nearest siblings before and after x in threadSiblingLess order.
    EventId prev = kNoEvent, next = kNoEvent;
    bool unkeyed = false;
    std::vector<EventId> *sorted = sortedSiblings(u, keys, x, unkeyed);
    if (unkeyed)
        return; // too many siblings: none has a key
    if (sorted && sorted->size() >= kMaxKeyed) {
        dropKeys(u, keys, x);
        return;
    }
    std::size_t at = 0;
    auto less = [&](EventId s) { return ObjectSiblingIndex::threadSiblingLess(u, s, x); };
    if (sorted) {
        // A new event most often comes after all its siblings: one comparison then.
        at = !sorted->empty() && less(sorted->back())
                 ? sorted->size()
                 : static_cast<std::size_t>(std::partition_point(sorted->begin(), sorted->end(), less) -
                                            sorted->begin());
        prev = at == 0 ? kNoEvent : (*sorted)[at - 1];
        next = at == sorted->size() ? kNoEvent : (*sorted)[at];
    } else {
        // Few siblings: the last one first (a new event most often comes after all of them), then
        // only those whose key lies inside (prev, next); the others are on a known side without being
        // compared (a key read, not an object-tree walk).
        EventId last = kNoEvent;
        forEachSibling(u, x, [&](EventId s) {
            if (last == kNoEvent || keys.key(s) > keys.key(last))
                last = s;
        });
        if (last != kNoEvent)
            (less(last) ? prev : next) = last;
        if (next != kNoEvent)
            forEachSibling(u, x, [&](EventId s) {
                const std::uint32_t k = keys.key(s);
                if ((prev != kNoEvent && k <= keys.key(prev)) || (next != kNoEvent && k >= keys.key(next)))
                    return;
                (less(s) ? prev : next) = s;
            });
    }
    const std::uint64_t lo = prev == kNoEvent ? 0 : keys.key(prev);
    const std::uint64_t hi = next == kNoEvent ? kSpace : keys.key(next);
    if (hi - lo >= 2)
        keys.setKey(x, static_cast<std::uint32_t>(
                           lo + (next == kNoEvent ? std::min((hi - lo) / 2, kAppendStep) : (hi - lo) / 2)));
    else
        renumber(u, keys, x, prev, next, sorted);
    if (sorted)
        sorted->insert(sorted->begin() + static_cast<std::ptrdiff_t>(at), x);
}

void ThreadSiblingKeys::dropKeys(const Unfolding &u, KeyedSequentialTree &keys, EventId x) {
    const auto it = m_slot.find(groupOf(u.event(x)));
    assert(it != m_slot.end() && it->second != kUnkeyed);
    for (EventId s : m_sorted[it->second])
        keys.setKey(s, 0);
    std::vector<EventId>().swap(m_sorted[it->second]);
    it->second = kUnkeyed;
}

void ThreadSiblingKeys::renumber(const Unfolding &u, KeyedSequentialTree &keys, EventId x, EventId prev, EventId next,
                                 std::vector<EventId> *sorted) {
    // No room between x's neighbours: spread all the siblings evenly over the space, in their order.
    // When x comes last (the usual case), over the lower half only: the appends that follow take
    // kAppendStep each from the upper half instead of halving a gap of one step.
    ++m_renumberings;
    std::vector<EventId> &all = m_scratch;
    all.clear();
    if (sorted) {
        all = *sorted;
    } else {
        forEachSibling(u, x, [&](EventId s) { all.push_back(s); });
        std::sort(all.begin(), all.end(), [&](EventId a, EventId b) { return keys.key(a) < keys.key(b); });
    }
    all.insert(prev == kNoEvent ? all.begin() : std::find(all.begin(), all.end(), prev) + 1, x);
    const std::uint64_t step = (next == kNoEvent ? kSpace / 2 : kSpace) / (all.size() + 1);
    assert(step >= 2);
    for (std::size_t i = 0; i < all.size(); ++i)
        keys.setKey(all[i], static_cast<std::uint32_t>((i + 1) * step));
}

std::size_t ThreadSiblingKeys::memoryBytes() const {
    std::size_t bytes = m_slot.size() * 4 * sizeof(std::uint64_t) + m_sorted.capacity() * sizeof(std::vector<EventId>);
    for (const auto &v : m_sorted)
        bytes += v.capacity() * sizeof(EventId);
    return bytes;
}

} // namespace weft
