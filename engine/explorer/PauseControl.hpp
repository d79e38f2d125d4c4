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
    /// Whether the exploration is waiting in wait() now (clients and tests know it holds still).
    bool isHolding() const {
        std::lock_guard lock(m_mutex);
        return m_holding;
    }
    /// Blocks while paused, until resumed or `stop` is requested.
    void wait(std::stop_token stop) {
        std::unique_lock lock(m_mutex);
        m_holding = true;
        m_wake.wait(lock, stop, [this] { return !m_paused; });
        m_holding = false;
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable_any m_wake;
    bool m_paused = false;
    bool m_holding = false;
};

} // namespace weft
