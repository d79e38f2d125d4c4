// SPDX-License-Identifier: MIT
// A 64-bit sibling key -> 32-bit value table for re-check rounds (README.md, "As built"): watched keys, and the
// newest event under each key grown since the last round.
#pragma once

#include "engine/base/FlatHashTable.hpp"

namespace weft {

/// Sibling keys are not all hashes (Explorer::siblingKey packs an object and an event id): they are mixed.
struct SiblingKeySlot {
    std::size_t operator()(std::uint64_t key) const {
        return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> 32);
    }
};
using SiblingKeyTable = FlatHashTable<std::uint64_t, SiblingKeySlot>;

} // namespace weft
