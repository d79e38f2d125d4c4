// SPDX-License-Identifier: MIT
// Conflicting extensions cex(C) of a configuration (docs/algorithms.md, "Conflicting extensions"), including
// the blocked-acquisition extension of docs/algorithms.md, "Conflicting extensions", generalised from mutexes
// to every synchronisation object: an operation can move to any earlier place in its object's chain where it
// was enabled.
#pragma once

#include "engine/unfolding/Configuration.hpp"

#include <functional>
#include <span>

namespace weft {

/// A thread that ended the execution waiting on an object operation (lock, sem_wait, cond_wake).
struct BlockedAcquisition {
    Action pending;
};

/// Adds cex(C) (every earlier position at which each object operation of C could have happened) and,
/// for each blocked operation, the positions at which it could have happened. Returns how many new
/// events were created. `extendedBefore(e)`, if given, says that an earlier call already added the
/// earlier positions of object operation e of C (then its chain below it is done too: those
/// positions depend only on e and the chain below it, so the walk stops there). `stopped`, if given,
/// is asked every 16 placements tried; once it says yes the walk returns at once, cex(C) incomplete (the
/// caller stops exploring: an execution of millions of reads has millions of placements).
std::size_t addConflictingExtensions(Unfolding &u, const Configuration &c,
                                     std::span<const BlockedAcquisition> blocked = {},
                                     const std::function<bool(EventId)> &extendedBefore = {},
                                     const std::function<bool()> &stopped = {});

} // namespace weft
