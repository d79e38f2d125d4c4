// SPDX-License-Identifier: MIT
// The explorer's part in parallel exploration (engine/explorer/README.md, section 3 and "As built"): donating
// right subtrees as work items, parking negative Alt decisions and asking them again once the workers have
// imported each other's events, and the worker loop.
#include "engine/explorer/Explorer.hpp"

#include "engine/unfolding/ConflictingExtensions.hpp"
#include "engine/unfolding/ImmediateConflicts.hpp"
#include "engine/unfolding/SpikeCandidates.hpp"

#include <algorithm>

namespace weft {

bool Explorer::donate() {
    const auto depth = static_cast<std::uint32_t>(m_trail.size());
    const std::uint32_t below = std::max(1u, m_options.splitDepth);
    if (depth < m_floor + below)
        return false;
    if (m_nodeMarks.size() < depth)
        m_nodeMarks.resize(depth, kNone);
    // The cut at each node, grown along the trail (O(depth) once, not per node tried).
    const Configuration &cut = m_scratchCut;
    for (std::uint32_t i = m_floor; i + below <= depth; ++i) {
        const EventId e = m_trail[i];
        if (m_nodeMarks[i] == kNone && mayBranchAt(i, e)) {
            scratchCut(m_trail, i);
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

void Explorer::scratchCut(std::span<const EventId> trail, std::uint32_t length) {
    std::size_t common = 0;
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
        p.trail.reserve(m_trail.size() + 1);
        p.trail.assign(m_trail.begin(), m_trail.end());
        p.trail.push_back(e);
        p.disabled = m_disset.entries();
        p.decidedAt = m_unfolding.size();
        m_parked.push_back(std::move(p));
        m_pool->countParked(1);
        open = true;
    }
    m_parked.back().lengths.push_back(length);
    m_parked.back().emptySpikes.push_back(m_alternatives.lastEmptySpike());
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

std::vector<SharedEvent> Explorer::stageFromPeers() {
    WorkQueue &pool = *m_pool;
    const std::vector<Explorer *> &peers = pool.workers();
    pool.barrier(); // every worker has indexed its keys (step 1)
    std::vector<SharedEvent> staged;
    std::unordered_map<EventKey, bool, KeyHash> stagedKeys;
    m_importedFrom.resize(peers.size(), 0);
    for (std::size_t w = 0; w < peers.size(); ++w) {
        const Explorer &peer = *peers[w];
        if (&peer == this)
            continue;
        for (std::size_t e = m_importedFrom[w]; e < peer.m_keys.size(); ++e) {
            const EventKey &key = peer.m_keys[e];
            if (m_keyIndex.contains(key) || !stagedKeys.emplace(key, true).second)
                continue;
            staged.push_back(shared(peer.m_unfolding, peer.m_keys, static_cast<EventId>(e)));
        }
        m_importedFrom[w] = peer.m_keys.size();
    }
    pool.barrier(); // the others write their own unfoldings in step 3
    return staged;
}

void Explorer::recheck() {
    WorkQueue &pool = *m_pool;
    // 1. This unfolding's keys.
    const std::size_t indexed = m_keys.size();
    extendEventKeys(m_unfolding, m_keys);
    for (std::size_t e = indexed; e < m_keys.size(); ++e)
        m_keyIndex.emplace(m_keys[e], static_cast<EventId>(e));

    // 2. What the others hold and this one lacks: read from the workers of this process, or exchanged with
    // the workers elsewhere (the events this one created since its last round, sent in arena order).
    std::vector<SharedEvent> staged;
    if (!pool.workers().empty()) {
        staged = stageFromPeers();
    } else {
        std::vector<SharedEvent> created;
        for (std::size_t e = m_exported; e < m_keys.size(); ++e)
            created.push_back(shared(m_unfolding, m_keys, static_cast<EventId>(e)));
        std::unordered_map<EventKey, bool, KeyHash> stagedKeys;
        for (SharedEvent &s : pool.exchange(std::move(created)))
            if (!m_keyIndex.contains(s.key) && stagedKeys.emplace(s.key, true).second)
                staged.push_back(std::move(s));
    }

    // 3. Import them in causal order (each worker's arena is causally ordered; a predecessor another
    // worker also had was staged from the first one that had it, before).
    constexpr EventKey kNone{0, 0};
    auto local = [&](const EventKey &k) { return k == kNone ? kNoEvent : m_keyIndex.at(k); };
    std::vector<EventId> extras;
    for (const SharedEvent &s : staged) {
        extras.clear();
        for (const EventKey &k : s.extras)
            extras.push_back(local(k));
        std::sort(extras.begin(), extras.end());
        if (isLocationAccess(s.action.kind))
            m_unfolding.objects().internLocation(s.action);
        else if (isObjectTreeKind(s.action.kind))
            m_unfolding.objects().internObject(s.action.object);
        m_keyIndex.emplace(s.key, m_unfolding.obtain(s.action, local(s.threadPred), local(s.otherPred), extras));
    }
    // Imported events are not this worker's to send again; their keys are indexed already.
    extendEventKeys(m_unfolding, m_keys);
    m_exported = m_keys.size();

    // 4. Ask Alt again at every parked node whose spikes may have grown.
    for (; m_siblingsIndexed < m_unfolding.size(); ++m_siblingsIndexed) {
        const auto e = static_cast<EventId>(m_siblingsIndexed);
        if (m_unfolding.event(e).isObjectOperation() || m_unfolding.event(e).isMemoryAccess())
            m_siblingsByKey[siblingKey(e)].push_back(e);
    }
    for (auto it = m_parked.begin(); it != m_parked.end();) {
        Parked &p = *it;
        // Shallow nodes first: the scratch cut grows along the trail.
        std::vector<std::size_t> order(p.lengths.size());
        for (std::size_t k = 0; k < order.size(); ++k)
            order[k] = k;
        std::sort(order.begin(), order.end(),
                  [&](std::size_t a, std::size_t b) { return p.lengths[a] < p.lengths[b]; });
        const Configuration &cut = m_scratchCut;
        std::vector<std::uint32_t> still;
        std::vector<EventId> stillEmpty;
        for (const std::size_t k : order) {
            const std::uint32_t m = p.lengths[k];
            if (!mayHaveChanged(p, m, p.emptySpikes[k])) {
                still.push_back(m);
                stillEmpty.push_back(p.emptySpikes[k]);
                continue;
            }
            scratchCut(p.trail, m);
            if (const EventId empty = p.emptySpikes[k];
                empty != kNoEvent && !hasNewCompatibleSibling(empty, p.decidedAt, cut)) {
                // Its spike holds siblings compatible with C only: without a new one compatible with C,
                // it is still empty (a full Alt call costs far more than these few checks).
                still.push_back(m);
                stillEmpty.push_back(empty);
                continue;
            }
            Disset d = Disset::prefixOf(p.disabled, m);
            d.add(p.trail[m], m);
            if (const std::optional<Configuration> clue = m_alternatives.find(m_unfolding, cut, d)) {
                pool.push(makeItem(*clue, std::span(p.trail).first(m), cut, d));
                ++m_lateClues;
            } else {
                still.push_back(m);
                stillEmpty.push_back(m_alternatives.lastEmptySpike());
            }
        }
        p.decidedAt = m_unfolding.size();
        if (still.empty()) {
            it = m_parked.erase(it);
            pool.countParked(-1);
        } else {
            p.lengths = std::move(still);
            p.emptySpikes = std::move(stillEmpty);
            ++it;
        }
    }
}

std::uint64_t Explorer::siblingKey(EventId e) const {
    const Event &ev = m_unfolding.event(e);
    const std::uint64_t where =
        ev.isObjectOperation() ? std::uint64_t{ev.object} : (std::uint64_t{ev.location} | (1ull << 31));
    return (where << 32) ^ ev.otherPred;
}

bool Explorer::hasNewCompatibleSibling(EventId d, std::size_t since, const Configuration &cut) {
    auto qualifies = [&](EventId x) { return x >= since && x != d && cut.isCompatible(m_unfolding, x); };
    if (m_unfolding.event(d).isObjectOperation()) {
        // The sibling index skips the (often thousands of) siblings that part from C below it.
        m_candidates.clear();
        appendSpikeCandidates(m_unfolding, cut, d, m_candidates);
        return std::any_of(m_candidates.begin(), m_candidates.end(), qualifies);
    }
    const auto found = m_siblingsByKey.find(siblingKey(d));
    if (found == m_siblingsByKey.end())
        return false;
    for (auto x = found->second.rbegin(); x != found->second.rend() && *x >= since; ++x)
        if (qualifies(*x))
            return true;
    return false;
}

bool Explorer::mayHaveChanged(const Parked &p, std::uint32_t m, EventId emptySpike) const {
    auto grown = [&](EventId d) {
        const auto found = m_siblingsByKey.find(siblingKey(d));
        return found != m_siblingsByKey.end() && found->second.back() >= p.decidedAt;
    };
    if (emptySpike != kNoEvent) // the spike that was empty stays so without a new sibling
        return grown(emptySpike);
    if (grown(p.trail[m]))
        return true;
    for (const Disset::Entry &x : p.disabled) {
        if (x.index > m)
            break;
        if ((x.disabler < 0 || x.disabler >= static_cast<std::int64_t>(m)) && grown(x.event))
            return true;
    }
    return false;
}

ExplorationResult Explorer::runWorker(WorkQueue &pool, std::stop_token stop, PauseControl *pause) {
    const double startCpu = threadCpuSeconds();
    ExplorationResult result;
    Interrupt interrupt(stop, m_options.timeoutSeconds,
                        m_options.memoryBytes ? m_options.memoryBytes : Interrupt::defaultMemoryBound());
    m_interrupt = &interrupt;
    m_pause = pause;
    m_stop = stop;
    m_pool = &pool;
    m_executor.setInterrupt(&interrupt);
    try {
        WorkItem item;
        for (WorkQueue::Task task; (task = pool.take(item)) != WorkQueue::Task::Finished;) {
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
    m_executor.setInterrupt(nullptr);
    m_interrupt = nullptr;
    m_pause = nullptr;
    m_stop = {};
    m_pool = nullptr;
    m_floor = 0;
    m_pendingDisabled.clear();
    m_nextDisabled = 0;

    Statistics &stats = result.statistics;
    stats.events = m_unfolding.size();
    stats.alternativeCalls = m_alternatives.statistics().calls;
    stats.combsBuilt = m_alternatives.statistics().combsBuilt;
    stats.lateClues = m_lateClues;
    stats.cpuSeconds = threadCpuSeconds() - startCpu;
    return result;
}

} // namespace weft
