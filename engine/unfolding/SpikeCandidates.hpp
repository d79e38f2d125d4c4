// SPDX-License-Identifier: MIT
// The spike candidates of a D-event against the explorer's configuration C (spec/qpor.md §3.8,
// §3.11): d's siblings in its object tree that C may still be extended by, found through the
// ObjectSiblingIndex without visiting the others (engine/unfolding/README.md, "Sibling index").
#pragma once

#include "engine/unfolding/Configuration.hpp"

#include <vector>

namespace weft {

/// Appends, in creation order, every sibling x of `d` (as Unfolding::appendLockSiblings lists them)
/// that is compatible with `c`, plus possibly some that are not: callers still filter with
/// Configuration::isCompatible. Every sibling left out is provably incompatible with `c`.
void appendSpikeCandidates(const Unfolding &u, const Configuration &c, EventId d, std::vector<EventId> &out);

} // namespace weft
