// SPDX-License-Identifier: MIT
// The spike candidates of a D-event against the explorer's configuration C (docs/algorithms.md, "Causality
// and conflict", "Alternatives"): d's siblings in its object tree or location that C may still be
// extended by, found through the ObjectSiblingIndex or the AccessSiblingIndex without visiting the others
// (engine/unfolding/README.md, "Sibling index", "Access sibling index").
#pragma once

#include "engine/unfolding/Configuration.hpp"

#include <functional>
#include <vector>

namespace weft {

/// The order appendSpikeCandidates lists them in: creation order (the comb's, as the plain scan), or any (a
/// caller that only asks whether one qualifies skips the sort).
enum class SpikeOrder { Creation, Any };

/// Appends, in creation order (`order`), every sibling x of `d` (as appendSiblings lists them, ImmediateConflicts.hpp)
/// that is compatible with `c` and has no event dropped by `isDropped` strictly below it, plus
/// possibly some that do not qualify: callers still filter with Configuration::isCompatible (and
/// drop those above a dropped event). Every sibling left out provably does not qualify.
void appendSpikeCandidates(const Unfolding &u, const Configuration &c, EventId d, std::vector<EventId> &out,
                           const std::function<bool(EventId)> &isDropped = {}, SpikeOrder order = SpikeOrder::Creation);

} // namespace weft
