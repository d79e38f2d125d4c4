// SPDX-License-Identifier: MIT
// Conflicting extensions cex(C) of a configuration (spec/qpor.md §3.10), including the
// blocked-acquisition extension of §3.10.4. Adds the events to the unfolding (create-or-retrieve).
#pragma once

#include "engine/unfolding/Configuration.hpp"

#include <span>

namespace weft {

/// A thread that ended the execution waiting for `mutex`, which another thread holds.
struct BlockedAcquisition {
    ThreadId thread = kNoThread;
    ObjectId mutex = 0;
};

/// Adds cex(C) (every earlier position at which each acquisition of C could have happened) and, for
/// each blocked acquisition, the positions at which it could have won the mutex. Returns how many
/// new events were created.
std::size_t addConflictingExtensions(Unfolding &u, const Configuration &c,
                                     std::span<const BlockedAcquisition> blocked = {});

} // namespace weft
