// SPDX-License-Identifier: MIT
// "Explore with this event": the configuration C' = [e] ∪ {c ∈ C : c not in conflict with [e]} of
// an event e and the current configuration C, computed from the unfolding's causality as a snapshot
// carries it (every predecessor, sc's extra ones included, and the immediate conflicts), linearised
// so that a replay can follow it (then run on to a maximal run). Pure functions; any thread.
#pragma once

#include "engine/execution/Schedule.hpp"
#include "engine/results/ExplorationSnapshot.hpp"

#include <vector>

namespace weft::debugger {

struct ChosenRun {
    std::vector<EventId> events; ///< C' in a causal order (ascending ids: predecessors come first)
    Schedule schedule;           ///< their threads in that order; free mode completes the run
};

/// [e]: `e` and its causal predecessors, ascending.
std::vector<EventId> causalPast(const ExplorationSnapshot &snapshot, EventId e);
/// C' for `e` and `current` (a causally closed set of the snapshot's events).
ChosenRun configurationWith(const ExplorationSnapshot &snapshot,
                                           const std::vector<EventId> &current, EventId e);
/// The events in immediate conflict with `e` (either side), ascending.
std::vector<EventId> immediateConflicts(const ExplorationSnapshot &snapshot, EventId e);

/// The snapshot's events of a replayed run, in step order: `known` (the events of its first steps)
/// extended step by step with the event that performs the step's action in its thread and extends the
/// configuration so far (its predecessors in it, in immediate conflict with none of it: the one event
/// that can). Stops at the first step the snapshot has no such event for (not explored yet).
std::vector<EventId> eventsOfRun(const ExplorationSnapshot &snapshot, const std::vector<Action> &steps,
                                 std::vector<EventId> known);
/// The exploration tree's leaf whose execution has exactly the events `configuration` (any order), or
/// ExplorationTree::kRoot when no explored execution does.
ExplorationTree::NodeId leafOfRun(const ExplorationSnapshot &snapshot, const std::vector<EventId> &configuration);

} // namespace weft::debugger
