// SPDX-License-Identifier: MIT
// Steps one chosen interleaving of the loaded program (docs/architecture.md, "Threads of the tool"): by
// visible event, forwards and back (back = re-execution from the nearest of a bounded set of state
// checkpoints), and by source line inside the thread that runs (Interpreter::performAction + runLocal
// pausing on a new line). Runs on the client's thread (the GUI's, the DAP server's): the interpreter is
// fast and the traces are what a person reads. Not thread-safe.
#pragma once

#include "engine/debugger/TracedExecution.hpp"
#include "engine/execution/Schedule.hpp"
#include "engine/interpreter/Interpreter.hpp"
#include "engine/interpreter/StateCheckpoints.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace weft::debugger {

class Replay {
public:
    /// Replays `schedule` of `program` (which must outlive the replay) and stands before its first event.
    /// With `progress` (a worker thread loading a long execution), reports the events traced; once a
    /// stop is requested the trace is cut where it stood (the caller discards such a replay).
    Replay(const program::Program &program, const Schedule &schedule,
           const interpreter::InterpreterOptions &options = {}, const ReplayProgress *progress = nullptr);
    ~Replay();
    Replay(const Replay &) = delete;
    Replay &operator=(const Replay &) = delete;

    /// The whole interleaving: every visible event with its thread's source spot and object name.
    const debugger::TracedExecution &trace() const { return m_trace; }
    std::size_t eventCount() const { return m_trace.steps.size(); }
    /// Events performed so far (0 = before the first one, eventCount() = at the end).
    std::size_t position() const { return m_position; }
    /// True while the running thread is between two lines of its local code (after F11).
    bool isInsideLocalCode() const { return m_inside; }
    bool atEnd() const { return m_position == eventCount() && !m_inside; }
    /// The thread that performs the next event (or is running its local code); kNoThread at the end.
    ThreadId runningThread() const;
    /// The execution's defect once the replay reached its end (deadlock, assertion, ...), else "".
    std::string endMessage() const;
    /// Where the defect was raised (line 0: none or unknown); meaningful at the end.
    program::SourceSpot faultSpot() const { return m_trace.faultSpot; }
    bool endsInDefect() const;
    /// At the end of an execution stopped by a fault (assertion, abort, invalid unlock, ...), the thread
    /// that raised it; else kNoThread (also for deadlocks: every waiting thread is blocked).
    ThreadId faultedThread() const;

    /// The machine as it stands now (state, call stacks, object names); read it, do not drive it.
    const interpreter::Interpreter &machine() const { return *m_machine; }
    const program::Program &program() const { return m_program; }
    /// `t`'s next visible action and whether it is enabled now (nullopt once it exited).
    std::optional<PendingAction> pendingOf(ThreadId t) const { return m_machine->pending(t); }
    /// "lock 'm'", "create T2", ... as the trace names the action.
    std::string describe(const Action &action) const;

    /// Performs the next event (finishing the running thread's local code first). False at the end.
    bool stepEvent();
    /// Goes back one event (or to the start of the current one from inside local code). False at 0.
    bool stepBack();
    /// Runs the running thread to its next source line (performing the next event if it stands on
    /// one); it ends on the thread's next event when its local code has no other line. False at the end.
    bool stepLine();
    /// Stands before event `position` (0..eventCount()): costs the events between the machine and
    /// `position` (forwards), or those from the nearest checkpoint before it (backwards).
    void runTo(std::size_t position);
    /// The same on a worker thread: reports the events performed and stops where it stands once a stop
    /// is requested (false then; position() says where).
    bool runTo(std::size_t position, const ReplayProgress &progress);
    /// Stands where the report (a data race) raised while performing event `position` - 1 and the local
    /// code after it was found: inside that thread's code, just after the access that raised it. False
    /// (standing before `position`) when nothing is reported there.
    bool runToReport(std::size_t position);
    void restart() { runTo(0); }
    void runToEnd() { runTo(eventCount()); }
    /// The states kept for going back (how many, their bytes), for tests and benchmarks.
    const interpreter::StateCheckpoints &checkpoints() const { return m_checkpoints; }

private:
    /// Stands before event `position`: runs forwards from where the machine is, or from the nearest
    /// checkpoint before `position` when that is behind.
    bool standAt(std::size_t position, const ReplayProgress *progress = nullptr);

    const program::Program &m_program;
    interpreter::InterpreterOptions m_options;
    debugger::TracedExecution m_trace;
    ThreadNaming m_naming;
    std::unique_ptr<interpreter::Interpreter> m_machine;
    interpreter::StateCheckpoints m_checkpoints;
    /// Outside local code, the machine stands before event m_machineAt (m_position after standAt).
    std::size_t m_machineAt = 0;
    /// Inside local code (after F11), the state before event m_position: going back or finishing
    /// the event starts from it.
    interpreter::InterpreterState m_beforeInside;
    std::size_t m_position = 0;
    bool m_inside = false;
};

} // namespace weft::debugger
