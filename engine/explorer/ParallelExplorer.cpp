// SPDX-License-Identifier: MIT
#include "engine/explorer/ParallelExplorer.hpp"

#include "engine/explorer/WorkPool.hpp"
#include "engine/unfolding/EventKeys.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <thread>

#include <sched.h>

namespace weft {

namespace {

/// The order one job meets defects in: by the DFS order of their executions, then in the order an execution
/// reported them.
bool metBefore(const Defect &a, const Defect &b) {
    if (a.path != b.path)
        return dfsEarlierCode(a.path, b.path);
    return a.reportOrder < b.reportOrder;
}

/// The text of a diagnostic without its numbers (two workers warn "execution N was cut" with other Ns).
std::string withoutDigits(const std::string &text) {
    std::string out;
    for (char c : text)
        if (c < '0' || c > '9')
            out += c;
    return out;
}

} // namespace

unsigned availableCpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    unsigned n = 0;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        n = static_cast<unsigned>(CPU_COUNT(&set));
    if (n == 0)
        n = std::thread::hardware_concurrency();
    return std::clamp(n, 1u, 1024u);
}

std::vector<Defect> mergeDefects(std::vector<std::vector<Defect>> perWorker) {
    std::map<std::pair<DefectKind, std::string>, Defect> merged;
    for (std::vector<Defect> &defects : perWorker)
        for (Defect &d : defects) {
            auto [it, fresh] = merged.try_emplace({d.kind, d.identity}, d);
            if (fresh)
                continue;
            Defect &kept = it->second;
            const std::uint64_t occurrences = kept.occurrences + d.occurrences;
            if (metBefore(d, kept))
                kept = std::move(d);
            kept.occurrences = occurrences;
        }
    std::vector<Defect> out;
    out.reserve(merged.size());
    for (auto &entry : merged)
        out.push_back(std::move(entry.second));
    std::sort(out.begin(), out.end(), metBefore);
    return out;
}

ExplorationResult mergeShares(std::vector<WorkerShare> shares, std::size_t maxDefectsKept) {
    // Sums over the workers; events: the union of their canonical keys (an event several workers
    // created counts once).
    ExplorationResult result;
    Statistics &stats = result.statistics;
    std::vector<EventKey> keys;
    std::vector<std::vector<Defect>> defects;
    std::uint64_t distinctNotKept = 0;
    std::vector<std::string> seen;
    for (WorkerShare &share : shares) {
        // Sorted runs merged one by one (ParallelExplorer's workers sort theirs in parallel).
        if (!std::is_sorted(share.keys.begin(), share.keys.end()))
            std::sort(share.keys.begin(), share.keys.end());
        const auto merged = static_cast<std::ptrdiff_t>(keys.size());
        keys.insert(keys.end(), share.keys.begin(), share.keys.end());
        std::inplace_merge(keys.begin(), keys.begin() + merged, keys.end());
        const Statistics &s = share.result.statistics;
        stats.maximalConfigurations += s.maximalConfigurations;
        stats.sleepSetBlocked += s.sleepSetBlocked;
        stats.assumeBlocked += s.assumeBlocked;
        stats.executions += s.executions;
        stats.alternativeCalls += s.alternativeCalls;
        stats.combsBuilt += s.combsBuilt;
        stats.lateClues += s.lateClues;
        stats.trailEventsTotal += s.trailEventsTotal;
        stats.cpuSeconds += s.cpuSeconds;
        distinctNotKept += s.defects - share.result.defects.size();
        defects.push_back(std::move(share.result.defects));
        for (Diagnostic &d : share.result.diagnostics) {
            const std::string key = withoutDigits(d.format());
            if (std::find(seen.begin(), seen.end(), key) != seen.end())
                continue;
            seen.push_back(key);
            result.diagnostics.push_back(std::move(d));
        }
    }
    stats.events = static_cast<std::uint64_t>(std::unique(keys.begin(), keys.end()) - keys.begin());
    result.defects = mergeDefects(std::move(defects));
    // Defects a worker counted but did not keep may repeat others': the count is exact while every
    // worker kept all of its own (fewer than maxDefectsKept distinct defects).
    stats.defects = result.defects.size() + distinctNotKept;
    if (result.defects.size() > maxDefectsKept)
        result.defects.resize(maxDefectsKept);
    // Each defect's execution number as one job numbers it (executions in DFS order): 1 + the executions of every
    // worker whose leaves precede its execution's.
    std::vector<PathCode> codes;
    for (const Defect &d : result.defects)
        codes.push_back(d.path);
    if (!codes.empty()) {
        for (Defect &d : result.defects)
            d.execution = 1;
        for (const WorkerShare &share : shares) {
            const std::vector<std::uint64_t> earlier = share.leaves.countEarlier(codes);
            for (std::size_t i = 0; i < codes.size(); ++i)
                result.defects[i].execution += earlier[i];
        }
    }
    return result;
}

