// SPDX-License-Identifier: MIT
// Canonical event key -> event id (engine/explorer/README.md, re-check rounds), as a FlatHashTable: a node-based
// std::unordered_map spent most of a round rehashing and chasing pointers.
#pragma once

#include "engine/base/FlatHashTable.hpp"
#include "engine/unfolding/EventKeys.hpp"

namespace weft {

/// Keys are hashes already: their low bits are the slot.
struct EventKeySlot {
    std::size_t operator()(const EventKey &key) const { return static_cast<std::size_t>(key.low ^ key.high); }
};
using EventKeyIndex = FlatHashTable<EventKey, EventKeySlot>;
static_assert(EventKeyIndex::kAbsent == kNoEvent, "a missing key reads as no event");

} // namespace weft
