// SPDX-License-Identifier: MIT
// A bug of the program under test, found in some execution, with the schedule that replays it.
#pragma once

#include "engine/action/Action.hpp"
#include "engine/base/DefectKind.hpp"
#include "engine/execution/Schedule.hpp"

#include <string>
#include <vector>

namespace weft {

struct Defect {
    DefectKind kind = DefectKind::AssertionFailure;
    ThreadId thread = kNoThread; ///< the faulting thread (kNoThread for deadlocks)
    std::string message;
    std::string identity;        ///< ProgramFault::identity: defects are the same when kind and this match
    std::string location;        ///< ProgramFault::location, when known ("file:line:column")
    Schedule schedule;           ///< replays the execution up to the defect
    std::vector<Action> trace;   ///< the visible actions of that execution
    std::uint64_t execution = 0; ///< 1-based number of the execution that first showed it
    std::uint64_t occurrences = 1; ///< executions that ended with the same kind and message
    /// Parallel runs (engine/explorer/PathCode.hpp): the path code of the execution in the exploration tree, and the
    /// defect's place among that execution's reports; the DFS-earliest occurrence is kept, as one job keeps its first.
    std::vector<std::uint32_t> path;
    std::uint32_t reportOrder = 0;
};

} // namespace weft
