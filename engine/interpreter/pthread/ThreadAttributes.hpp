// SPDX-License-Identifier: MIT
// Weft's layout of pthread_attr_t (glibc's 56 bytes): the detach state in its first int, the rest
// unused (stack size and scheduling attributes have no effect). Read when a thread is created.
#pragma once

#include "engine/interpreter/Memory.hpp"

#include <cstdint>
#include <cstring>

namespace weft::interpreter {

constexpr std::uint64_t kAttrSize = 56;
constexpr std::uint64_t kAttrDetachOffset = 0;

/// Whether the attributes at `attr` (0: none) say PTHREAD_CREATE_DETACHED; unreadable ones do not.
inline bool createsDetached(const Memory &memory, std::uint64_t attr) {
    if (attr == 0)
        return false;
    MemoryFault fault;
    const std::uint8_t *bytes = memory.read(attr + kAttrDetachOffset, 4, 4, fault);
    std::uint32_t state = 0;
    if (bytes)
        std::memcpy(&state, bytes, 4);
    return state == 1;
}

} // namespace weft::interpreter
