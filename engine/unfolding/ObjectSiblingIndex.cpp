// SPDX-License-Identifier: MIT
#include "engine/unfolding/ObjectSiblingIndex.hpp"

#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>

namespace weft {

static void grow(std::vector<std::uint32_t> &v, std::size_t i) {
    if (i >= v.size())
        v.resize(std::max<std::size_t>(i + 1, v.size() * 3 / 2), 0);
}

std::uint32_t ObjectSiblingIndex::slotOf(const Unfolding &u, EventId parent, ObjectIndex object) const {
    if (parent == kNoEvent)
        return object < m_rootSlot.size() ? m_rootSlot[object] : 0;
    const std::uint32_t slot = m_slot.find(u.event(parent).objectNode);
    return slot == decltype(m_slot)::kAbsent ? 0 : slot;
}

void ObjectSiblingIndex::add(const Unfolding &u, EventId x) {
    const Event &ex = u.event(x);
    const EventId parent = ex.otherPred;
    auto less = [&](const SiblingEntry &a, const SiblingEntry &b) { return elementLess(u, a, b); };
    if (const std::uint32_t slot = slotOf(u, parent, ex.object); slot != 0) {
        // Within x's thread's run: by the thread predecessors' pre-order, then by id (x is the newest).
        m_sorted[slot - 1].insert(ex.thread(), {ex.threadPred, x}, [&](const SiblingEntry &y) {
            return threadCompare(u, y.threadPred, ex.threadPred) <= 0;
        });
        return;
    }
    bool busy = false;
    if (parent == kNoEvent) {
        grow(m_rootCount, ex.object);
        busy = ++m_rootCount[ex.object] >= kThreshold;
    } else {
        // x is the parent's last child: it became busy now if it has kThreshold children.
        const SequentialTree &tree = u.objectTree();
        std::uint32_t count = 0;
        for (auto n = tree.firstChild(u.event(parent).objectNode); n != SequentialTree::kNone && count < kThreshold;
             n = tree.nextSibling(n))
            ++count;
        busy = count >= kThreshold;
    }
    if (!busy)
        return;
    std::vector<SiblingEntry> v;
    for (EventId y : u.objectSuccessors(parent, ex.object))
        v.push_back({u.event(y).threadPred, y});
    std::sort(v.begin(), v.end(), less);
    m_sorted.emplace_back(v, [&](EventId y) { return u.event(y).thread(); });
    const auto slot = static_cast<std::uint32_t>(m_sorted.size());
    if (parent == kNoEvent) {
        grow(m_rootSlot, ex.object);
        m_rootSlot[ex.object] = slot;
    } else {
        m_slot.insert(u.event(parent).objectNode, slot);
    }
}

const SiblingList *ObjectSiblingIndex::children(const Unfolding &u, EventId parent, ObjectIndex object) const {
    const std::uint32_t slot = slotOf(u, parent, object);
    return slot == 0 ? nullptr : &m_sorted[slot - 1];
}

bool ObjectSiblingIndex::objectBefore(const Unfolding &u, EventId a, EventId b) {
    if (a == b || b == kNoEvent)
        return false;
    if (a == kNoEvent)
        return true;
    return u.objectTree().preorderCompare(u.event(a).objectNode, u.event(b).objectNode,
                                          [](auto x, auto y) { return x < y; }) < 0;
}

bool ObjectSiblingIndex::threadSiblingLess(const Unfolding &u, EventId a, EventId b) {
    const Event &ea = u.event(a), &eb = u.event(b);
    if (ea.object != eb.object)
        return ea.object < eb.object; // kNoObject (not an object operation) last
    if (ea.object != kNoObject && ea.otherPred != eb.otherPred)
        return objectBefore(u, ea.otherPred, eb.otherPred);
    return a < b;
}

int ObjectSiblingIndex::threadCompare(const Unfolding &u, EventId a, EventId b) {
    if (a == b)
        return 0;
    if (a == kNoEvent)
        return -1;
    if (b == kNoEvent)
        return 1;
    // Siblings compare by their keys (ThreadSiblingKeys), kept in the nodes the walk has just read, instead of
    // an object-tree walk (children of a node with too many to keep keys for: threadSiblingLess).
    const KeyedSequentialTree &keys = u.threadTree();
    return keys.preorderCompare(a, b, [&](EventId x, EventId y) {
        const std::uint32_t kx = keys.key(x), ky = keys.key(y);
        return kx != 0 && ky != 0 ? kx < ky : threadSiblingLess(u, x, y);
    });
}

bool ObjectSiblingIndex::elementLess(const Unfolding &u, const SiblingEntry &a, const SiblingEntry &b) {
    if (const ThreadId ta = u.event(a.event).thread(), tb = u.event(b.event).thread(); ta != tb)
        return ta < tb;
    if (const int c = threadCompare(u, a.threadPred, b.threadPred); c != 0)
        return c < 0;
    return a.event < b.event;
}

std::size_t ObjectSiblingIndex::memoryBytes() const {
    std::size_t bytes = (m_rootCount.capacity() + m_rootSlot.capacity()) * sizeof(std::uint32_t) +
                        m_slot.size() * 4 * sizeof(std::uint32_t) + m_sorted.capacity() * sizeof(SiblingList);
    for (const SiblingList &v : m_sorted)
        bytes += v.memoryBytes();
    return bytes;
}

} // namespace weft
