// SPDX-License-Identifier: MIT
// "Explore with this event": the configuration C' = [e] ∪ {c ∈ C : c not in conflict with [e]} of
// an event e and the current configuration C, computed from a snapshot's events (predecessors) and
// immediate conflicts, linearised so that a replay can follow it (then run on to a maximal run).
// Pure function of a snapshot; callable from any thread.
#pragma once

#include "engine/execution/Schedule.hpp"
#include "engine/results/ExplorationSnapshot.hpp"

#include <vector>

namespace weft::session {

struct AlternativeConfiguration {
    std::vector<EventId> events; ///< C' in a causal order (ascending ids: predecessors come first)
    Schedule schedule;           ///< their threads in that order; free mode completes the run
};

/// [e]: `e` and its causal predecessors, ascending.
std::vector<EventId> causalPast(const ExplorationSnapshot &snapshot, EventId e);
/// C' for `e` and `current` (a causally closed set of the snapshot's events).
AlternativeConfiguration configurationWith(const ExplorationSnapshot &snapshot,
                                           const std::vector<EventId> &current, EventId e);
/// The events in immediate conflict with `e` (either side), ascending.
std::vector<EventId> immediateConflicts(const ExplorationSnapshot &snapshot, EventId e);

} // namespace weft::session
