// SPDX-License-Identifier: MIT
// Interpreter states kept along one execution so that going back re-executes from the nearest one:
// a state before every K-th event, K doubling (every other checkpoint dropped) whenever the states
// would exceed a count or a byte budget. Memory stays bounded whatever the trace's length and the
// program's size; stepping back costs at most K events. Used by the debugger's replay.
#pragma once

#include "engine/interpreter/InterpreterState.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace weft::interpreter {

/// Bytes a state holds, roughly: its memory (objects, race records) and its threads' stacks. For budgets.
std::uint64_t footprintOf(const InterpreterState &state);

class StateCheckpoints {
public:
    /// The initial spacing, and the budgets beyond which the spacing doubles.
    struct Limits {
        std::size_t firstInterval = 16;
        std::size_t maxCount = 64;
        std::uint64_t maxBytes = std::uint64_t{256} << 20;
    };

    StateCheckpoints() : StateCheckpoints(Limits{}) {}
    explicit StateCheckpoints(Limits limits) : m_limits(limits), m_interval(limits.firstInterval) {}

    /// Forgets every checkpoint (a new execution).
    void clear();
    /// The state before event `position`, offered while running forwards from a checkpoint (so every
    /// position after the last checkpoint is offered in order): kept when it is the next one due.
    void offer(std::size_t position, const InterpreterState &state);
    /// The latest checkpoint at or before `position` (nullptr state when there is none yet).
    std::pair<std::size_t, const InterpreterState *> nearest(std::size_t position) const;

    std::size_t interval() const { return m_interval; }
    std::size_t count() const { return m_states.size(); }
    std::uint64_t bytes() const { return m_bytes; }

private:
    /// Keeps checkpoints 0, 2, 4, ... and doubles the spacing.
    void thin();

    Limits m_limits;
    std::size_t m_interval;
    std::vector<InterpreterState> m_states; ///< m_states[i]: before event i * m_interval
    std::vector<std::uint64_t> m_sizes;     ///< footprintOf each
    std::uint64_t m_bytes = 0;
};

} // namespace weft::interpreter
