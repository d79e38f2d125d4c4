// SPDX-License-Identifier: MIT
// Counters of one exploration (docs/cli-output.md): the oracle quantities and the resources used.
#pragma once

#include <cstdint>
#include <string>

namespace weft {

struct Statistics {
    std::uint64_t maximalConfigurations = 0; ///< executions that were not sleep-set blocked
    std::uint64_t sleepSetBlocked = 0;       ///< SSBs: redundant executions
    /// Executions in which a failed __VERIFIER_assume left its thread blocked and nothing else could
    /// move: infeasible runs, counted apart from the maximal configurations (as Nidhugg does).
    std::uint64_t assumeBlocked = 0;
    std::uint64_t executions = 0;
    std::uint64_t events = 0;                ///< size of the unfolding explored
    std::uint64_t defects = 0;               ///< distinct defects (kind + message)
    std::uint64_t alternativeCalls = 0;
    std::uint64_t combsBuilt = 0;
    /// --jobs > 1: negative alternative decisions a worker took without the others' events that a
    /// re-check round found positive (engine/explorer/README.md, "As built"); 0 with one job.
    std::uint64_t lateClues = 0;
    std::uint64_t trailEventsTotal = 0;      ///< sum of trail lengths (for the average)
    double cpuSeconds = 0;
    double wallSeconds = 0;
    std::uint64_t peakRssBytes = 0;

    /// "1 defect, 137 maximal configurations, 0 SSB, 1603 events, 0.12 s, 14 MB" (with
    /// ", 3 assume-blocked" after the SSBs when there are any)
    std::string summary() const;
};

/// Peak resident set of this process so far, in bytes.
std::uint64_t peakResidentBytes();
/// CPU time used by the calling thread, in seconds.
double threadCpuSeconds();

} // namespace weft
