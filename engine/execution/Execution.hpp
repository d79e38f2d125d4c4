// SPDX-License-Identifier: MIT
// The record of one run of the program under a Schedule: its stream of visible actions and how it ended.
#pragma once

#include "engine/action/Action.hpp"
#include "engine/execution/Machine.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace weft {

enum class ExecutionEnd : std::uint8_t {
    Finished,     ///< every thread exited
    Deadlock,     ///< no thread can move and some have not exited
    SleepBlocked, ///< only sleeping threads could move (a redundant execution, SSB)
    Fault,        ///< the program raised a defect (assertion, abort, invalid unlock, ...)
    Diverged,     ///< the replay asked a thread that cannot run: the program is not deterministic
    LimitReached, ///< too many actions or threads in one execution
    /// No thread can move and some thread's assumption failed (it waits forever, ActionKind::
    /// AssumeBlocked): an infeasible run, counted apart, never a deadlock (threads waiting for it
    /// are cut off by the assumption too).
    AssumeBlocked,
    Interrupted,  ///< cancelled, out of time or out of memory in the middle (Interrupt): not a run
};

/// A thread whose pending action is disabled when the execution ends.
struct BlockedThread {
    ThreadId thread = kNoThread;
    Action pending;
};

struct Execution {
    std::vector<Action> actions;
    ExecutionEnd end = ExecutionEnd::Finished;
    /// Set for Fault, Deadlock, Diverged and LimitReached: what went wrong, in words.
    std::optional<ProgramFault> fault;
    std::vector<BlockedThread> blocked;
    /// Defects that did not end the execution, each with the number of actions performed when it
    /// was found (the length of the schedule prefix that reproduces it).
    std::vector<std::pair<std::size_t, ProgramFault>> reports;
    /// Machine::takeWarnings after this execution.
    std::vector<std::string> warnings;
    /// Set when an end ran at a bound while other threads could still move (past the action bound, or
    /// ExecutionLimits::maxActionsAfterEnd): the bound, in words. The run is cut though it ended in its fault.
    std::optional<std::string> cutAt;
};

/// Bounds that keep one execution finite whatever the program does.
struct ExecutionLimits {
    std::size_t maxActions = std::size_t{1} << 22;
    std::size_t maxThreads = 4096;
    /// Once a thread has reached its end (a fault, exit()), the actions the others may still take before it ends
    /// the program (engine/unfolding/README.md, "Program ends"): a thread that loops forever would otherwise
    /// keep every failing run going to maxActions.
    std::size_t maxActionsAfterEnd = std::size_t{1} << 16;
};

} // namespace weft
