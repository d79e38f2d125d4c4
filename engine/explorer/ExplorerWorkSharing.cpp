// SPDX-License-Identifier: MIT
// The explorer's part in parallel exploration (engine/explorer/README.md, section 3 and "As built"): donating
// right subtrees as work items, parking negative Alt decisions and asking them again once the workers have
// imported each other's events, and the worker loop.
#include "engine/explorer/Explorer.hpp"
#include "engine/explorer/RightChildOrder.hpp"

#include "engine/unfolding/ConflictingExtensions.hpp"
#include "engine/unfolding/ImmediateConflicts.hpp"
#include "engine/unfolding/MappedEvent.hpp"
#include "engine/unfolding/SpikeCandidates.hpp"

#include <algorithm>
#include <cassert>
#include <functional>

namespace weft {

namespace {

#ifndef NDEBUG
/// RightChildOrder's answer computed from the whole code (the debug build checks the one with the other).
bool strictlyBeforeByCode(const std::vector<Disset::Entry> &entries, std::uint32_t length,
                          const std::vector<std::uint32_t> &earliest) {
    std::vector<std::uint32_t> code;
    rightChildCode(entries, length, code);
    return strictlyBefore(code, earliest);
}
#endif

/// Makes `out` the path of `count` nodes of `nodes` (each with a `parent`) that ends at `last`, one value per node
/// (`value`); `outNodes` holds the nodes `out` was built from. Walks up only until a node already held at its place:
/// the values before it are the same (consecutive parked records share the beginning of their trail and D).
template <typename Node, typename Value, typename ValueOf>
void rebuildPath(const std::vector<Node> &nodes, std::uint32_t last, std::size_t count, std::vector<Value> &out,
                 std::vector<std::uint32_t> &outNodes, ValueOf value) {
    const std::size_t held = outNodes.size();
    if (held == count && (held == 0 || outNodes.back() == last))
        return;
    out.resize(count);
    outNodes.resize(count);
    std::uint32_t node = last;
    for (std::size_t k = count; k-- > 0; node = nodes[node].parent) {
        if (k < held && outNodes[k] == node)
            break;
        outNodes[k] = node;
        out[k] = value(nodes[node]);
    }
}

} // namespace

bool Explorer::donate() {
    const auto depth = static_cast<std::uint32_t>(m_trail.size());
    const std::uint32_t below = std::max(1u, m_options.splitDepth);
    if (depth < m_floor + below)
        return false;
    if (m_nodeMarks.size() < depth)
        m_nodeMarks.resize(depth, kNone);
    // The cut at each node, grown along the trail (O(depth) once, not per node tried: a trail of millions of
    // events would make it quadratic).
    const Configuration &cut = m_scratchCut;
    std::uint32_t same = 0; // the scratch cut's trail is m_trail's up to here
    for (std::uint32_t i = m_floor; i + below <= depth; ++i) {
        // A trail of millions of events must not outlive the deadline (backtrack then stops the run).
        if (m_interrupt && (i & 1023) == 1023 && m_interrupt->poll() != Interrupt::Reason::None)
            return false;
        const EventId e = m_trail[i];
        if (m_nodeMarks[i] == kNone && mayBranchAt(i, e)) {
            scratchCut(m_trail, i, same);
            same = i;
            Disset d = m_disset.prefix(i);
            d.add(e, i);
            if (const std::optional<Configuration> clue = m_alternatives.find(m_unfolding, cut, d)) {
                WorkItem item = makeItem(*clue, std::span(m_trail).first(i), cut, d);
                m_nodeMarks[i] = kDonated;
                ++m_donations;
                m_pool->push(std::move(item));
                return true;
            }
            // No clue in this worker's unfolding yet: the node stays its own, decided when the trail pops to
            // it (an eager "no" is not a negative decision).
            m_nodeMarks[i] = kTried;
        }
    }
    return false;
}

void Explorer::scratchCut(std::span<const EventId> trail, std::uint32_t length, std::size_t same) {
    std::size_t common = std::min({same, m_scratchTrail.size(), std::size_t{length}});
    assert(common == 0 || m_scratchTrail[common - 1] == trail[common - 1]);
    while (common < m_scratchTrail.size() && common < length && m_scratchTrail[common] == trail[common])
        ++common;
    while (m_scratchTrail.size() > common) {
        m_scratchCut.unfire(m_unfolding, m_scratchTrail.back());
        m_scratchTrail.pop_back();
    }
    for (std::size_t i = common; i < length; ++i) {
        m_scratchCut.fire(m_unfolding, trail[i]);
        m_scratchTrail.push_back(trail[i]);
    }
}

WorkItem Explorer::makeItem(const Configuration &clue, std::span<const EventId> prefix, const Configuration &cut,
                            const Disset &d) const {
    WorkItem item;
    item.schedule = buildReplay(clue, prefix, cut, d);
    item.prefixLength = static_cast<std::uint32_t>(prefix.size());
    for (const Disset::Entry &x : d.entries())
        item.disabled.push_back({x.index, m_unfolding.event(x.event).action});
    return item;
}

void Explorer::park(std::uint32_t length, EventId e, bool &open) {
    if (!open) {
        Parked p;
        p.lastNode = trailNodeOf(e);
        p.length = static_cast<std::uint32_t>(m_trail.size() + 1);
        p.lastDisabled = disabledNodeOf();
        p.disabledCount = static_cast<std::uint32_t>(m_disset.size());
        p.decidedAt = m_unfolding.size();
        p.firstDecision = m_decisions.size();
        m_parked.push_back(std::move(p));
        m_pool->countParked(1);
        open = true;
    }
    const EventId empty = m_alternatives.lastEmptySpike();
    m_decisions.push_back({length, 0, empty, empty == kNoEvent ? 0 : siblingKey(empty)});
    ++m_parked.back().decisionCount;
}

std::uint32_t Explorer::trailNodeOf(EventId last) {
    for (std::size_t i = m_trailNodeAt.size(); i < m_trail.size(); ++i) {
        m_trailNodes.push_back({m_trail[i], i == 0 ? kNoNode : m_trailNodeAt[i - 1]});
        m_trailNodeAt.push_back(static_cast<std::uint32_t>(m_trailNodes.size() - 1));
    }
    m_trailNodes.push_back({last, m_trailNodeAt.empty() ? kNoNode : m_trailNodeAt.back()});
    return static_cast<std::uint32_t>(m_trailNodes.size() - 1);
}

const std::vector<EventId> &Explorer::parkedTrail(const Parked &p) {
    rebuildPath(m_trailNodes, p.lastNode, p.length, m_parkedTrail, m_parkedTrailNodes,
                [](const TrailNode &n) { return n.event; });
    return m_parkedTrail;
}

std::uint32_t Explorer::disabledNodeOf() {
    const std::vector<Disset::Entry> &entries = m_disset.entries();
    std::size_t k = 0;
    for (; k < m_disabledNodeAt.size() && k < entries.size(); ++k) {
        const DisabledNode &n = m_disabledNodes[m_disabledNodeAt[k]];
        if (n.event != entries[k].event || n.index != entries[k].index || n.disabler != entries[k].disabler)
            break;
    }
    m_disabledNodeAt.resize(k);
    for (; k < entries.size(); ++k) {
        m_disabledNodes.push_back({entries[k].event, entries[k].index, static_cast<std::int32_t>(entries[k].disabler),
                                   k == 0 ? kNoNode : m_disabledNodeAt[k - 1]});
        m_disabledNodeAt.push_back(static_cast<std::uint32_t>(m_disabledNodes.size() - 1));
    }
    return entries.empty() ? kNoNode : m_disabledNodeAt.back();
}

const std::vector<Disset::Entry> &Explorer::parkedDisabled(const Parked &p) {
    rebuildPath(m_disabledNodes, p.lastDisabled, p.disabledCount, m_parkedDisabled, m_parkedDisabledNodes,
                [](const DisabledNode &n) { return Disset::Entry{n.event, n.index, n.disabler}; });
    return m_parkedDisabled;
}

SharedEvent Explorer::shared(const Unfolding &unfolding, const std::vector<EventKey> &keys, EventId e) {
    constexpr EventKey kNone{0, 0};
    const Event &ev = unfolding.event(e);
    SharedEvent s{ev.action,
                  keys[e],
                  ev.threadPred == kNoEvent ? kNone : keys[ev.threadPred],
                  ev.otherPred == kNoEvent ? kNone : keys[ev.otherPred],
                  {}};
    for (EventId x : unfolding.extraPredecessors(e))
        s.extras.push_back(keys[x]);
    return s;
}

std::uint64_t Explorer::canonicalSiblingKey(EventId e) const {
    const Event &ev = m_unfolding.event(e);
    const EventKey parent = ev.otherPred == kNoEvent ? EventKey{0, 0} : m_keys[ev.otherPred];
    // Objects and locations are named by their ObjectId (the interpreter's layout, the same in every worker);
    // a read-write lock and a memory location at one address are apart. A collision only imports more.
    const std::uint64_t where = ev.action.object * 4 + (ev.isObjectOperation() ? 1 : isRwlockKind(ev.kind()) ? 2 : 3);
    std::uint64_t h = parent.low ^ (parent.high * 0x9e3779b97f4a7c15ULL);
    h ^= (where + 0x632be59bd9b4e019ULL) * 0xff51afd7ed558ccdULL;
    return h ^ (h >> 29);
}

void Explorer::watchSiblingsOf(EventId d) {
    if (d >= m_watchedEvents.size())
        m_watchedEvents.resize(std::max<std::size_t>(m_unfolding.size(), d + 1), false);
    if (m_watchedEvents[d])
        return;
    m_watchedEvents[d] = true;
    const std::uint64_t key = canonicalSiblingKey(d);
    const auto next = static_cast<std::uint32_t>(m_watches.size());
    if (m_watchedKeys.findOrInsert(key, next) == next)
        m_watches.push_back(key);
}

void Explorer::watchDecision(const Parked &p, const Decision &decision) {
    const std::uint32_t m = decision.length;
    if (decision.emptySpike != kNoEvent) {
        watchSiblingsOf(decision.emptySpike);
        return;
    }
    watchSiblingsOf(parkedTrail(p)[m]);
    for (const Disset::Entry &x : parkedDisabled(p)) {
        if (x.index > m)
            break;
        if (x.disabler < 0 || x.disabler >= static_cast<std::int64_t>(m))
            watchSiblingsOf(x.event);
    }
}

void Explorer::watchParked() {
    // Decisions parked since the last round are watched from this one on (a watch is never dropped: a key no
    // decision needs any more costs one lookup per round).
    for (Parked &p : m_parked)
        if (!p.watched) {
            for (const Decision &decision : decisionsOf(p))
                watchDecision(p, decision);
            p.watched = true;
        }
}

std::vector<SharedEvent> Explorer::stageFromRanks() {
    WorkQueue &pool = *m_pool;
    dropFinalDecisions();
    watchParked();
    const std::vector<std::uint64_t> fresh(m_watches.begin() + static_cast<std::ptrdiff_t>(m_watchesScanned),
                                           m_watches.end());
    m_watchesScanned = m_watches.size();
    const std::vector<std::uint64_t> asked = pool.exchangeWatches(fresh);
    // This rank's events under the keys the others watch, each with the causes not shared with every rank yet
    // (an event sent, or imported, in a round is held by every rank after it).
    if (m_sharedEvents.size() < m_unfolding.size())
        m_sharedEvents.resize(m_unfolding.size(), false);
    std::vector<EventId> out, stack;
    auto send = [&](EventId x) {
        if (m_sharedEvents[x])
            return;
        m_sharedEvents[x] = true;
        stack.assign(1, x);
        while (!stack.empty()) {
            const EventId y = stack.back();
            stack.pop_back();
            out.push_back(y);
            const Event &ev = m_unfolding.event(y);
            auto cause = [&](EventId z) {
                if (z != kNoEvent && !m_sharedEvents[z]) {
                    m_sharedEvents[z] = true;
                    stack.push_back(z);
                }
            };
            cause(ev.threadPred);
            cause(ev.otherPred);
            for (EventId z : m_unfolding.extraPredecessors(y))
                cause(z);
        }
    };
    using Entry = std::pair<std::uint64_t, EventId>;
    // A key watched before: only the newest segment (the others were looked at in earlier rounds).
    if (!m_siblingSegments.empty())
        for (const Entry &x : m_siblingSegments.back())
            if (m_remoteWatches.find(x.first) != SiblingKeyTable::kAbsent)
                send(x.second);
    // A new one: every segment.
    const auto next = static_cast<std::uint32_t>(m_remoteWatches.size());
    for (const std::uint64_t key : asked)
        if (m_remoteWatches.findOrInsert(key, next) == next)
            for (const auto &segment : m_siblingSegments) {
                auto from = std::lower_bound(segment.begin(), segment.end(), Entry{key, 0});
                for (; from != segment.end() && from->first == key; ++from)
                    send(from->second);
            }
    std::sort(out.begin(), out.end()); // arena order: causes first
    std::vector<SharedEvent> mine;
    mine.reserve(out.size());
    for (EventId x : out)
        mine.push_back(shared(m_unfolding, m_keys, x));
    std::vector<SharedEvent> staged;
    EventKeyIndex stagedKeys;
    for (SharedEvent &s : pool.exchange(std::move(mine)))
        if (!m_keyIndex.contains(s.key) && stagedKeys.insert(s.key, 0))
            staged.push_back(std::move(s));
    return staged;
}

std::vector<SharedEvent> Explorer::stageFromPeers() {
    WorkQueue &pool = *m_pool;
    const std::vector<Explorer *> &peers = pool.workers();
    dropFinalDecisions();
    watchParked();
    std::vector<std::uint64_t> freshWatches(m_watches.begin() + static_cast<std::ptrdiff_t>(m_watchesScanned),
                                            m_watches.end());
    std::sort(freshWatches.begin(), freshWatches.end());
    pool.barrier(); // every worker has indexed its keys and sibling keys (step 1)
    std::vector<SharedEvent> staged;
    EventKeyIndex stagedKeys;
    std::vector<EventId> stack, batch;
    for (std::size_t w = 0; w < peers.size(); ++w) {
        const Explorer &peer = *peers[w];
        if (&peer == this)
            continue;
        // The peer's siblings under the watched keys that this unfolding lacks, and their causes it lacks.
        auto missing = [&](EventId x) {
            const EventKey &key = peer.m_keys[x];
            return !m_keyIndex.contains(key) && stagedKeys.insert(key, 0);
        };
        batch.clear();
        auto stageWithCauses = [&](EventId x) {
            if (!missing(x))
                return;
            stack.assign(1, x);
            while (!stack.empty()) {
                const EventId y = stack.back();
                stack.pop_back();
                batch.push_back(y);
                const Event &ev = peer.m_unfolding.event(y);
                for (EventId z : {ev.threadPred, ev.otherPred})
                    if (z != kNoEvent && missing(z))
                        stack.push_back(z);
                for (EventId z : peer.m_unfolding.extraPredecessors(y))
                    if (missing(z))
                        stack.push_back(z);
            }
        };
        using Entry = std::pair<std::uint64_t, EventId>;
        auto byKey = [](const Entry &a, const Entry &b) { return a.first < b.first; };
        const auto &segments = peer.m_siblingSegments;
        // A watch looked up before has seen every segment but the peer's newest (indexed in this round).
        if (!segments.empty()) {
            const auto &newest = segments.back();
            for (auto run = newest.begin(); run != newest.end();) {
                const auto end = std::find_if(run, newest.end(), [&](const Entry &x) { return x.first != run->first; });
                if (const std::uint32_t found = m_watchedKeys.find(run->first);
                    found != SiblingKeyTable::kAbsent && found < m_watchesScanned)
                    for (; run != end; ++run)
                        stageWithCauses(run->second);
                run = end;
            }
        }
        // A new watch looks at all of them: the new watches in key order, each search starting where the last
        // one ended (nearby in memory, unlike one search per watch over the whole segment).
        for (const auto &segment : segments) {
            auto from = segment.begin();
            for (const std::uint64_t key : freshWatches) {
                from = std::lower_bound(from, segment.end(), Entry{key, 0}, byKey);
                for (; from != segment.end() && from->first == key; ++from)
                    stageWithCauses(from->second);
            }
        }
        // A peer's arena is causally ordered; what another peer staged before does not depend on this batch.
        std::sort(batch.begin(), batch.end());
        for (EventId y : batch)
            staged.push_back(shared(peer.m_unfolding, peer.m_keys, y));
    }
    m_watchesScanned = m_watches.size();
    pool.barrier(); // the others write their own unfoldings in step 3
    return staged;
}

void Explorer::recheck() {
    WorkQueue &pool = *m_pool;
    // 1. This unfolding's keys.
    const std::size_t indexed = m_keys.size();
    extendEventKeys(m_unfolding, m_keys);
    m_keyIndex.reserve(m_keys.size());
    for (std::size_t e = indexed; e < m_keys.size(); ++e)
        m_keyIndex.insert(m_keys[e], static_cast<EventId>(e));
    {
        std::vector<std::pair<std::uint64_t, EventId>> &segment = m_siblingSegments.emplace_back();
        for (; m_siblingSegmentsIndexed < m_unfolding.size(); ++m_siblingSegmentsIndexed) {
            const auto e = static_cast<EventId>(m_siblingSegmentsIndexed);
            if (m_unfolding.event(e).isObjectOperation() || m_unfolding.event(e).isMemoryAccess())
                segment.emplace_back(canonicalSiblingKey(e), e);
        }
        std::sort(segment.begin(), segment.end());
    }

    // 2. What the others hold and this one lacks: the siblings that could change a parked decision, with their
    // causes (importing everything cost more than the rest of the round). The workers of this process read each
    // other's segments; workers elsewhere exchange their new watches, then what each holds under the others'.
    const std::size_t sizeBefore = m_unfolding.size();
    std::vector<SharedEvent> staged = pool.workers().empty() ? stageFromRanks() : stageFromPeers();

    // 3. Import them in causal order (each worker's arena is causally ordered; a predecessor another
    // worker also had was staged from the first one that had it, before).
    constexpr EventKey kNone{0, 0};
    auto local = [&](const EventKey &k) { return k == kNone ? kNoEvent : m_keyIndex.find(k); };
    m_keyIndex.reserve(m_keyIndex.size() + staged.size());
    std::vector<EventId> extras;
    for (const SharedEvent &s : staged) {
        extras.clear();
        for (const EventKey &k : s.extras)
            extras.push_back(local(k));
        m_keyIndex.insert(s.key, obtainMapped(m_unfolding, s.action, local(s.threadPred), local(s.otherPred), extras));
    }
    // Imported events are not this worker's to send again; their keys are indexed already.
    extendEventKeys(m_unfolding, m_keys);
    if (pool.workers().empty()) {
        // Every rank received what this one imported: no need to send it again.
        m_sharedEvents.resize(m_unfolding.size(), false);
        std::fill(m_sharedEvents.begin() + static_cast<std::ptrdiff_t>(sizeBefore), m_sharedEvents.end(), true);
    }
    bool unsettled = !staged.empty();

    // 4. Ask Alt again at every parked node whose spikes may have grown.
    constexpr std::size_t kGrownBits = std::size_t{1} << 20;
    m_grownBits.assign(kGrownBits / 64, 0);
    m_grownSiblings.clear();
    m_grownFrom = m_siblingsIndexed;
    for (; m_siblingsIndexed < m_unfolding.size(); ++m_siblingsIndexed) {
        const auto e = static_cast<EventId>(m_siblingsIndexed);
        if (m_unfolding.event(e).isObjectOperation() || m_unfolding.event(e).isMemoryAccess()) {
            const std::uint64_t key = siblingKey(e);
            m_grownSiblings.findOrInsert(key, e) = e;
            const std::size_t bit = (key * 0x9e3779b97f4a7c15ULL) >> 44;
            m_grownBits[bit / 64] |= std::uint64_t{1} << (bit % 64);
        }
    }
    m_queuedLate = false;
    std::vector<std::uint32_t> code;
    const Configuration &cut = m_scratchCut;
    std::size_t kept = 0; // records still parked, compacted to the front (erasing one by one is quadratic)
    std::size_t out = 0; // their negative decisions, compacted to the front of m_decisions
    for (Parked &p : m_parked) {
        // Shallow nodes first: the scratch cut grows along the trail. A backtrack parks its nodes deepest
        // first; a record that went through a round is in order already.
        const std::span<Decision> decisions = decisionsOf(p);
        if (decisions.front().length > decisions.back().length)
            std::reverse(decisions.begin(), decisions.end());
        const std::size_t first = out;
        // A D-event with no new sibling compatible with the cut of a shallower node of this record has none
        // compatible with a deeper one either (the cut only grows, and compatibility with a larger cut implies it
        // with a smaller one).
        EventId stillEmpty = kNoEvent;
        std::size_t same = 0; // the scratch cut's trail is this record's up to here
        for (Decision decision : decisions) { // a copy: `out` may be where it was
            const std::uint32_t m = decision.length;
            if (decision.emptySpike != kNoEvent && decision.emptySpike == stillEmpty) {
                decision.settled = 1;
                m_decisions[out++] = decision;
                continue;
            }
            if (mayHaveChanged(p, decision)) {
                const std::vector<EventId> &trail = parkedTrail(p);
                scratchCut(trail, m, same);
                same = m;
                // Its spike holds siblings compatible with C only: without a new one compatible with C, it is
                // still empty (a full Alt call costs far more than this check).
                const EventId empty = decision.emptySpike;
                if (empty != kNoEvent && !hasNewCompatibleSibling(empty, p.decidedAt, cut))
                    stillEmpty = empty;
                else {
                    Disset d = Disset::prefixOf(parkedDisabled(p), m);
                    d.add(trail[m], m);
                    if (const std::optional<Configuration> clue = m_alternatives.find(m_unfolding, cut, d)) {
                        pool.push(makeItem(*clue, std::span(trail).first(m), cut, d));
                        ++m_lateClues;
                        rightChildCode(parkedDisabled(p), m, code);
                        if (!m_queuedLate || dfsEarlierCode(code, m_earliestLate))
                            m_earliestLate = code;
                        m_queuedLate = true;
                        continue;
                    }
                    if (const EventId now = m_alternatives.lastEmptySpike(); now != empty) {
                        // Another empty spike, whose siblings this round did not import: watched from the next.
                        decision.emptySpike = now;
                        decision.spikeKey = now == kNoEvent ? 0 : siblingKey(now);
                        watchDecision(p, decision);
                        unsettled = true;
                        decision.settled = 0;
                        m_decisions[out++] = decision;
                        continue;
                    }
                }
            }
            decision.settled = 1;
            m_decisions[out++] = decision;
        }
        p.firstDecision = first;
        p.decisionCount = static_cast<std::uint32_t>(out - first);
        p.decidedAt = m_unfolding.size();
        if (p.decisionCount == 0) {
            pool.countParked(-1);
            continue;
        }
        if (&m_parked[kept] != &p)
            m_parked[kept] = std::move(p);
        ++kept;
    }
    m_parked.resize(kept);
    m_decisions.resize(out);
    if (unsettled)
        pool.roundUnsettled();
    pool.endRound();
}

void Explorer::dropFinalDecisions() {
    // The items of the last round (and what they gave away, below them) are all that was explored since: a
    // settled decision whose right child precedes them in DFS order would get the same answer from the
    // sequential explorer, whose U at that call holds no more than the union this round answered against.
    std::vector<std::uint32_t> earliest;
    bool any = false;
    auto consider = [&](const std::vector<std::uint32_t> &code) {
        if (!any || dfsEarlierCode(code, earliest)) {
            earliest = code;
            any = true;
        }
    };
    if (m_pool->workers().empty()) {
        // Workers elsewhere (ranks): every rank sends its own (collective: each rank's every round).
        if (m_queuedLate)
            consider(m_earliestLate);
        for (const std::vector<std::uint32_t> &code :
             m_pool->exchangeLateCodes(m_queuedLate ? &m_earliestLate : nullptr))
            consider(code);
    }
    for (const Explorer *w : m_pool->workers())
        if (w->m_queuedLate)
            consider(w->m_earliestLate);
    std::size_t kept = 0;
    std::size_t out = 0; // decisions kept, compacted to the front of m_decisions
    for (Parked &p : m_parked) {
        const std::size_t first = out;
        if (!any) { // no late item: every settled decision is final
            for (const Decision decision : decisionsOf(p))
                if (!decision.settled)
                    m_decisions[out++] = decision;
        } else {
            const std::vector<Disset::Entry> &disabled = parkedDisabled(p);
            const RightChildOrder order(disabled, earliest);
            for (const Decision decision : decisionsOf(p)) {
                assert(order.strictlyBefore(decision.length) ==
                       strictlyBeforeByCode(disabled, decision.length, earliest));
                if (decision.settled && order.strictlyBefore(decision.length))
                    continue;
                m_decisions[out++] = decision;
            }
        }
        p.firstDecision = first;
        p.decisionCount = static_cast<std::uint32_t>(out - first);
        if (p.decisionCount == 0) {
            m_pool->countParked(-1);
            continue;
        }
        if (&m_parked[kept] != &p)
            m_parked[kept] = std::move(p);
        ++kept;
    }
    m_parked.resize(kept);
    m_decisions.resize(out);
}

std::uint64_t Explorer::siblingKey(EventId e) const {
    const Event &ev = m_unfolding.event(e);
    const std::uint64_t where =
        ev.isObjectOperation() ? std::uint64_t{ev.object} : (std::uint64_t{ev.location} | (1ull << 31));
    return (where << 32) ^ ev.otherPred;
}

bool Explorer::hasNewCompatibleSibling(EventId d, std::size_t since, const Configuration &cut) {
    auto qualifies = [&](EventId x) { return x >= since && x != d && cut.isCompatible(m_unfolding, x); };
    // For an object operation the sibling index skips the (often thousands of) siblings that part from C
    // below it; memory accesses have few.
    m_candidates.clear();
    appendSpikeCandidates(m_unfolding, cut, d, m_candidates, {}, SpikeOrder::Any);
    return std::any_of(m_candidates.begin(), m_candidates.end(), qualifies);
}

bool Explorer::grownSince(std::uint64_t key, std::size_t since) const {
    const std::size_t bit = (key * 0x9e3779b97f4a7c15ULL) >> 44;
    if (!(m_grownBits[bit / 64] >> (bit % 64) & 1))
        return false;
    assert(since >= m_grownFrom && "a parked decision is younger than the last round");
    const EventId newest = m_grownSiblings.find(key);
    return newest != SiblingKeyTable::kAbsent && newest >= since;
}

bool Explorer::mayHaveChanged(const Parked &p, const Decision &decision) {
    if (decision.emptySpike != kNoEvent) // the spike that was empty stays so without a new sibling
        return grownSince(decision.spikeKey, p.decidedAt);
    const std::uint32_t m = decision.length;
    if (grownSince(siblingKey(parkedTrail(p)[m]), p.decidedAt))
        return true;
    for (const Disset::Entry &x : parkedDisabled(p)) {
        if (x.index > m)
            break;
        if ((x.disabler < 0 || x.disabler >= static_cast<std::int64_t>(m)) &&
            grownSince(siblingKey(x.event), p.decidedAt))
            return true;
    }
    return false;
}

ExplorationResult Explorer::runWorker(WorkQueue &pool, std::stop_token stop, PauseControl *pause) {
    const double startCpu = threadCpuSeconds();
    ExplorationResult result;
    m_pool = &pool;
    // Parked decisions and trail nodes grow to millions on long runs (MPC(4,5): 3.3 million decisions): room
    // reserved now is only address space until used, and saves the copies and page faults of doubling.
    m_decisions.reserve(std::size_t{1} << 22);
    m_trailNodes.reserve(std::size_t{1} << 21);
    bool done = false; // idle for good, as PauseControl counts it
    {
        const RunScope scope(*this, stop, pause);
        try {
            WorkItem item;
            // A paused run holds still when every worker holds, waits for work or is done (PauseControl).
            auto take = [&] {
                if (pause)
                    pause->countIdle(+1);
                const WorkQueue::Task task = pool.take(item);
                if (pause && task != WorkQueue::Task::Finished)
                    pause->countIdle(-1);
                done = task == WorkQueue::Task::Finished;
                return task;
            };
            for (WorkQueue::Task task; (task = take()) != WorkQueue::Task::Finished;) {
                resetTrail();
                if (task == WorkQueue::Task::Recheck) {
                    recheck();
                    continue;
                }
                m_floor = item.prefixLength;
                m_ownsEverythingEarlier = item.prefixLength == 0 && item.disabled.empty();
                m_pendingDisabled = std::move(item.disabled);
                m_nextDisabled = 0;
                result.stopReason = StopReason::Completed;
                explore(result, std::move(item.schedule));
                if (result.stopReason != StopReason::Completed) {
                    pool.stop(result.stopReason);
                    break;
                }
            }
        } catch (const std::bad_alloc &) {
            result.stopReason = StopReason::MemoryLimit;
            pool.stop(result.stopReason);
        }
    }
    if (pause && !done)
        pause->countIdle(+1);
    m_pool = nullptr;
    m_floor = 0;
    m_pendingDisabled.clear();
    m_nextDisabled = 0;

    // The run's event count is the union of the workers' keys: each worker completes its own here, in
    // parallel (most were computed by the re-check rounds already).
    extendEventKeys(m_unfolding, m_keys);

    Statistics &stats = result.statistics;
    stats.events = m_unfolding.size();
    stats.alternativeCalls = m_alternatives.statistics().calls;
    stats.combsBuilt = m_alternatives.statistics().combsBuilt;
    stats.lateClues = m_lateClues;
    stats.cpuSeconds = threadCpuSeconds() - startCpu;
    return result;
}

} // namespace weft
