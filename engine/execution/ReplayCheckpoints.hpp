// SPDX-License-Identifier: MIT
// Machine states along the previous execution, so that the next one, which shares a prefix with it (an
// explorer backtracks and replays the trail up to its branch point), resumes from the deepest state inside
// that prefix instead of re-running the program from the start. A state is taken only where the machine's
// work since the previous one (Machine::work) outweighs its copy; beyond a count or a byte budget, every
// other state is dropped (the first and the latest kept); a new state is copied over a dropped one
// (Machine::snapshotInto), which spares most of the copy's allocations. Used by ScheduledExecutor.
#pragma once

#include "engine/execution/Machine.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace weft {

class ReplayCheckpoints {
public:
    struct Limits {
        std::size_t maxCount = 128;
        std::size_t maxBytes = std::size_t{64} << 20;
        /// A state is due once the work since the previous one, times this, reaches its bytes. 32 rather
        /// than 16: runs then resume near their branch point instead of near the start, which saves more
        /// re-execution than the extra copies cost (docs/algorithms.md, "Run-to-completion loop").
        std::size_t bytesPerWork = 32;
    };
    ReplayCheckpoints() : ReplayCheckpoints(Limits{}) {}
    explicit ReplayCheckpoints(Limits limits) : m_limits(limits) {}

    /// Forgets the states taken after step `step` (the next execution departs from the previous one
    /// there) and returns the deepest one left: (its step, its state), or (0, nullptr).
    std::pair<std::size_t, const MachineSnapshot *> resumePoint(std::size_t step);
    /// Before step `step` (> every step kept) of the current execution: takes the machine's state
    /// when it is due.
    void offer(std::size_t step, const Machine &machine);
    void clear();

    std::size_t count() const { return m_states.size(); }
    std::size_t bytes() const { return m_bytes; }

private:
    struct State {
        std::size_t step;
        std::uint64_t work;
        std::unique_ptr<MachineSnapshot> snapshot;
    };
    Limits m_limits;
    std::vector<State> m_states; ///< increasing steps
    std::size_t m_bytes = 0;
    std::size_t m_lastBytes = 0; ///< of the last state taken (the next one's expected size)
    bool m_unsupported = false; ///< the machine returned no snapshot: do not ask again
    /// States dropped since, for the machine to overwrite (snapshotInto): a copy over an old state reuses its
    /// storage, where a fresh copy and the old one's release were most of a state's cost (malloc and free).
    std::vector<std::unique_ptr<MachineSnapshot>> m_spares;
    std::size_t m_spareBytes = 0;
    void drop(State &state);
};

} // namespace weft
