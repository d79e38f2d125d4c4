// SPDX-License-Identifier: MIT
#include "engine/explorer/WorkPool.hpp"

#include <algorithm>

namespace weft {

WorkPool::WorkPool(std::vector<Explorer *> workers, std::uint64_t maxExecutions, double splitAfterSeconds)
    : m_explorers(std::move(workers)), m_workers(static_cast<unsigned>(m_explorers.size())),
      m_maxExecutions(maxExecutions),
      m_splitFrom(std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                         std::chrono::duration<double>(splitAfterSeconds))) {
    m_items.emplace_back();
}

void WorkPool::updateHunger() {
    m_hungry.store(static_cast<int>(m_idle) - static_cast<int>(m_items.size()), std::memory_order_relaxed);
}

WorkPool::Task WorkPool::take(WorkItem &item) {
    std::unique_lock lock(m_mutex);
    ++m_idle;
    updateHunger();
    const std::stop_token stop = m_stop.get_token();
    while (m_items.empty() && !m_done && m_recheckers == 0 && !stop.stop_requested()) {
        if (m_idle == m_workers) {
            // Nobody can queue anything any more. Parked decisions are settled by a re-check round
            // after the items that might change them; then, or without any, the exploration is over.
            // (A worker's round ends before it takes again: every round's roundUnsettled is seen here.)
            const bool unsettled = m_unsettled.exchange(false, std::memory_order_relaxed);
            if ((m_exploredSinceRecheck || unsettled) && m_parked.load(std::memory_order_relaxed) > 0) {
                m_exploredSinceRecheck = false;
                m_recheckers = m_workers;
                ++m_rechecks;
            } else {
                m_done = true;
            }
            m_wake.notify_all();
            break;
        }
        m_wake.wait(lock, stop, [this] { return !m_items.empty() || m_done || m_recheckers > 0; });
    }
    --m_idle;
    if (stop.stop_requested() || m_done) {
        updateHunger();
        return Task::Finished;
    }
    if (m_recheckers > 0) {
        --m_recheckers;
        updateHunger();
        return Task::Recheck;
    }
    // The shallowest item: nearest the root, whose subtree is likely the largest.
    const auto shallowest = std::min_element(m_items.begin(), m_items.end(), [](const WorkItem &a, const WorkItem &b) {
        return a.prefixLength < b.prefixLength;
    });
    item = std::move(*shallowest);
    m_items.erase(shallowest);
    ++m_taken;
    m_exploredSinceRecheck = true;
    updateHunger();
    return Task::Explore;
}

void WorkPool::barrier() {
    std::unique_lock lock(m_mutex);
    const std::uint64_t round = m_barrierRound;
    if (++m_arrived == m_workers) {
        m_arrived = 0;
        ++m_barrierRound;
        m_barrierWake.notify_all();
        return;
    }
    m_barrierWake.wait(lock, [&] { return m_barrierRound != round; });
}

std::uint64_t WorkPool::rechecks() const {
    std::lock_guard lock(m_mutex);
    return m_rechecks;
}

void WorkPool::push(WorkItem item) {
    {
        std::lock_guard lock(m_mutex);
        m_items.push_back(std::move(item));
        updateHunger();
    }
    m_wake.notify_one();
}

std::optional<std::uint64_t> WorkPool::ticket() {
    const std::uint64_t n = m_tickets.fetch_add(1, std::memory_order_relaxed) + 1;
    if (m_maxExecutions && n > m_maxExecutions)
        return std::nullopt;
    return n;
}

void WorkPool::stop(StopReason reason) {
    {
        std::lock_guard lock(m_mutex);
        if (!m_reason)
            m_reason = reason;
    }
    m_stop.request_stop(); // wakes the waiting workers (condition_variable_any with a stop token)
}

StopReason WorkPool::stopReason() const {
    std::lock_guard lock(m_mutex);
    return m_reason.value_or(StopReason::Completed);
}

std::uint64_t WorkPool::itemsTaken() const {
    std::lock_guard lock(m_mutex);
    return m_taken;
}

} // namespace weft
