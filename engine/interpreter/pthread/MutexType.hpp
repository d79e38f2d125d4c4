// SPDX-License-Identifier: MIT
// Mutex types (normal, recursive, error-checking) as glibc lays them out, so static initialisers
// such as PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP work: the type is the int at offset 16 of the mutex.
// Weft's own pthread_mutexattr_t holds the type in its first int.
#pragma once

#include "engine/interpreter/InterpreterState.hpp"

#include <cstring>

namespace weft::interpreter {

constexpr std::uint64_t kMutexKindOffset = 16;
constexpr std::uint64_t kMutexAttrSize = 4;
enum MutexType : std::uint32_t { kNormal = 0, kRecursive = 1, kErrorCheck = 2, kAdaptive = 3 };
constexpr std::uint64_t kEperm = 1;
constexpr std::uint64_t kEdeadlk = 35;
constexpr std::uint64_t kEinval = 22;
constexpr std::uint64_t kEagain = 11;
constexpr std::uint64_t kEbusyErrno = 16;

/// The type of the mutex at m (already checked readable); adaptive and unknown types act as normal.
inline std::uint32_t mutexType(const InterpreterState &state, std::uint64_t m) {
    MemoryFault fault;
    const std::uint8_t *bytes = state.memory.read(m + kMutexKindOffset, 4, 4, fault);
    std::uint32_t type = 0;
    if (bytes)
        std::memcpy(&type, bytes, 4);
    type &= 0x7F; // glibc's flag bits above the type
    return type == kRecursive || type == kErrorCheck ? type : kNormal;
}

} // namespace weft::interpreter
