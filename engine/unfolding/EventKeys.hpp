// SPDX-License-Identifier: MIT
// Canonical event keys (engine/explorer/README.md, "One unfolding per worker, canonical event keys"):
// a 128-bit hash of an event's action and of its immediate predecessors' keys. A key depends on the
// event's history only, not on when it was created, so unfoldings built in different orders (other
// policies, other workers of a parallel run) give the same event the same key.
#pragma once

#include "engine/unfolding/Unfolding.hpp"

#include <compare>
#include <cstdint>
#include <vector>

namespace weft {

struct EventKey {
    std::uint64_t high = 0;
    std::uint64_t low = 0;
    friend auto operator<=>(const EventKey &, const EventKey &) = default;
};

/// Computes the keys of the events `keys` does not cover yet (ids keys.size() .. unfolding.size()-1)
/// and appends them; `keys[e]` is e's key. Call it again as the unfolding grows.
void extendEventKeys(const Unfolding &unfolding, std::vector<EventKey> &keys);

/// The keys of every event of `unfolding`, indexed by EventId.
std::vector<EventKey> eventKeys(const Unfolding &unfolding);

} // namespace weft
