// SPDX-License-Identifier: MIT
// Parallel exploration (--jobs N; README.md, "Design of --jobs N"): N worker threads, each an Explorer with
// its own executor (over its own machine) and its own unfolding, share a WorkPool of right subtrees of the
// exploration tree. Counts stay exact: subtrees are disjoint by construction, and the event count is the
// union of the workers' canonical event keys. The result merges the workers' statistics and defects.
#pragma once

#include "engine/explorer/Explorer.hpp"
#include "engine/unfolding/EventKeys.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <stop_token>
#include <vector>

namespace weft {

class ParallelExplorer {
public:
    /// What worker `index` runs with: its executor (never shared) and its observer (may be null; called
    /// on the worker's thread, with event ids of the worker's unfolding).
    struct Worker {
        Executor *executor = nullptr;
        ExplorationObserver *observer = nullptr;
    };
    using MakeWorker = std::function<Worker(unsigned index)>;

    /// Builds `options.jobs` workers (calling `makeWorker` on this thread, in order).
    ParallelExplorer(const MakeWorker &makeWorker, ExplorationOptions options);
    ~ParallelExplorer();

    /// Explores until done, cancelled or bounded; the result keeps everything every worker found. A
    /// failure inside a worker (an exception) stops the others and is rethrown here.
    ExplorationResult run(std::stop_token stop = {}, PauseControl *pause = nullptr);

    /// How the work was split, for benchmarks (valid after run()).
    struct Figures {
        std::uint64_t items = 0;        ///< subtrees explored (the root included)
        std::uint64_t workerEvents = 0; ///< Σ of the workers' unfolding sizes (÷ events: the replication)
        std::uint64_t rechecks = 0;     ///< re-check rounds (README.md, "Alt reads U")
        std::uint64_t lateClues = 0;    ///< parked negative decisions found positive by a re-check
    };
    const Figures &figures() const { return m_figures; }
    /// Worker `index`'s event structure (a live view reads it on that worker's thread, from its observer).
    const Unfolding &workerUnfolding(unsigned index) const { return m_workers[index]->unfolding(); }
    unsigned jobs() const { return static_cast<unsigned>(m_workers.size()); }

private:
    ExplorationOptions m_options;
    SharedThreadNames m_names;
    std::vector<std::unique_ptr<Explorer>> m_workers;
    Figures m_figures;
};

/// The CPUs this process may run on (its affinity mask), at least 1 and at most 1024.
unsigned availableCpus();
/// The most jobs `weft explore` uses by default (README.md, --jobs): each worker holds its own unfolding, and more
/// than the 2 cores of the machine it was measured on is untested for speed.
constexpr unsigned kDefaultJobsCap = 8;
/// The jobs `weft explore` and the desktop app use by default: the CPUs, at most kDefaultJobsCap.
inline unsigned defaultJobs() { return std::min(availableCpus(), kDefaultJobsCap); }

/// Merges the workers' defects: one per (kind, identity), occurrences summed, the occurrence kept the one one job
/// would have met first (DFS-earliest execution by path code, then report order: the same whichever worker ran
/// first); sorted in that order, as one job lists them.
std::vector<Defect> mergeDefects(std::vector<std::vector<Defect>> perWorker);

/// One worker's (or MPI rank's) share of a run: what it found, the canonical keys of its unfolding, and the path
/// codes of its executions.
struct WorkerShare {
    ExplorationResult result;
    std::vector<EventKey> keys;
    PathCodeLog leaves;
};
/// The run's result from its workers' shares: counts summed, events the union of the keys, defects merged
/// (mergeDefects; the first `maxDefectsKept` kept) and numbered by their execution's place in DFS order, each
/// diagnostic once (its numbers aside). The caller sets the stop reason, wall time and peak resident size.
ExplorationResult mergeShares(std::vector<WorkerShare> shares, std::size_t maxDefectsKept);

} // namespace weft
