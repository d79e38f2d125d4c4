// SPDX-License-Identifier: MIT
#include "engine/unfolding/SpikeCandidates.hpp"

#include <algorithm>
#include <cassert>

namespace weft {

namespace {

using Iter = std::vector<EventId>::const_iterator;

/// `z` is `base` or below it in their thread's tree (kNoEvent: the virtual root above all).
bool atOrBelow(const Unfolding &u, EventId base, EventId z) {
    if (base == kNoEvent)
        return true;
    return z != kNoEvent && u.threadDepth(z) >= u.threadDepth(base) &&
           u.threadTree().ancestorAt(u.event(z).threadNode, u.threadDepth(base)) == u.event(base).threadNode;
}

/// The thread-tree child of `base` (kNoEvent: the virtual root) on the way down to `z`, strictly below it.
EventId stepBelow(const Unfolding &u, EventId base, EventId z) {
    const std::uint32_t depth = base == kNoEvent ? 0 : u.threadDepth(base) + 1;
    return u.threadNodeEvent(u.threadTree().ancestorAt(u.event(z).threadNode, depth));
}

/// An object operation outside C can only follow C's last operation on its object or an operation
/// after it (README.md, "Sibling index"); false when `y` cannot.
bool mayExtend(const Unfolding &u, const Configuration &c, const Event &y) {
    const EventId lastOp = c.mutexMax(y.mutex);
    return lastOp == kNoEvent ||
           (y.otherPred != kNoEvent && u.lockTree().isAncestorOrSelf(u.event(lastOp).lockNode, u.event(y.otherPred).lockNode));
}

/// The members [first, last) of one thread t (another than d's) of an indexed sibling list that may
/// be compatible with C, whose last event of t is `top` (kNoEvent: none). Why each skip is exact:
/// README.md, "Sibling index".
void appendThread(const Unfolding &u, const Configuration &c, EventId top, Iter first, Iter last,
                  std::vector<EventId> &out, std::vector<EventId> &path) {
    auto pred = [&](EventId x) { return u.event(x).threadPred; };
    // A compatible x outside C has top below it: its thread predecessor lies in top's subtree.
    Iter it = top == kNoEvent ? first : std::partition_point(first, last, [&](EventId x) {
        return ObjectSiblingIndex::threadCompare(u, pred(x), top) < 0;
    });
    while (it != last) {
        const EventId z = pred(*it);
        if (!atOrBelow(u, top, z))
            break; // past top's subtree
        // The events of t after top up to z (all outside C), shallowest first.
        path.clear();
        const std::uint32_t topDepth = top == kNoEvent ? 0 : u.threadDepth(top) + 1;
        if (z != kNoEvent && z != top)
            for (auto n = u.event(z).threadNode;; n = u.threadTree().parent(n)) {
                path.push_back(u.threadNodeEvent(n));
                if (u.threadTree().depth(n) == topDepth)
                    break;
            }
        std::reverse(path.begin(), path.end());
        std::size_t k = 0;
        while (k < path.size() && (!u.event(path[k]).isObjectOperation() || mayExtend(u, c, u.event(path[k]))))
            ++k;
        if (k == path.size()) {
            out.push_back(*it++);
            continue;
        }
        // path[k] cannot be in any configuration with C, nor can its siblings on the same object
        // ordered before C's last operation on it (or, when path[k] lies past that operation's
        // subtree, after it): the children of a thread-tree node on one object are sorted by the
        // pre-order of their object-tree parent, where that subtree is contiguous. Jump over all
        // members below them.
        const EventId base = k == 0 ? top : path[k - 1];
        const Event &y = u.event(path[k]);
        const EventId lastOp = c.mutexMax(y.mutex);
        const bool beforeLast = ObjectSiblingIndex::objectBefore(u, y.otherPred, lastOp);
        it = std::partition_point(it, last, [&](EventId x) {
            const EventId zx = pred(x);
            if (zx == kNoEvent || zx == base)
                return true;
            if (!atOrBelow(u, base, zx))
                return false;
            const Event &yx = u.event(stepBelow(u, base, zx));
            if (yx.mutex != y.mutex)
                return yx.mutex < y.mutex;
            return !beforeLast || ObjectSiblingIndex::objectBefore(u, yx.otherPred, lastOp);
        });
    }
}

} // namespace

void appendSpikeCandidates(const Unfolding &u, const Configuration &c, EventId d, std::vector<EventId> &out) {
    const Event &ed = u.event(d);
    // The index needs d's object-tree parent to be C's last operation on the object: then no sibling
    // is in C (true for every unjustified D-event; anything else takes the plain scan).
    const std::vector<EventId> *sorted =
        ed.isObjectOperation() && c.mutexMax(ed.mutex) == ed.otherPred ? u.siblingIndex().children(u, ed.otherPred, ed.mutex)
                                                                       : nullptr;
    if (!sorted) {
        u.appendLockSiblings(d, out);
        return;
    }
    const std::size_t from = out.size();
    std::vector<EventId> path;
    for (Iter first = sorted->begin(); first != sorted->end();) {
        const ThreadId t = u.event(*first).thread();
        const Iter groupEnd = std::partition_point(first, sorted->end(), [&](EventId x) { return u.event(x).thread() <= t; });
        if (t != ed.thread())
            appendThread(u, c, c.threadMax(t), first, groupEnd, out, path);
        first = groupEnd;
    }
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(from), out.end()); // creation order, as the plain scan
#ifndef NDEBUG
    // Every sibling left out must be incompatible with C (the index only skips proven ones).
    std::vector<EventId> all;
    u.appendLockSiblings(d, all);
    for (EventId x : all)
        assert(std::binary_search(out.begin() + static_cast<std::ptrdiff_t>(from), out.end(), x) || !c.isCompatible(u, x));
#endif
}

} // namespace weft
