// SPDX-License-Identifier: MIT
#include "engine/unfolding/SpikeCandidates.hpp"

#include "engine/action/NondetChoice.hpp"
#include "engine/unfolding/ImmediateConflicts.hpp"

#include <algorithm>
#include <cassert>

namespace weft {

namespace {

using Iter = std::vector<SiblingEntry>::const_iterator;

/// Appends the events of the entries [first, last).
void appendEvents(Iter first, Iter last, std::vector<EventId> &out) {
    for (; first != last; ++first)
        out.push_back(first->event);
}

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

/// A memory access outside C can only read or overwrite C's last write of its location or a write after
/// it (README.md, "Access sibling index"); false when `y` cannot.
bool mayExtendAccess(const Unfolding &u, const Configuration &c, const Event &y) {
    return u.writeAtOrBefore(c.lastWrite(y.location), y.otherPred);
}

/// The writes of a run with one thread and one thread predecessor (sorted by
/// AccessSiblingIndex::extrasCompare) whose extra predecessors may all be compatible with C, w being C's
/// last write of their location: per thread t, none, C's last read of w by t, or a read of t below C's
/// last event of t (README.md, "Access sibling index"). Each level of the search fixes one thread's entry.
class ExtrasSearch {
public:
    ExtrasSearch(const Unfolding &u, const Configuration &c, LocationIndex l) : m_u(u), m_c(c) {
        for (EventId r : c.readsOfLastWrite(l)) {
            const ThreadId t = u.event(r).thread();
            if (m_lastReads.size() <= t)
                m_lastReads.resize(t + 1, kNoEvent);
            if (m_lastReads[t] == kNoEvent || u.threadDepth(r) > u.threadDepth(m_lastReads[t]))
                m_lastReads[t] = r;
        }
    }
    /// C's last read of w by each thread (kNoEvent: none), by thread: mayHold and the search ask for
    /// every extra of every member.
    const std::vector<EventId> &lastReads() const { return m_lastReads; }
    /// Every extra of write x is allowed, as the search tests them (for a list too short to be indexed).
    bool mayHold(EventId x) const {
        return std::ranges::all_of(m_u.extraPredecessors(x), [&](EventId r) {
            const ThreadId t = m_u.event(r).thread();
            return r == lastRead(t) || atOrBelow(m_u, m_c.threadMax(t), r);
        });
    }
    /// Appends the members of [first, last) that pass, a run as described above.
    void append(Iter first, Iter last, std::vector<EventId> &out) const { search(first, last, 0, out); }

private:
    EventId lastRead(ThreadId t) const { return t < m_lastReads.size() ? m_lastReads[t] : kNoEvent; }
    /// The members of [lo, hi) agree on the entries of the threads before `from`.
    void search(Iter lo, Iter hi, ThreadId from, std::vector<EventId> &out) const {
        // The largest member is absent at every thread before its first entry from `from` on, so all
        // members are (an absent entry sorts first).
        ThreadId t = kNoThread;
        for (EventId r : m_u.extraPredecessors((hi - 1)->event))
            if (const ThreadId rt = m_u.event(r).thread(); rt >= from && (t == kNoThread || rt < t))
                t = rt;
        if (t == kNoThread) { // all equal: one event
            appendEvents(lo, hi, out);
            return;
        }
        auto entry = [&](const SiblingEntry &x) { return AccessSiblingIndex::extraOf(m_u, x.event, t); };
        auto visit = [&](Iter s, bool keep = true) { // the members from s on with s's entry
            const EventId v = entry(*s);
            const Iter e = gallop(s, hi, [&](const SiblingEntry &x) { return entry(x) == v; });
            if (keep)
                search(s, e, t + 1, out);
            return e;
        };
        auto compareTo = [&](EventId ref) {
            return
                [&, ref](const SiblingEntry &x) { return ObjectSiblingIndex::threadCompare(m_u, entry(x), ref) < 0; };
        };
        const Iter present = std::partition_point(lo, hi, [&](const SiblingEntry &x) { return entry(x) == kNoEvent; });
        if (present != lo)
            search(lo, present, t + 1, out);
        const EventId top = m_c.threadMax(t);
        if (top == kNoEvent) {
            for (Iter s = present; s != hi;)
                s = visit(s);
            return;
        }
        if (const EventId last = lastRead(t); last != kNoEvent && last != top) {
            const Iter s = std::partition_point(present, hi, compareTo(last));
            if (s != hi && entry(*s) == last)
                visit(s);
        }
        // A read below top must itself be compatible with C (one test per distinct read).
        for (Iter s = std::partition_point(present, hi, compareTo(top)); s != hi && atOrBelow(m_u, top, entry(*s));)
            s = visit(s, entry(*s) == top || m_c.isCompatible(m_u, entry(*s)));
    }

