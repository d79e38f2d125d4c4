// SPDX-License-Identifier: MIT
// The immediate-conflict search (docs/algorithms.md, "Events and the unfolding" #ⁱ, "Causality and
// conflict" icfls): an event's siblings on its object or location, filtered by the sibling indexes
// (RaceCandidates) and by the histories. The explorer's comb uses the indexed form (SpikeCandidates.hpp).
#pragma once

#include "engine/unfolding/Unfolding.hpp"

#include <vector>

namespace weft {

/// The spike candidates of `d`: the other operations after d's object-tree parent made by other
/// threads; for a read of w, the writes after w without it in their history; for a write after w, the
/// other writes after w and the reads of w not in its history. Appends to `out`.
void appendSiblings(const Unfolding &u, EventId d, std::vector<EventId> &out);
/// The events in immediate conflict with `e`: its spike candidates (and, for a candidate, `e` itself)
/// filtered so that neither side's history conflicts with the other.
std::vector<EventId> immediateConflicts(const Unfolding &u, EventId e);
/// The same, only those with a smaller id than `e`: each conflict once, from its later event (half the
/// work for a caller that lists every conflict of the unfolding).
std::vector<EventId> earlierImmediateConflicts(const Unfolding &u, EventId e);
/// Both are operations on one object right after the same event (used to justify D-events).
bool areObjectSiblings(const Unfolding &u, EventId a, EventId b);
/// Both access one location after the same write, at least one writes (used to justify D-events).
bool areMemorySiblings(const Unfolding &u, EventId a, EventId b);

} // namespace weft
