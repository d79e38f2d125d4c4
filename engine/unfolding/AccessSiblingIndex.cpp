// SPDX-License-Identifier: MIT
#include "engine/unfolding/AccessSiblingIndex.hpp"

#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>

namespace weft {

namespace {

std::uint64_t listKey(const Unfolding &u, EventId w, bool reads) {
    return std::uint64_t{u.detail(w).writeNode} * 2 + (reads ? 1 : 0);
}

} // namespace

std::uint32_t AccessSiblingIndex::slotOf(const Unfolding &u, EventId w, LocationIndex l, bool reads) const {
    if (w == kNoEvent) {
        const std::vector<std::uint32_t> &slots = m_initialSlot[reads ? 1 : 0];
        return l < slots.size() ? slots[l] : 0;
    }
    const auto it = m_slot.find(listKey(u, w, reads));
    return it == m_slot.end() ? 0 : it->second;
}

const SiblingList *AccessSiblingIndex::list(const Unfolding &u, EventId w, LocationIndex l, bool reads) const {
    const std::uint32_t slot = slotOf(u, w, l, reads);
    return slot == 0 ? nullptr : &m_sorted[slot - 1];
}

void AccessSiblingIndex::add(const Unfolding &u, EventId x) {
    const Event &ex = u.event(x);
    const EventId w = ex.otherPred;
    const bool reads = !ex.isWrite();
    auto less = [&](const SiblingEntry &a, const SiblingEntry &b) { return elementLess(u, a, b); };
    if (const std::uint32_t slot = slotOf(u, w, ex.location, reads); slot != 0) {
        // Within x's thread's run: by the thread predecessors' pre-order, then by the extras, then by id (x
        // is the newest).
        m_sorted[slot - 1].insert(ex.thread(), {ex.threadPred, x}, [&](const SiblingEntry &y) {
            const int c = ObjectSiblingIndex::threadCompare(u, y.threadPred, ex.threadPred);
            return c < 0 || (c == 0 && extrasCompare(u, y.event, x) <= 0);
        });
        return;
    }
    // x is the list's last member: it became busy now if it has kThreshold members.
    std::size_t count = 0;
    if (reads || w == kNoEvent) {
        count = reads ? u.readersOf(w, ex.location).size() : u.writeSuccessors(kNoEvent, ex.location).size();
    } else {
        const SequentialTree &tree = u.writeTree();
        for (auto n = tree.firstChild(u.detail(w).writeNode); n != SequentialTree::kNone && count < kThreshold;
             n = tree.nextSibling(n))
            ++count;
    }
    if (count != kThreshold)
        return;
    std::vector<SiblingEntry> v;
    for (EventId y : reads ? u.readersOf(w, ex.location) : u.writeSuccessors(w, ex.location))
        v.push_back({u.event(y).threadPred, y});
    std::sort(v.begin(), v.end(), less);
    m_sorted.emplace_back(v, [&](EventId y) { return u.event(y).thread(); });
    const auto slot = static_cast<std::uint32_t>(m_sorted.size());
    if (w == kNoEvent) {
        std::vector<std::uint32_t> &slots = m_initialSlot[reads ? 1 : 0];
        if (slots.size() <= ex.location)
            slots.resize(std::max<std::size_t>(ex.location + 1, slots.size() * 3 / 2), 0);
        slots[ex.location] = slot;
    } else {
        m_slot.emplace(listKey(u, w, reads), slot);
    }
}

EventId AccessSiblingIndex::extraOf(const Unfolding &u, EventId x, ThreadId t) {
    for (EventId r : u.extraPredecessors(x))
        if (u.event(r).thread() == t)
            return r;
    return kNoEvent;
}

int AccessSiblingIndex::extrasCompare(const Unfolding &u, EventId a, EventId b) {
    const std::span<const EventId> ea = u.extraPredecessors(a), eb = u.extraPredecessors(b);
    // Thread by thread in increasing order, over the threads either side has an entry for (a handful).
    for (ThreadId from = 0;;) {
        ThreadId t = kNoThread;
        for (const auto side : {ea, eb})
            for (EventId r : side)
                if (const ThreadId rt = u.event(r).thread(); rt >= from && (t == kNoThread || rt < t))
                    t = rt;
        if (t == kNoThread)
            return 0;
        const EventId ra = extraOf(u, a, t), rb = extraOf(u, b, t);
        if (ra != rb) {
            if (ra == kNoEvent)
                return -1;
            if (rb == kNoEvent)
                return 1;
            return ObjectSiblingIndex::threadCompare(u, ra, rb);
        }
        from = t + 1;
    }
}

bool AccessSiblingIndex::elementLess(const Unfolding &u, const SiblingEntry &a, const SiblingEntry &b) {
    if (const ThreadId ta = u.event(a.event).thread(), tb = u.event(b.event).thread(); ta != tb)
        return ta < tb;
    if (const int c = ObjectSiblingIndex::threadCompare(u, a.threadPred, b.threadPred); c != 0)
        return c < 0;
    if (const int c = extrasCompare(u, a.event, b.event); c != 0)
        return c < 0;
    return a.event < b.event;
}

bool AccessSiblingIndex::Yield::pays() {
    constexpr std::uint64_t kEvidence = 4096; // members asked about before judging
    if (m_members < kEvidence || m_kept * 8 < m_members)
        return true;
    return ++m_plainScans % 64 == 0;
}

void AccessSiblingIndex::Yield::note(std::size_t members, std::size_t kept) {
    m_members += members;
    m_kept += kept;
    if (m_members >= std::uint64_t{1} << 20) {
        m_members /= 2;
        m_kept /= 2;
    }
}

bool AccessSiblingIndex::pays(const SiblingList &list) const {
    const auto i = static_cast<std::size_t>(&list - m_sorted.data());
    return i >= m_yield.size() || m_yield[i].pays();
}

void AccessSiblingIndex::noteYield(const SiblingList &list, std::size_t kept) const {
    const auto i = static_cast<std::size_t>(&list - m_sorted.data());
    if (m_yield.size() <= i)
        m_yield.resize(m_sorted.size());
    m_yield[i].note(list.size(), kept);
}

std::size_t AccessSiblingIndex::memoryBytes() const {
    std::size_t bytes = (m_initialSlot[0].capacity() + m_initialSlot[1].capacity()) * sizeof(std::uint32_t) +
                        m_slot.size() * 4 * sizeof(std::uint64_t) + m_sorted.capacity() * sizeof(SiblingList);
    for (const SiblingList &v : m_sorted)
        bytes += v.memoryBytes();
    bytes += m_yield.capacity() * sizeof(Yield);
    return bytes;
}

} // namespace weft
