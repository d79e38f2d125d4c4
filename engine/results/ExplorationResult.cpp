// SPDX-License-Identifier: MIT
#include "engine/results/ExplorationResult.hpp"

namespace weft {

const char *stopReasonName(StopReason reason) {
    switch (reason) {
    case StopReason::Completed: return "completed";
    case StopReason::Cancelled: return "cancelled";
    case StopReason::Timeout: return "timeout";
    case StopReason::ExecutionLimit: return "execution limit reached";
    case StopReason::EventLimit: return "event limit reached";
    case StopReason::FirstDefect: return "stopped at the first defect";
    case StopReason::Nondeterminism: return "non-deterministic program";
    case StopReason::MemoryLimit: return "memory limit";
    case StopReason::InternalError: return "internal error";
    }
    return "?";
}

} // namespace weft
