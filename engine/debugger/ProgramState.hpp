// SPDX-License-Identifier: MIT
// What a debugger shows of a replayed program at one step (the threads, variables and console panes,
// a DAP client's threads, stack and variables): each thread's status and call stack with its frames'
// locals, the globals and the output. A value built by inspectState (StateInspector.hpp).
#pragma once

#include "engine/action/Action.hpp"
#include "engine/base/Ids.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace weft::debugger {

/// A C variable, or a field or element of one: name ("count", "[2]" for parts), C type and its value
/// as text ("42", "'a' (97)", "→ 'x'", "locked by T1"; a struct or array: a summary of its parts,
/// "{count = 2, next = NULL}", "{1, 2, 3, …}").
struct VariableValue {
    std::string name;
    std::string type;
    std::string value;
    std::vector<VariableValue> children; ///< fields of a struct or union, elements of an array (the first ones)
    std::uint64_t omitted = 0;           ///< parts not in `children` (elements past the shown ones)
};

struct FrameState {
    std::string function;
    std::string file;      ///< file name of the spot ("" if unknown)
    std::uint32_t line = 0;
    std::vector<VariableValue> locals; ///< the variables in scope at the frame's instruction
};

enum class ThreadStatus : std::uint8_t {
    Running,  ///< performs the next event (or runs its local code: `pending` is then "")
    Ready,    ///< could perform its pending action
    Blocked,  ///< its pending action is not enabled (lock held, join of a live thread, ...)
    Finished, ///< exited
    Stopped,  ///< raised the defect that ended the execution (`pending`: the defect's message)
};

/// A thread's next action as data, for clients that word it in their own language.
struct NextAction {
    ActionKind kind = ActionKind::ThreadStart;
    std::string object; ///< as the trace names it ("'m'", "T2")
    std::int64_t value = 0;
    bool enabled = false;
};

struct ThreadState {
    ThreadId id = kNoThread;
    ThreadStatus status = ThreadStatus::Ready;
    std::string pending;             ///< its next action in words ("lock 'm'"), "" once finished or inside its code
    /// The same as data when `pending` is an action (not inside its code, not a Stopped thread's message).
    std::optional<NextAction> next;
    std::vector<FrameState> frames;  ///< innermost first
    /// Its own copies of _Thread_local / __thread variables, made when it first used each (main
    /// uses the variables themselves: they are in ProgramState::globals).
    std::vector<VariableValue> threadLocals;
};

struct ProgramState {
    std::vector<ThreadState> threads; ///< in creation order
    std::vector<VariableValue> globals; ///< thread-local ones: main's copy
    std::string output;

    const ThreadState *thread(ThreadId id) const {
        for (const ThreadState &t : threads)
            if (t.id == id)
                return &t;
        return nullptr;
    }
};

} // namespace weft::debugger
