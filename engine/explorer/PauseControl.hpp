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
    /// Blocks while paused, until resumed or `stop` is requested.
    void wait(std::stop_token stop) {
        std::unique_lock lock(m_mutex);
        m_wake.wait(lock, stop, [this] { return !m_paused; });
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable_any m_wake;
    bool m_paused = false;
};

} // namespace weft
