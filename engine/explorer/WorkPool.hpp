// SPDX-License-Identifier: MIT
// What the workers of a parallel exploration share (README.md, "Load balancing", "Bounds, cancellation"):
// the queue of work items with termination detection (done when every worker waits and none is queued),
// the stop of all workers with the first reason raised, and the execution tickets of --max-executions.
// Thread-safe; a mutex and a condition variable (the queue is touched once per item, not per execution).
#pragma once

#include "engine/explorer/WorkQueue.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <stop_token>
#include <vector>

namespace weft {

class WorkPool final : public WorkQueue {
public:
    /// `maxExecutions` 0: no bound. The pool starts with the root item (the empty schedule). No worker is asked to
    /// split off work in the first `splitAfterSeconds` (ExplorationOptions::splitAfterSeconds).
    WorkPool(std::vector<Explorer *> workers, std::uint64_t maxExecutions, double splitAfterSeconds = 0);

    /// The shallowest queued item; waits while none is queued and some worker may still make one.
    /// When every worker is idle with an empty queue: a re-check round if items were explored since
    /// the last one and decisions are parked, else the end. Finished too when stopped.
    Task take(WorkItem &item) override;
    /// Waits until every worker has called it (the steps of a re-check round).
    void barrier() override;
    /// The workers (a re-check round reads the others' unfoldings between two barriers).
    const std::vector<Explorer *> &workers() const override { return m_explorers; }
    /// A worker parked (+1) or settled (-1) a record of negative decisions.
    void countParked(int delta) override { m_parked.fetch_add(delta, std::memory_order_relaxed); }
    void roundUnsettled() override { m_unsettled.store(true, std::memory_order_relaxed); }
    /// Re-check rounds run so far.
    std::uint64_t rechecks() const;
    void push(WorkItem item) override;
    /// Not used: every worker is in this process (workers()).
    std::vector<SharedEvent> exchange(std::vector<SharedEvent>) override { return {}; }
    std::vector<std::uint64_t> exchangeWatches(const std::vector<std::uint64_t> &) override { return {}; }
    std::vector<std::vector<std::uint32_t>> exchangeLateCodes(const std::vector<std::uint32_t> *) override {
        return {};
    }
    /// Whether an idle worker waits for an item nobody queued yet: a cheap read, polled by busy workers
    /// after each execution.
    bool wantsWork() override {
        if (m_hungry.load(std::memory_order_relaxed) <= 0)
            return false;
        if (m_splitting.load(std::memory_order_relaxed))
            return true;
        if (std::chrono::steady_clock::now() < m_splitFrom)
            return false;
        m_splitting.store(true, std::memory_order_relaxed);
        return true;
    }

    /// A ticket for the next execution: its 1-based number, or nothing when --max-executions is used up.
    std::optional<std::uint64_t> ticket() override;

    /// Ends the exploration for every worker; the first reason given is the run's.
    void stop(StopReason reason) override;
    std::stop_token stopToken() const override { return m_stop.get_token(); }
    /// The first reason given to stop(), or Completed.
    StopReason stopReason() const;
    /// Items handed to workers (the root included).
    std::uint64_t itemsTaken() const;

private:
    void updateHunger(); // with m_mutex held

    const std::vector<Explorer *> m_explorers;
    const unsigned m_workers;
    const std::uint64_t m_maxExecutions;
    mutable std::mutex m_mutex;
    std::condition_variable_any m_wake;
    std::deque<WorkItem> m_items;
    unsigned m_idle = 0;
    bool m_done = false;
    std::uint64_t m_taken = 0;
    bool m_exploredSinceRecheck = false;
    unsigned m_recheckers = 0;      // workers still to leave take() for the current round
    std::uint64_t m_rechecks = 0;
    unsigned m_arrived = 0;         // barrier
    std::uint64_t m_barrierRound = 0;
    std::condition_variable m_barrierWake;
    std::atomic<std::int64_t> m_parked{0};
    std::atomic<bool> m_unsettled{false}; // the last re-check round needs another (roundUnsettled)
    std::optional<StopReason> m_reason;
    std::stop_source m_stop;
    std::atomic<int> m_hungry{0};
    const std::chrono::steady_clock::time_point m_splitFrom; // wantsWork is false before it
    std::atomic<bool> m_splitting{false};                     // it is past
    std::atomic<std::uint64_t> m_tickets{0};
};

} // namespace weft
