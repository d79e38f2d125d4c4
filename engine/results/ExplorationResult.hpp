// SPDX-License-Identifier: MIT
// What an exploration hands back: how it ended, its statistics and the defects found.
#pragma once

#include "engine/base/Diagnostic.hpp"
#include "engine/results/Defect.hpp"
#include "engine/results/Statistics.hpp"

#include <vector>

namespace weft {

enum class StopReason : std::uint8_t {
    Completed,         ///< every maximal configuration was explored
    Cancelled,         ///< stop requested from another thread
    Timeout,
    ExecutionLimit,    ///< --max-executions reached
    EventLimit,        ///< the unfolding outgrew its bound
    FirstDefect,       ///< --stop-on-first-defect
    Nondeterminism,    ///< a replay did not reproduce the trail: the results are not trustworthy
    MemoryLimit,       ///< the exploration's memory bound (ExplorationOptions::memoryBytes) was reached
    InternalError,     ///< Weft itself failed (an exception out of the engine): see the diagnostics
};

const char *stopReasonName(StopReason reason);

struct ExplorationResult {
    StopReason stopReason = StopReason::Completed;
    Statistics statistics;
    std::vector<Defect> defects;
    /// Problems with the input or the exploration itself (e.g. the nondeterminism detail).
    std::vector<Diagnostic> diagnostics;

    bool isComplete() const { return stopReason == StopReason::Completed; }
};

} // namespace weft
