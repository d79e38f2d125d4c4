// SPDX-License-Identifier: MIT
// What a worker of a parallel or distributed exploration asks of the others (README.md, section 3 and
// "Distributed, as built"): items to explore, the end, re-check rounds and the events they exchange, stop and
// execution tickets. WorkPool implements it for threads of one process, MpiWorkQueue for the ranks of an MPI job.
#pragma once

#include "engine/explorer/WorkItem.hpp"
#include "engine/results/ExplorationResult.hpp"
#include "engine/unfolding/EventKeys.hpp"

#include <cstdint>
#include <optional>
#include <stop_token>
#include <vector>

namespace weft {

class Explorer;

/// An event as another worker can rebuild it: its action and its predecessors' canonical keys (no key
/// for a missing predecessor is {0, 0}).
struct SharedEvent {
    Action action;
    EventKey key, threadPred, otherPred;
    std::vector<EventKey> extras;
};

class WorkQueue {
public:
    virtual ~WorkQueue() = default;

    /// What take() gives a worker: an item to explore, a re-check round (README.md, "Alt reads U": every
    /// worker is idle, some negative decision was parked; all workers take part), or the end.
    enum class Task { Explore, Recheck, Finished };
    virtual Task take(WorkItem &item) = 0;
    virtual void push(WorkItem item) = 0;
    /// Whether an idle worker waits for an item nobody queued yet; polled by busy workers after each execution.
    virtual bool wantsWork() = 0;
    /// A ticket for the next execution: its 1-based number, or nothing when --max-executions is used up.
    virtual std::optional<std::uint64_t> ticket() = 0;
    /// Ends the exploration for every worker; the first reason given is the run's.
    virtual void stop(StopReason reason) = 0;
    virtual std::stop_token stopToken() const = 0;
    /// A worker parked (+1) or settled (-1) a record of negative decisions.
    virtual void countParked(int delta) = 0;
    /// This worker's re-check round left work for another round even if nothing is explored meanwhile: it
    /// imported events, or a parked decision now waits on a spike whose siblings it did not watch yet
    /// (WorkPool's rounds import the watched siblings only; a queue whose rounds import everything ignores it).
    virtual void roundUnsettled() {}
    /// The end of this worker's re-check round (every worker calls it in the same round): a queue whose workers
    /// are elsewhere learns here whether any of them called roundUnsettled.
    virtual void endRound() {}

    /// The workers of this process, whose unfoldings a re-check round reads between two barrier() calls;
    /// empty when the others are elsewhere (then the round calls exchange()).
    virtual const std::vector<Explorer *> &workers() const = 0;
    /// Waits until every worker of this process has called it.
    virtual void barrier() = 0;
    /// A re-check round's exchange with workers elsewhere: gives the events this worker created since its
    /// last round, returns the others' (every worker calls it in the same round).
    virtual std::vector<SharedEvent> exchange(std::vector<SharedEvent> created) = 0;
    /// A re-check round's exchange of the sibling keys watched from this round on (README.md, "Distributed, as
    /// built"): gives this worker's, returns the other workers' (every worker elsewhere calls it in the same round).
    virtual std::vector<std::uint64_t> exchangeWatches(const std::vector<std::uint64_t> &fresh) = 0;
    /// A re-check round's exchange of the path codes of the DFS-earliest late item each worker elsewhere queued in
    /// its last round (README.md, "Final decisions"): gives this worker's (null: none), returns the others'.
    virtual std::vector<std::vector<std::uint32_t>> exchangeLateCodes(const std::vector<std::uint32_t> *mine) = 0;
};

} // namespace weft
