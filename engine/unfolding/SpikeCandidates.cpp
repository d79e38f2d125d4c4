// SPDX-License-Identifier: MIT
#include "engine/unfolding/SpikeCandidates.hpp"

#include "engine/action/NondetChoice.hpp"
#include "engine/unfolding/ImmediateConflicts.hpp"

#include <algorithm>
#include <cassert>

namespace weft {

namespace {

using Iter = std::vector<EventId>::const_iterator;

/// After this many jumps in a row over at most two members, the rest is listed without search.
constexpr int kShortJumps = 4;

/// Why a member of a sibling list is left out, with the members after it that share the reason.
enum class Skip {
    None,
    Invalid, ///< an event of its thread after top cannot follow C's last operation on its object
    Subtree, ///< an event of its thread after top is dropped by the caller
    Above,   ///< such an event comes after operations outside C the first of which is dropped
};

/// The first member of [first, last) for which `pred` is false (it is true for a prefix, and for
/// `first`), searching from `first` with doubling steps: O(log jump) when the jump is short, as
/// most are, instead of O(log list).
template <typename Pred> Iter gallop(Iter first, Iter last, Pred &&pred) {
    std::ptrdiff_t step = 1;
    Iter lo = first;
    while (last - lo > step && pred(*(lo + step))) {
        lo += step;
        step *= 2;
    }
    const Iter hi = last - lo > step ? lo + step : last;
    return std::partition_point(lo + 1, hi, pred);
}

/// ObjectSiblingIndex::objectBefore(q, ref) for `ref` on or below C's chain of its object, O(1) when
/// q is in C (then q is on that chain: an ancestor of ref unless it is ref).
bool objectBefore(const Unfolding &u, const Configuration &c, EventId q, EventId ref) {
    if (q != kNoEvent && q != ref && c.contains(u, q))
        return true;
    return ObjectSiblingIndex::objectBefore(u, q, ref);
}

/// `z` is `base` or below it in their thread's tree (kNoEvent: the virtual root above all).
bool atOrBelow(const Unfolding &u, EventId base, EventId z) {
    if (base == kNoEvent)
        return true;
    return z != kNoEvent && u.threadDepth(z) >= u.threadDepth(base) &&
           u.threadTree().ancestorAt(z, u.threadDepth(base)) == base;
}

/// The thread-tree child of `base` (kNoEvent: the virtual root) on the way down to `z`, strictly below it.
EventId stepBelow(const Unfolding &u, EventId base, EventId z) {
    const std::uint32_t depth = base == kNoEvent ? 0 : u.threadDepth(base) + 1;
    return u.threadTree().ancestorAt(z, depth);
}

/// An object operation outside C can only follow C's last operation on its object or an operation
/// after it (README.md, "Sibling index"); false when `y` cannot.
bool mayExtend(const Unfolding &u, const Configuration &c, const Event &y) {
    const EventId lastOp = c.objectMax(y.object);
    return lastOp == kNoEvent ||
           (y.otherPred != kNoEvent &&
            u.objectTree().isAncestorOrSelf(u.event(lastOp).objectNode, u.event(y.otherPred).objectNode));
}

/// The members [first, last) of one thread t (another than d's) of an indexed sibling list that may
/// be compatible with C, whose last event of t is `top` (kNoEvent: none). Why each skip is exact:
/// README.md, "Sibling index".
void appendThread(const Unfolding &u, const Configuration &c, const std::function<bool(EventId)> &isDropped,
                  EventId top, Iter first, Iter last, std::vector<EventId> &out, std::vector<EventId> &path) {
    auto pred = [&](EventId x) { return u.event(x).threadPred; };
    // A compatible x outside C has top below it: its thread predecessor lies in top's subtree.
    Iter it = top == kNoEvent ? first : std::partition_point(first, last, [&](EventId x) {
        return ObjectSiblingIndex::threadCompare(u, pred(x), top) < 0;
    });
    int shortJumps = 0;
    while (it != last) {
        const EventId z = pred(*it);
        if (!atOrBelow(u, top, z))
            break; // past top's subtree
        // The events of t after top up to z (all outside C), shallowest first.
        path.clear();
        const std::uint32_t topDepth = top == kNoEvent ? 0 : u.threadDepth(top) + 1;
        if (z != kNoEvent && z != top)
            for (auto n = z;; n = u.threadTree().parent(n)) {
                path.push_back(n);
                if (u.threadTree().depth(n) == topDepth)
                    break;
            }
        std::reverse(path.begin(), path.end());
        std::size_t k = 0;
        Skip skip = Skip::None;
        EventId skipFrom = kNoEvent; // Subtree: below this event of t; Above: below this object operation
        for (; k < path.size() && skip == Skip::None; ++k) {
            const Event &y = u.event(path[k]);
            if (isDropped && isDropped(path[k])) {
                skip = Skip::Subtree, skipFrom = path[k];
            } else if (y.isObjectOperation()) {
                const EventId lastOp = c.objectMax(y.object);
                if (!mayExtend(u, c, y)) {
                    skip = Skip::Invalid;
                } else if (y.otherPred != lastOp && isDropped) {
                    // y comes after operations on its object outside C; the first of them is an
                    // operation right after C's last one, below every such y.
                    const SequentialTree &objects = u.objectTree();
                    const auto depth = lastOp == kNoEvent ? 0 : objects.depth(u.event(lastOp).objectNode) + 1;
                    const EventId first = u.objectNodeEvent(objects.ancestorAt(u.event(y.otherPred).objectNode, depth));
                    if (isDropped(first))
                        skip = Skip::Above, skipFrom = first;
                }
            }
        }
        if (skip == Skip::None) {
            out.push_back(*it++);
            continue;
        }
        --k;
        // Every member below path[k] is left out, and so are the other members whose step from
        // path[k]'s thread predecessor is a sibling of path[k] on its object with the same flaw: the
        // children of a thread-tree node on one object are sorted by the pre-order of their
        // object-tree parent, where a subtree is contiguous. Jump over all of them.
        const EventId base = k == 0 ? top : path[k - 1];
        const Event &y = u.event(path[k]);
        const EventId lastOp = c.objectMax(y.object);
        const bool beforeLast = skip == Skip::Invalid && objectBefore(u, c, y.otherPred, lastOp);
        const Iter from = it;
        it = gallop(it, last, [&](EventId x) {
            const EventId zx = pred(x);
            if (skip == Skip::Subtree)
                return zx != kNoEvent && atOrBelow(u, skipFrom, zx);
            if (zx == kNoEvent || zx == base)
                return true;
            if (!atOrBelow(u, base, zx))
                return false;
            const Event &yx = u.event(stepBelow(u, base, zx));
            if (yx.object != y.object)
                return yx.object < y.object;
            if (skip == Skip::Above) // before skipFrom's subtree, or in it
                return yx.otherPred == kNoEvent || objectBefore(u, c, yx.otherPred, skipFrom) ||
                       u.objectTree().isAncestorOrSelf(u.event(skipFrom).objectNode, u.event(yx.otherPred).objectNode);
            return !beforeLast || objectBefore(u, c, yx.otherPred, lastOp);
        });
        // Where the flaws are not shared (e.g. a thread's long chains of one mutex, each member
        // parting from C at its own depth), jumps skip one member at a time at a higher cost than
        // the caller's compatibility test: list the rest of top's subtree instead.
        shortJumps = it - from <= 2 ? shortJumps + 1 : 0;
        if (shortJumps == kShortJumps) {
            const Iter end = std::partition_point(it, last, [&](EventId x) { return atOrBelow(u, top, pred(x)); });
            out.insert(out.end(), it, end);
            return;
        }
    }
}

} // namespace

void appendSpikeCandidates(const Unfolding &u, const Configuration &c, EventId d, std::vector<EventId> &out,
                           const std::function<bool(EventId)> &isDropped) {
    const Event &ed = u.event(d);
    if (ed.kind() == ActionKind::NondetChoice) {
        // Its immediate conflicts are the other values at the same place (same predecessors):
        // compatible with C exactly when d is, which an unjustified D-event is.
        const NondetDomain domain = nondetDomain(ed.action.object);
        Action other = ed.action;
        for (std::int64_t v = domain.lo; v <= domain.hi; ++v) {
            other.value = v;
            if (v == ed.action.value)
                continue;
            const EventId x = u.lookup(other, ed.threadPred, ed.otherPred);
            if (x != kNoEvent && !(isDropped && isDropped(x)))
                out.push_back(x);
        }
        return;
    }
    // The index needs d's object-tree parent to be C's last operation on the object: then no sibling
    // is in C (true for every unjustified D-event; anything else takes the plain scan).
    const std::vector<EventId> *sorted = ed.isObjectOperation() && c.objectMax(ed.object) == ed.otherPred
                                             ? u.siblingIndex().children(u, ed.otherPred, ed.object)
                                             : nullptr;
    if (!sorted) {
        appendSiblings(u, d, out);
        return;
    }
    const std::size_t from = out.size();
    std::vector<EventId> path;
    for (Iter first = sorted->begin(); first != sorted->end();) {
        const ThreadId t = u.event(*first).thread();
        const Iter groupEnd = std::partition_point(first, sorted->end(), [&](EventId x) { return u.event(x).thread() <= t; });
        if (t != ed.thread())
            appendThread(u, c, isDropped, c.threadMax(t), first, groupEnd, out, path);
        first = groupEnd;
    }
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(from), out.end()); // creation order, as the plain scan
#ifndef NDEBUG
    // Every sibling left out must be incompatible with C or above a dropped event (the index only
    // skips proven ones).
    std::vector<EventId> all;
    appendSiblings(u, d, all);
    auto aboveDropped = [&](EventId x) { // some event of [x] is dropped: a plain search of the past
        std::vector<EventId> todo{x};
        std::vector<std::uint8_t> seen(u.size(), 0);
        while (!todo.empty()) {
            const EventId e = todo.back();
            todo.pop_back();
            if (e == kNoEvent || seen[e])
                continue;
            seen[e] = 1;
            if (e != x && isDropped(e))
                return true;
            for (EventId p : u.predecessors(e))
                todo.push_back(p);
        }
        return false;
    };
    for (EventId x : all)
        assert(std::binary_search(out.begin() + static_cast<std::ptrdiff_t>(from), out.end(), x) || !c.isCompatible(u, x) ||
               (isDropped && aboveDropped(x)));
#endif
}

} // namespace weft
