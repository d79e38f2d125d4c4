// SPDX-License-Identifier: MIT
// Pause/resume of a running exploration: any thread closes and opens the gate; Explorer::run waits at
// it between two executions (telling its observer), and a stop request always lets it through. Thread-safe.
#pragma once

#include <condition_variable>
#include <mutex>
#include <stop_token>

namespace weft {

class PauseControl {
public:
    void pause() {
        std::lock_guard lock(m_mutex);
        m_paused = true;
    }
    void resume() {
        {
            std::lock_guard lock(m_mutex);
            m_paused = false;
        }
        m_wake.notify_all();
    }
    bool isPaused() const {
        std::lock_guard lock(m_mutex);
        return m_paused;
    }
    /// Whether the exploration holds still now (clients and tests know nothing more is explored): with one
    /// explorer, it waits in wait(); with several workers (setWorkers), at least one waits there and every
    /// other one waits too, or has no work (idle), or has finished.
    bool isHolding() const {
        std::lock_guard lock(m_mutex);
        return m_holders > 0 && m_holders + m_idle >= m_workers;
    }
    /// Blocks while paused, until resumed or `stop` is requested.
    void wait(std::stop_token stop) {
        std::unique_lock lock(m_mutex);
        ++m_holders;
        m_wake.wait(lock, stop, [this] { return !m_paused; });
        --m_holders;
    }
    /// A parallel exploration: how many workers share this control (ParallelExplorer::run).
    void setWorkers(unsigned workers) {
        std::lock_guard lock(m_mutex);
        m_workers = workers;
        m_idle = 0;
    }
    /// A worker waits for work (+1), got some (-1), or finished for good (+1 without a -1).
    void countIdle(int delta) {
        std::lock_guard lock(m_mutex);
        m_idle = static_cast<unsigned>(static_cast<int>(m_idle) + delta);
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable_any m_wake;
    bool m_paused = false;
    unsigned m_holders = 0;
    unsigned m_idle = 0;
    unsigned m_workers = 1;
};

} // namespace weft
