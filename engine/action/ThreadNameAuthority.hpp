// SPDX-License-Identifier: MIT
// Where the thread ids of a distributed exploration come from: one table for the whole MPI job (rank 0's), so
// that a thread has the same id on every rank (work items and canonical event keys name threads by id).
// Set once per process; consulted by ThreadNaming (shared mode) for a thread it has not seen yet.
#pragma once

#include "engine/base/Ids.hpp"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace weft {

/// (parent, ordinal) of every id, indexed by id.
using ThreadTable = std::vector<std::pair<ThreadId, std::uint32_t>>;
/// Gives the job's table once it holds the `ordinal`-th thread created by `parent`.
using ThreadNameAuthority = std::function<ThreadTable(ThreadId parent, std::uint32_t ordinal)>;

/// From now on, SharedThreadNames in this process draw new ids from `authority` (empty: their own table).
void setThreadNameAuthority(ThreadNameAuthority authority);

} // namespace weft