ParallelExplorer::ParallelExplorer(const MakeWorker &makeWorker, ExplorationOptions options) : m_options(options) {
    for (unsigned i = 0; i < std::max(1u, options.jobs); ++i) {
        const Worker w = makeWorker(i);
        w.executor->naming().shareWith(&m_names);
        m_workers.push_back(std::make_unique<Explorer>(*w.executor, options));
        m_workers.back()->setObserver(w.observer);
    }
}

ParallelExplorer::~ParallelExplorer() = default;

ExplorationResult ParallelExplorer::run(std::stop_token stop, PauseControl *pause) {
    using Clock = std::chrono::steady_clock;
    const auto startWall = Clock::now();
    ExplorationResult result;
    for (const Diagnostic &d : m_options.validate())
        result.diagnostics.push_back(d);
    if (!result.diagnostics.empty()) {
        result.stopReason = StopReason::Cancelled;
        return result;
    }

    const auto jobs = static_cast<unsigned>(m_workers.size());
    if (pause)
        pause->setWorkers(jobs);
    std::vector<Explorer *> workers;
    for (const auto &w : m_workers)
        workers.push_back(w.get());
    WorkPool pool(workers, m_options.maxExecutions, m_options.splitAfterSeconds);
    std::vector<ExplorationResult> results(jobs);
    std::vector<std::exception_ptr> failures(jobs);
    std::vector<std::vector<EventKey>> keys(jobs);
    {
        const std::stop_callback forward(stop, [&pool] { pool.stop(StopReason::Cancelled); });
        std::vector<std::jthread> threads;
        threads.reserve(jobs);
        for (unsigned i = 0; i < jobs; ++i)
            threads.emplace_back([&, i] {
                try {
                    results[i] = m_workers[i]->runWorker(pool, pool.stopToken(), pause);
                    keys[i] = m_workers[i]->canonicalKeys(); // sorted here, in parallel, for mergeShares
                    std::sort(keys[i].begin(), keys[i].end());
                } catch (...) {
                    failures[i] = std::current_exception();
                    pool.stop(StopReason::InternalError);
                }
            });
    }
    for (const std::exception_ptr &failure : failures)
        if (failure)
            std::rethrow_exception(failure);

    std::vector<WorkerShare> shares(jobs);
    m_figures = {};
    for (unsigned i = 0; i < jobs; ++i) {
        shares[i] = {std::move(results[i]), std::move(keys[i]), m_workers[i]->leafLog()};
        m_figures.workerEvents += shares[i].keys.size();
    }
    result = mergeShares(std::move(shares), m_options.maxDefectsKept);
    Statistics &stats = result.statistics;
    result.stopReason = pool.stopReason();
    m_figures.items = pool.itemsTaken();
    m_figures.rechecks = pool.rechecks();
    for (const auto &w : m_workers)
        m_figures.lateClues += w->lateClues();
    stats.wallSeconds = std::chrono::duration<double>(Clock::now() - startWall).count();
    stats.peakRssBytes = peakResidentBytes();
    return result;
}

} // namespace weft
