// SPDX-License-Identifier: MIT
#include "engine/interpreter/StateCheckpoints.hpp"

#include <algorithm>

namespace weft::interpreter {

std::uint64_t footprintOf(const InterpreterState &state) {
    std::uint64_t bytes = state.memory.footprint() + state.output.size();
    for (const ThreadState &t : state.threads)
        bytes += sizeof t + t.stack.registers.size() * sizeof(std::uint64_t) + t.stack.frames.size() * sizeof(Frame) +
                 t.stack.locals.size() * sizeof(std::uint64_t);
    return bytes;
}

void StateCheckpoints::clear() {
    m_states.clear();
    m_sizes.clear();
    m_bytes = 0;
    m_interval = m_limits.firstInterval;
}

void StateCheckpoints::offer(std::size_t position, const InterpreterState &state) {
    if (position != m_states.size() * m_interval)
        return;
    m_states.push_back(state);
    m_sizes.push_back(footprintOf(state));
    m_bytes += m_sizes.back();
    while (m_states.size() > 1 && (m_states.size() > m_limits.maxCount || m_bytes > m_limits.maxBytes))
        thin();
}

std::pair<std::size_t, const InterpreterState *> StateCheckpoints::nearest(std::size_t position) const {
    if (m_states.empty())
        return {0, nullptr};
    const std::size_t i = std::min(position / m_interval, m_states.size() - 1);
    return {i * m_interval, &m_states[i]};
}

void StateCheckpoints::thin() {
    std::size_t kept = 0;
    m_bytes = 0;
    for (std::size_t i = 0; i < m_states.size(); i += 2) {
        if (kept != i) {
            m_states[kept] = std::move(m_states[i]);
            m_sizes[kept] = m_sizes[i];
        }
        m_bytes += m_sizes[kept];
        ++kept;
    }
    m_states.resize(kept);
    m_sizes.resize(kept);
    m_interval *= 2;
}

} // namespace weft::interpreter
