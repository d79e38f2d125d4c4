// SPDX-License-Identifier: MIT
// pthread_mutex_init performed (the thread's own step, never an event) and checked against the other
// threads' use of the mutex, and a mutex used before any initialisation (engine/unfolding/README.md,
// "Mutex initialisation"). A mutex with an entry in InterpreterState::objects was used since its last
// initialisation; an init that another thread may race with is kept in InterpreterState::racyInits.
#pragma once

#include "engine/interpreter/pthread/MutexType.hpp"

#include <algorithm>
#include <optional>
#include <string>

namespace weft::interpreter {

/// sizeof(pthread_mutex_t) on x86_64 glibc.
constexpr std::uint64_t kMutexBytes = 40;

enum class MutexInitOutcome : std::uint8_t {
    Initialised, ///< fresh, destroyed, or initialised and not used since
    AfterUse,    ///< initialised (undefined behaviour: a use came first, or a second initialisation)
    WhileLocked, ///< not initialised: a thread holds it (undefined behaviour; EBUSY)
};

/// pthread_mutex_init(m) with type `type` (m writable): the bytes as glibc writes them, the mutex
/// unused again, and `stamp` (if any) for the uses that follow (InterpreterState::racyInits).
inline MutexInitOutcome initialiseMutex(InterpreterState &state, std::uint64_t m, std::uint32_t type,
                                        std::optional<MutexInitStamp> stamp) {
    const auto it = state.objects.find(m);
    if (it != state.objects.end() && it->second.owner != kNoThread)
        return MutexInitOutcome::WhileLocked;
    // Destroyed since its last use: the mark says so (an initialiser store clears it, and is a use).
    const bool used = it != state.objects.end() && !(state.mutexDestroys > 0 && isDestroyedMutex(state, m));
    MemoryFault fault;
    if (std::uint8_t *bytes = state.memory.write(m, kMutexBytes, 8, fault)) {
        std::memset(bytes, 0, kMutexBytes);
        std::memcpy(bytes + kMutexKindOffset, &type, 4);
    }
    if (it != state.objects.end())
        state.objects.erase(it);
    std::erase_if(state.racyInits, [m](const auto &init) { return init.first == m; });
    if (stamp)
        state.racyInits.emplace_back(m, *stamp);
    return used ? MutexInitOutcome::AfterUse : MutexInitOutcome::Initialised;
}

/// What makes the reports about one pthread_mutex_init call site (at `site`, formatted) one defect.
inline std::string mutexInitIdentity(const std::string &site) { return "pthread_mutex_init at " + site; }

/// The init of the mutex at m that a use must come after, if another thread may race with it.
inline const MutexInitStamp *racyInit(const InterpreterState &state, std::uint64_t m) {
    for (const auto &[mutex, stamp] : state.racyInits)
        if (mutex == m)
            return &stamp;
    return nullptr;
}

/// Whether the mutex at m was never written (a local or malloc'd block no initialisation reached, under
/// --uninit report): glibc would read garbage. A zero-filled global or calloc'd block is initialised.
inline bool isUninitialisedMutex(const InterpreterState &state, std::uint64_t m) {
    return program::decodePointer(m).owner != program::kGlobalOwner &&
           state.memory.shadowOf(m + kMutexKindOffset, 4).bits != 0;
}

} // namespace weft::interpreter
