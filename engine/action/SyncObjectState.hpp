// SPDX-License-Identifier: MIT
// The state of one synchronisation object (mutex, semaphore, condition variable, barrier, read-write
// lock) and the
// semantics of the operations on it: when each is enabled and what it leaves behind. Shared by the
// machines (to decide who may run) and the unfolding (to place conflicting extensions). A value.
#pragma once

#include "engine/action/Action.hpp"

#include <vector>

namespace weft {

struct SyncObjectState {
    // Mutex; the writer of a read-write lock; the thread whose ProgramEnd ended the program
    ThreadId owner = kNoThread;
    // Read-write lock: the threads holding it for reading (sorted; a thread's nested read locks are
    // the machine's business, one entry here)
    std::vector<ThreadId> readers;
    // Semaphore
    std::int64_t count = 0;
    bool initialised = false; ///< sem_init / barrier_init seen
    // Condition variable: waiting threads in arrival order and signals not yet consumed. A signal
    // can wake any thread that was waiting when it was sent; a broadcast wakes every such thread.
    struct Waiter {
        ThreadId thread;
        std::uint32_t seq;
        bool broadcast; ///< woken by a broadcast
    };
    std::vector<Waiter> waiters;
    std::vector<std::uint32_t> signals; ///< seq of each pending signal
    std::uint32_t seq = 0;
    // Barrier
    std::int64_t parties = 0;
    std::int64_t arrived = 0;
    std::uint32_t round = 0;

    friend bool operator==(const SyncObjectState &, const SyncObjectState &) = default;

    /// Whether `action` (an object-tree operation on this object) can happen now.
    bool isEnabled(const Action &action) const;
    /// The state after `action` (which must be enabled).
    SyncObjectState after(const Action &action) const;
    /// For trylock / sem_trywait: whether it succeeds in this state.
    bool succeeds(const Action &action) const;
    /// For a barrier arrival: whether it completes the round.
    bool completesRound() const { return parties > 0 && arrived + 1 >= parties; }
};

} // namespace weft
