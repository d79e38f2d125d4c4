// SPDX-License-Identifier: MIT
// Small value identities shared by every engine layer: threads, events, synchronisation objects.
// Vocabulary only; no behaviour.
#pragma once

#include <cstdint>
#include <limits>

namespace weft {

/// A thread of the program under test. Ids are stable across executions (see ThreadNaming):
/// 0 is main, the others are numbered in the order the exploration first meets them.
using ThreadId = std::uint32_t;
inline constexpr ThreadId kNoThread = std::numeric_limits<ThreadId>::max();

/// An event of the unfolding (index into the Unfolding's arena).
using EventId = std::uint32_t;
inline constexpr EventId kNoEvent = std::numeric_limits<EventId>::max();

/// A synchronisation object as the program names it (a mutex address, a model program's mutex number).
using ObjectId = std::uint64_t;

} // namespace weft
