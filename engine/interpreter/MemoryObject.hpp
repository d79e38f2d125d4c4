// SPDX-License-Identifier: MIT
// One object of the interpreted program's memory (a global, heap block, stack variable): its bytes
// and whether it is still alive. Value type; dead objects keep their record so stale pointers are caught.
#pragma once

#include "engine/interpreter/race/RaceShadow.hpp"

#include <cstdint>
#include <map>
#include <vector>

namespace weft::interpreter {

enum class ObjectKind : std::uint8_t { Null, Global, Heap, Stack, Function };

struct MemoryObject {
    ObjectKind kind = ObjectKind::Null;
    bool alive = false;
    bool readOnly = false;
    /// sc model: other threads may reach it (a global, or a pointer to it was stored in memory or
    /// passed to a new thread), so its accesses are events.
    bool shared = false;
    std::uint32_t size = 0;
    /// Who made it, for messages: the global's index, or (function << 32 | pc) of the allocation.
    std::uint64_t site = 0;
    std::vector<std::uint8_t> bytes;
    /// The race detector's record of the accesses to its bytes; pages exist once an access touches them.
    RaceShadow shadow;
    /// sc model: the locations (offset -> size) its shared accesses used; a later access that
    /// overlaps one with another range is reported, as the engine's locations must not overlap.
    std::map<std::uint32_t, std::uint32_t> locations;
    /// --uninit report: per byte, its bits never written (0xFF: the whole byte; empty: every byte
    /// written or initialised; stack objects and malloc'd blocks start undefined), how many bytes have
    /// some, and for the bytes a store of an undefined value made undefined again, where it was read.
    std::vector<std::uint8_t> undefined;
    std::uint32_t undefinedCount = 0;
    std::map<std::uint32_t, std::uint64_t> undefinedFrom;
};

} // namespace weft::interpreter
