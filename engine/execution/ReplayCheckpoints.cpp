// SPDX-License-Identifier: MIT
#include "engine/execution/ReplayCheckpoints.hpp"

namespace weft {

std::pair<std::size_t, const MachineSnapshot *> ReplayCheckpoints::resumePoint(std::size_t step) {
    while (!m_states.empty() && m_states.back().step > step) {
        drop(m_states.back());
        m_states.pop_back();
    }
    if (m_states.empty())
        return {0, nullptr};
    return {m_states.back().step, m_states.back().snapshot.get()};
}

void ReplayCheckpoints::offer(std::size_t step, const Machine &machine) {
    if (m_unsupported || step == 0 || (!m_states.empty() && m_states.back().step >= step))
        return;
    const std::uint64_t work = machine.work();
    const std::uint64_t since = work - (m_states.empty() ? 0 : m_states.back().work);
    if (since * m_limits.bytesPerWork < m_lastBytes || since == 0)
        return;
    std::unique_ptr<MachineSnapshot> snapshot;
    if (!m_spares.empty()) {
        snapshot = std::move(m_spares.back());
        m_spares.pop_back();
        m_spareBytes -= snapshot->bytes();
    }
    machine.snapshotInto(snapshot);
    if (!snapshot) {
        m_unsupported = true;
        return;
    }
    m_lastBytes = snapshot->bytes();
    m_bytes += m_lastBytes;
    m_states.push_back({step, work, std::move(snapshot)});
    while (m_states.size() > 1 && (m_states.size() > m_limits.maxCount || m_bytes > m_limits.maxBytes)) {
        // Every other state from the first one, and the latest (the next run most likely departs
        // near the end): the states stay spread over the whole execution.
        std::size_t kept = 0;
        for (std::size_t i = 0; i < m_states.size(); ++i) {
            if (i % 2 == 0 || i + 1 == m_states.size())
                m_states[kept++] = std::move(m_states[i]);
            else
                drop(m_states[i]);
        }
        m_states.resize(kept);
    }
}

void ReplayCheckpoints::drop(State &state) {
    const std::size_t bytes = state.snapshot->bytes();
    m_bytes -= bytes;
    // The spares stay within the budget's count and a quarter of its bytes (a run departs a few states back).
    if (m_spares.size() < m_limits.maxCount && m_spareBytes + bytes <= m_limits.maxBytes / 4) {
        m_spareBytes += bytes;
        m_spares.push_back(std::move(state.snapshot));
    }
}

void ReplayCheckpoints::clear() {
    m_states.clear();
    m_spares.clear();
    m_spareBytes = 0;
    m_bytes = 0;
    m_lastBytes = 0;
}

} // namespace weft
