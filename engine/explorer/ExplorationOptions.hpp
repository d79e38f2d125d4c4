// SPDX-License-Identifier: MIT
// How to explore: the Alt policy and the optional bounds (docs/algorithms.md, "Run-to-completion loop").
#pragma once

#include "engine/base/DefectKind.hpp"
#include "engine/base/Diagnostic.hpp"
#include "engine/explorer/AltPolicy.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace weft {

struct ExplorationOptions {
    AltPolicy policy = AltPolicy::optimal();
    unsigned skipStep = 4;                          ///< skip-list base of the trees (≥ 2)
    std::uint64_t maxExecutions = 0;                ///< 0: no bound
    double timeoutSeconds = 0;                      ///< 0: no timeout
    std::optional<unsigned> contextSwitchBound;     ///< optimal policy only
    bool stopOnFirstDefect = false;
    /// Stop after the first execution with a defect of one of these kinds (bit 1 << DefectKind).
    std::uint32_t stopOnDefectKinds = 0;
    bool stopsOn(DefectKind kind) const { return stopOnDefectKinds >> unsigned(kind) & 1u; }
    std::size_t maxEvents = std::size_t{1} << 28;   ///< the unfolding's size bound
    std::size_t maxDefectsKept = 256;               ///< distinct defects stored (all are counted)
    /// How much the process's resident memory may grow while exploring; 0: the default share of
    /// the machine (Interrupt::defaultMemoryBound). Reaching it stops the run (StopReason::MemoryLimit).
    std::uint64_t memoryBytes = 0;
    /// Worker threads (--jobs; engine/explorer/README.md, "Design of --jobs N"); 1: the one-thread loop.
    unsigned jobs = 1;
    /// Parallel runs: a node is split off for an idle worker only with at least this many trail events
    /// below it (small subtrees cost more to hand over than to explore).
    unsigned splitDepth = 8;
    /// Parallel runs: no subtree is handed to an idle worker in the first this-many seconds, so that a run shorter
    /// than that costs what one job costs (no parking, no re-check round). `weft explore` sets it (README.md,
    /// --jobs); 0 splits from the first execution on (the tests, to split small programs).
    double splitAfterSeconds = 0;

    /// Empty if the combination is valid; otherwise why not.
    std::vector<Diagnostic> validate() const {
        std::vector<Diagnostic> out;
        if (contextSwitchBound && !policy.isOptimal())
            out.push_back(Diagnostic::error("a context-switch bound needs the optimal policy"));
        if (skipStep < 2)
            out.push_back(Diagnostic::error("the skip step must be at least 2"));
        if (jobs < 1 || jobs > 1024)
            out.push_back(Diagnostic::error("--jobs must be between 1 and 1024"));
        if (timeoutSeconds < 0)
            out.push_back(Diagnostic::error("the timeout must not be negative"));
        return out;
    }
};

} // namespace weft
