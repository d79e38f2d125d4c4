// SPDX-License-Identifier: MIT
// The replay's state as DAP shows it while the adapter is stopped: threads, stack frames, scopes and
// variables, each handed out under a small integer reference that is valid until the replay moves
// (the protocol's rule). Built lazily from debugger::inspectState, so a step costs nothing until the
// client asks for what it shows; variable names can be looked up for evaluate and breakpoint conditions.
#pragma once

#include "app/dap/Protocol.hpp"
#include "engine/debugger/ProgramState.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace weft::debugger {
class Replay;
}

namespace weft::dap {

/// DAP thread ids are positive: Weft's thread T<n> is DAP thread n + 1.
inline std::int64_t dapThreadId(ThreadId t) { return std::int64_t(t) + 1; }
inline ThreadId weftThreadId(std::int64_t id) { return id >= 1 && id <= 0xffffffffLL ? ThreadId(id - 1) : kNoThread; }

class StateReferences {
public:
    /// Forgets every reference (the replay moved, or another one was loaded).
    void invalidate();
    /// The state of `replay` now (computed on first use after invalidate()).
    const debugger::ProgramState &state(const debugger::Replay &replay);

    Json threads(const debugger::Replay &replay);
    Json stackTrace(const debugger::Replay &replay, ThreadId thread, std::int64_t startFrame, std::int64_t levels);
    Json scopes(const debugger::Replay &replay, std::int64_t frameId);
    Json variables(const debugger::Replay &replay, std::int64_t reference, std::int64_t start, std::int64_t count);
    /// A variable, field or element by a C-like path ("count", "node.next", "items[2]", "p->x"), in frame
    /// `frameId`'s locals (or, with no frame, the running thread's innermost frame), then the globals.
    Json evaluate(const debugger::Replay &replay, const std::string &expression, std::optional<std::int64_t> frameId);
    /// The value of `path` in `thread`'s innermost frame or the globals; nullptr if there is none.
    const debugger::VariableValue *lookUp(const debugger::Replay &replay, ThreadId thread, const std::string &path);

    /// "T1 (blocked: lock 'm')" as the threads list names it.
    static std::string threadName(const debugger::ThreadState &thread);

private:
    struct Container {
        const std::vector<debugger::VariableValue> *values = nullptr;
        std::uint64_t omitted = 0;
    };
    const debugger::FrameState *frame(const debugger::Replay &replay, std::int64_t frameId);
    std::int64_t frameIdOf(ThreadId thread, std::size_t index);
    std::int64_t referenceOf(const std::vector<debugger::VariableValue> &values, std::uint64_t omitted);
    Json variableJson(const debugger::VariableValue &value);
    const debugger::VariableValue *find(const std::vector<debugger::VariableValue> &scope, const std::string &path) const;

    std::optional<debugger::ProgramState> m_state;
    std::vector<std::pair<ThreadId, std::size_t>> m_frames; ///< frame id - 1 -> (thread, index from innermost)
    std::map<std::pair<ThreadId, std::size_t>, std::int64_t> m_frameIds;
    std::vector<Container> m_containers; ///< variables reference - 1 -> its values
    std::map<const void *, std::int64_t> m_containerIds;
};

} // namespace weft::dap
