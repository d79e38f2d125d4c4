// SPDX-License-Identifier: MIT
// Mutex types (normal, recursive, error-checking) as glibc lays them out, so static initialisers
// such as PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP work: the type is the int at offset 16 of the mutex.
// Weft's own pthread_mutexattr_t holds the type in its first int. pthread_mutex_destroy sets that int
// to -1, as glibc does, so pthread_mutex_init and an initialiser store both undo it.
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

/// glibc's mark of a destroyed mutex: the type int is -1 (no valid type has its high bits).
constexpr std::uint32_t kDestroyedMutexKind = 0xFFFFFFFFu;

/// Whether the mutex at m was destroyed and not initialised again since (false if m is unreadable).
inline bool isDestroyedMutex(const InterpreterState &state, std::uint64_t m) {
    MemoryFault fault;
    const std::uint8_t *bytes = state.memory.read(m + kMutexKindOffset, 4, 4, fault);
    std::uint32_t kind = 0;
    if (bytes)
        std::memcpy(&kind, bytes, 4);
    return kind == kDestroyedMutexKind;
}

/// After a use of the destroyed mutex at m was reported: a normal mutex again.
inline void clearDestroyedMutex(InterpreterState &state, std::uint64_t m) {
    MemoryFault fault;
    if (std::uint8_t *bytes = state.memory.write(m + kMutexKindOffset, 4, 4, fault))
        std::memset(bytes, 0, 4);
}

/// Marks the mutex at m destroyed (pthread_mutex_destroy).
inline void markDestroyedMutex(InterpreterState &state, std::uint64_t m) {
    MemoryFault fault;
    if (std::uint8_t *bytes = state.memory.write(m + kMutexKindOffset, 4, 4, fault))
        std::memcpy(bytes, &kDestroyedMutexKind, 4);
    ++state.mutexDestroys;
}

} // namespace weft::interpreter