    const Unfolding &m_u;
    const Configuration &m_c;
    std::vector<EventId> m_lastReads;
};

/// Appends [first, last), a range of members sorted by thread predecessor: whole, or through `extras`
/// one run of equal thread predecessors at a time.
void appendMembers(const Unfolding &u, const ExtrasSearch *extras, Iter first, Iter last, std::vector<EventId> &out) {
    if (!extras) {
        appendEvents(first, last, out);
        return;
    }
    while (first != last) {
        const EventId z = first->threadPred;
        const Iter run = gallop(first, last, [&](const SiblingEntry &x) { return x.threadPred == z; });
        extras->append(first, run, out);
        first = run;
    }
}

/// appendThread's working vectors, kept across the threads of one list.
struct PathScratch {
    std::vector<EventId> path;   ///< the events of t after top up to a member's thread predecessor
    std::vector<EventId> passed; ///< a prefix of the last path whose events passed the tests
};

/// The members [first, last) of one thread t (another than d's) of an indexed sibling list that may
/// be compatible with C, whose last event of t is `top` (kNoEvent: none). Why each skip is exact:
/// README.md, "Sibling index".
/// `accesses`: the members are memory accesses; `extras` (writes after a write) also filters each run of
/// equal thread predecessors.
void appendThread(const Unfolding &u, const Configuration &c, const std::function<bool(EventId)> &isDropped,
                  EventId top, Iter first, Iter last, std::vector<EventId> &out, PathScratch &scratch,
                  bool accesses = false, const ExtrasSearch *extras = nullptr) {
    std::vector<EventId> &path = scratch.path, &passed = scratch.passed;
    passed.clear();
    auto pred = [](const SiblingEntry &x) { return x.threadPred; };
    // A compatible x outside C has top below it: its thread predecessor lies in top's subtree.
    Iter it = top == kNoEvent ? first : std::partition_point(first, last, [&](const SiblingEntry &x) {
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
        // The tests below depend on the event alone: for accesses (whose test is a compatibility test),
        // the prefix shared with the last member's path passed them already (members come in pre-order,
        // so consecutive paths share long prefixes). Object paths are short and cheap to test again.
        std::size_t k = 0;
        while (accesses && k < path.size() && k < passed.size() && path[k] == passed[k])
            ++k;
        passed.resize(k);
        Skip skip = Skip::None;
        EventId skipFrom = kNoEvent; // Subtree: below this event of t; Above: below this object operation
        for (; k < path.size() && skip == Skip::None; ++k) {
            const Event &y = u.event(path[k]);
            if (isDropped && isDropped(path[k])) {
                skip = Skip::Subtree, skipFrom = path[k];
            } else if (y.isMemoryAccess()) {
                // So is every member below y. The exact test: an access's own history brings in writes and
                // reads of other threads, and of other interleavings.
                if (!mayExtendAccess(u, c, y) || !c.isCompatible(u, path[k]))
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
            if (skip == Skip::None && accesses)
                passed.push_back(path[k]);
        }
        if (skip == Skip::None) {
            const Iter run = extras ? gallop(it, last, [&](const SiblingEntry &x) { return pred(x) == z; }) : it + 1;
            appendMembers(u, extras, it, run, out);
            it = run;
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
        it = gallop(it, last, [&](const SiblingEntry &x) {
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
        // the caller's compatibility test: list the rest of top's subtree instead. Not for accesses:
        // their paths' tests are that test, each made once per event (`passed`).
        shortJumps = it - from <= 2 ? shortJumps + 1 : 0;
        if (shortJumps == kShortJumps && !accesses) {
            const Iter end =
                std::partition_point(it, last, [&](const SiblingEntry &x) { return atOrBelow(u, top, pred(x)); });
            appendMembers(u, extras, it, end, out);
            return;
        }
    }
}

#ifndef NDEBUG
/// Every sibling of the plain scan left out of out[from, end) must be incompatible with C or above a
/// dropped event (the indexes only skip proven ones).
void checkAgainstPlainScan(const Unfolding &u, const Configuration &c, EventId d, const std::vector<EventId> &out,
                           std::size_t from, const std::function<bool(EventId)> &isDropped) {
    std::vector<EventId> kept(out.begin() + static_cast<std::ptrdiff_t>(from), out.end());
    std::sort(kept.begin(), kept.end());
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
        assert(std::binary_search(kept.begin(), kept.end(), x) || !c.isCompatible(u, x) ||
               (isDropped && aboveDropped(x)));
}
#endif

/// One sibling list of memory access d (the writes after its write, or the reads of it), through the
/// index when it has one; the caller filters with RaceCandidates::mayRace.
/// `sorted`: the list's index, or nullptr.
void appendAccessList(const Unfolding &u, const Configuration &c, EventId d, bool reads, const SiblingList *sorted,
                      const ExtrasSearch &extras, const std::function<bool(EventId)> &isDropped,
                      std::vector<EventId> &out) {
    const Event &ed = u.event(d);
    if (!sorted) {
        // A short list: each member whose thread predecessor (for a write, or an extra) lies outside the
        // ranges below is left out in O(1), as the index would.
        auto append = [&](const std::vector<EventId> &all) {
            for (EventId x : all) {
                const Event &ex = u.event(x);
                if (ex.thread() != ed.thread() && !atOrBelow(u, c.threadMax(ex.thread()), ex.threadPred))
                    continue;
                if (!reads && !extras.mayHold(x))
                    continue;
                out.push_back(x);
            }
        };
        if (reads)
            append(u.readersOf(ed.otherPred, ed.location));
        else
            append(u.writeSuccessors(ed.otherPred, ed.location));
        return;
    }
    const ExtrasSearch *runs = reads ? nullptr : &extras; // reads have no extra predecessors
    PathScratch path;
    sorted->forEachThread([&](ThreadId t, Iter first, Iter last) {
        if (t != ed.thread()) {
            appendThread(u, c, isDropped, c.threadMax(t), first, last, out, path, true, runs);
            return;
        }
        // Only the alternatives after d's own thread predecessor can race with d.
        auto before = [&](const SiblingEntry &x) {
            return ObjectSiblingIndex::threadCompare(u, x.threadPred, ed.threadPred) < 0;
        };
        auto notAfter = [&](const SiblingEntry &x) {
            return ObjectSiblingIndex::threadCompare(u, x.threadPred, ed.threadPred) <= 0;
        };
        appendMembers(u, runs, std::partition_point(first, last, before), std::partition_point(first, last, notAfter),
                      out);
    });
}

/// appendSpikeCandidates for a memory access: its index applies when w, d's write, is C's last write of
/// the location, d's thread predecessor is C's last event of its thread and, for a write, C's reads of w
/// are in d's history (true for every unjustified D-event: d is then compatible with C). Then no write
/// after w is in C, and the reads of w in C are in [d], none of them a candidate.
bool appendAccessSpikeCandidates(const Unfolding &u, const Configuration &c, EventId d, std::vector<EventId> &out,
                                 const std::function<bool(EventId)> &isDropped, SpikeOrder order) {
    const Event &ed = u.event(d);
    if (c.lastWrite(ed.location) != ed.otherPred || c.threadMax(ed.thread()) != ed.threadPred)
        return false;
    const AccessSiblingIndex &index = u.accessSiblingIndex();
    const SiblingList *lists[2] = {index.writesAfter(u, ed.otherPred, ed.location),
                                   ed.isWrite() ? index.readsOf(u, ed.otherPred, ed.location) : nullptr};
    for (const SiblingList *list : lists)
        if (list && !index.pays(*list))
            return false;
    const ExtrasSearch extras(u, c, ed.location);
    if (ed.isWrite())
        for (EventId r : extras.lastReads())
            if (r != kNoEvent && !u.precedesOrEqual(r, d))
                return false;
    const RaceCandidates &races = u.raceCandidates();
    for (const bool reads : {false, true}) {
        if (reads && !ed.isWrite())
            break;
        const std::size_t from = out.size();
        appendAccessList(u, c, d, reads, lists[reads], extras, isDropped, out);
        const auto part = out.begin() + static_cast<std::ptrdiff_t>(from);
        out.erase(std::remove_if(part, out.end(), [&](EventId x) { return x == d || !races.mayRace(u, d, x); }),
                  out.end());
        if (lists[reads])
            index.noteYield(*lists[reads], out.size() - from);
        if (order == SpikeOrder::Creation)
            std::sort(out.begin() + static_cast<std::ptrdiff_t>(from), out.end()); // as the plain scan
    }
    return true;
}

} // namespace

void appendSpikeCandidates(const Unfolding &u, const Configuration &c, EventId d, std::vector<EventId> &out,
                           const std::function<bool(EventId)> &isDropped, SpikeOrder order) {
    const Event &ed = u.event(d);
    if (ed.kind() == ActionKind::NondetChoice) {
        // Its immediate conflicts are the other values at the same place (same predecessors):
        // compatible with C exactly when d is, which an unjustified D-event is.
        const NondetDomain domain = nondetDomain(ed.action.object);
        Action other = ed.action;
        for (std::uint64_t i = 0; i < domain.size(); ++i) { // in the order of NondetDomain::at
            const std::int64_t v = domain.at(i);
            other.value = v;
            if (v == ed.action.value)
                continue;
            const EventId x = u.lookup(other, ed.threadPred, ed.otherPred);
            if (x != kNoEvent && !(isDropped && isDropped(x)))
                out.push_back(x);
        }
        return;
    }
    const std::size_t from = out.size();
    if (ed.isMemoryAccess()) {
        // Most accesses have no candidate at all (RaceCandidates): skipped in O(1).
        if (!u.raceCandidates().isRacing(d))
            return;
        if (!appendAccessSpikeCandidates(u, c, d, out, isDropped, order)) {
            appendSiblings(u, d, out);
            return;
        }
#ifndef NDEBUG
        checkAgainstPlainScan(u, c, d, out, from, isDropped);
#endif
        return;
    }
    // The index needs d's object-tree parent to be C's last operation on the object: then no sibling
    // is in C (true for every unjustified D-event; anything else takes the plain scan).
    const SiblingList *sorted = ed.isObjectOperation() && c.objectMax(ed.object) == ed.otherPred
                                    ? u.siblingIndex().children(u, ed.otherPred, ed.object)
                                    : nullptr;
    if (!sorted) {
        appendSiblings(u, d, out);
        return;
    }
    PathScratch path;
    sorted->forEachThread([&](ThreadId t, Iter first, Iter last) {
        if (t != ed.thread())
            appendThread(u, c, isDropped, c.threadMax(t), first, last, out, path);
    });
    if (order == SpikeOrder::Creation)
        std::sort(out.begin() + static_cast<std::ptrdiff_t>(from), out.end()); // as the plain scan
#ifndef NDEBUG
    checkAgainstPlainScan(u, c, d, out, from, isDropped);
#endif
}

} // namespace weft
