// SPDX-License-Identifier: MIT
// What `weft dap` does for each request (docs/dap.md): launch compiles the program and explores it on
// a worker (debugger::LiveExploration) with progress events; at the first defect (or, if there is
// none, at the first execution once the exploration ends) it loads that interleaving into a
// debugger::Replay and reports `stopped`. Stepping, breakpoints, threads, frames and variables then
// work on the replay as the desktop debugger's do; custom requests list the executions, load one,
// show the alternatives at a step, explore with an event and export the event structure. Runs on the
// server's loop thread only; the worker reaches it through Client::post.
#pragma once

#include "app/dap/Breakpoints.hpp"
#include "app/dap/Protocol.hpp"
#include "app/dap/StateReferences.hpp"
#include "engine/base/DefectKind.hpp"
#include "engine/debugger/LiveExploration.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace weft::debugger {
class Replay;
}

namespace weft::dap {

class Client;

class DebugSession {
public:
    /// A handled request: the response body, then what to do once the response is sent (events), and
    /// whether the session is over (disconnect).
    struct Outcome {
        Json body = Json::object();
        std::function<void()> after;
        bool endSession = false;
    };

    explicit DebugSession(Client &client);
    ~DebugSession();

    /// Handles one request; throws RequestError for anything the client must be told is wrong.
    Outcome handle(const std::string &command, const Arguments &args);
    /// Cancels the exploration and waits for its worker (the server is about to return).
    void shutDown();

private:
    using Handler = Outcome (DebugSession::*)(const Arguments &);
    static const std::map<std::string, Handler> &handlers();

    // Lifecycle (DebugSession.cpp)
    Outcome initialize(const Arguments &args);
    Outcome launch(const Arguments &args);
    Outcome attach(const Arguments &args);
    Outcome configurationDone(const Arguments &args);
    Outcome setBreakpoints(const Arguments &args);
    Outcome setExceptionBreakpoints(const Arguments &args);
    Outcome cancel(const Arguments &args);
    Outcome pause(const Arguments &args);
    Outcome terminate(const Arguments &args);
    Outcome disconnect(const Arguments &args);
    Outcome source(const Arguments &args);
    // State (DebugSessionState.cpp)
    Outcome threads(const Arguments &args);
    Outcome stackTrace(const Arguments &args);
    Outcome scopes(const Arguments &args);
    Outcome variables(const Arguments &args);
    Outcome evaluate(const Arguments &args);
    Outcome exceptionInfo(const Arguments &args);
    // Moving through the interleaving (DebugSessionStepping.cpp)
    Outcome next(const Arguments &args);
    Outcome stepIn(const Arguments &args);
    Outcome stepOut(const Arguments &args);
    Outcome stepBack(const Arguments &args);
    Outcome continueRequest(const Arguments &args);
    Outcome reverseContinue(const Arguments &args);
    // Weft's own requests (WeftRequests.cpp)
    Outcome executions(const Arguments &args);
    Outcome selectExecution(const Arguments &args);
    Outcome alternatives(const Arguments &args);
    Outcome exploreWith(const Arguments &args);
    Outcome eventStructure(const Arguments &args);

    /// The exploration's worker published `snapshot` (called on the loop thread).
    void takeSnapshot();
    /// Stops at the first defect (or the first execution) once configured and it is known.
    void stopIfReady();
    void reportProgress(bool final);
    /// Loads an interleaving: `events` are its unfolding events in trace order when known.
    void load(const Schedule &schedule, std::vector<EventId> events, std::uint64_t execution);
    /// The replay moved: refresh references, send new output, and report `stopped`.
    void stopped(const std::string &reason, const std::string &description = {}, const std::string &text = {});
    /// Reason and description of a stop at the end of the interleaving.
    void stoppedAtEnd();
    /// The kind of defect the interleaving of `replay` ends in (meaningful when it ends in one).
    static DefectKind endDefectKind(const debugger::Replay &replay);
    /// The thread the client should focus on now.
    ThreadId focusThread() const;
    debugger::Replay &replay(); ///< throws kOutOfOrder when nothing is loaded
    const ExplorationSnapshot &snapshot() const; ///< throws kOutOfOrder before the first snapshot
    bool defectStops(DefectKind kind) const;
    /// The breakpoint `thread` stands on now, if it holds there.
    bool onBreakpoint(ThreadId thread);
    /// Walks forward (true) or back to the next breakpoint or the end (start); returns the stop reason.
    std::string run(bool forward);

    Client &m_client;
    bool m_initialized = false;
    bool m_launched = false;
    bool m_configured = false;
    bool m_progressReporting = false;
    bool m_stopOnEntry = false;
    bool m_noDebug = false; ///< "Run Without Debugging": explore, report, end; no stop
    std::string m_programPath;
    std::shared_ptr<const debugger::LoadedProgram> m_program;
    debugger::LiveExploration::Settings m_settings;
    std::unique_ptr<debugger::LiveExploration> m_exploration;

    std::mutex m_pendingMutex;
    debugger::SnapshotPtr m_pending; ///< written by the worker, taken on the loop thread
    debugger::SnapshotPtr m_snapshot;
    bool m_finished = false;
    bool m_progressStarted = false;
    std::chrono::steady_clock::time_point m_lastProgress;

    bool m_hasStopped = false;   ///< the first stop happened
    bool m_pauseRequested = false;
    std::unique_ptr<debugger::Replay> m_replay;
    std::vector<EventId> m_events; ///< the loaded interleaving's events in trace order (a prefix, or empty)
    std::uint64_t m_execution = 0; ///< the loaded execution's number (0: a run chosen by weft/exploreWith)
    std::size_t m_outputSent = 0;  ///< how much of the loaded interleaving's output was sent
    StateReferences m_refs;
    Breakpoints m_breakpoints;
    std::set<std::string> m_defectFilters; ///< defect kinds that stop (exception breakpoint filters)
};

} // namespace weft::dap
