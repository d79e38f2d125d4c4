// SPDX-License-Identifier: MIT
// One exploration of a loaded program running on its own worker thread, for interactive clients (the
// desktop app, `weft dap`): it publishes immutable ExplorationSnapshots (SnapshotBuilder) to a callback
// on the worker, can be paused, resumed and cancelled from any thread, and always ends with a Finished
// snapshot: the explorer's result, or StopReason::InternalError if Weft itself failed. With several jobs it
// runs a ParallelExplorer and merges its workers' events and executions into one display (ParallelSnapshots;
// engine/explorer/README.md, "Live views with several jobs"). Qt-free.
#pragma once

#include "engine/debugger/ProgramLoader.hpp"
#include "engine/explorer/ExplorationOptions.hpp"
#include "engine/explorer/PauseControl.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"
#include "engine/results/ExplorationSnapshot.hpp"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>

namespace weft::debugger {

using SnapshotPtr = std::shared_ptr<const ExplorationSnapshot>;

class LiveExploration {
public:
    using Publish = std::function<void(SnapshotPtr)>;

    struct Settings {
        ExplorationOptions exploration; ///< `jobs` > 1: several workers (see jobsFor)
        interpreter::InterpreterOptions interpreter;
        std::uint64_t run = 0; ///< ExplorationSnapshot::run of every snapshot
        std::chrono::steady_clock::duration interval = std::chrono::milliseconds(50); ///< between two snapshots
    };

    /// Starts exploring `program` at once. `publish` runs on the worker thread and must be quick.
    LiveExploration(std::shared_ptr<const LoadedProgram> program, Settings settings, Publish publish);
    /// Cancels and waits for the worker.
    ~LiveExploration();
    LiveExploration(const LiveExploration &) = delete;
    LiveExploration &operator=(const LiveExploration &) = delete;

    /// The exploration stops after its current execution (a Paused snapshot) until resume() or cancel().
    void pause() { m_pause.pause(); }
    void resume() { m_pause.resume(); }
    bool isPaused() const { return m_pause.isPaused(); }
    /// Paused and holding still: the worker waits between two executions (its Paused snapshot is out); with
    /// several jobs, every worker waits there, has no work or is done.
    bool isHeld() const { return m_pause.isHolding(); }
    /// Stops soon (between two executions), keeping what was found; the last snapshot says Cancelled.
    void cancel() { m_worker.request_stop(); }
    /// Blocks until the worker has published its last snapshot and returned.
    void wait();

    /// The jobs an exploration with `options` runs: options.jobs, but one where the result would depend on
    /// which worker ran what (a stop on a defect, an execution bound), as `weft explore` does.
    static unsigned jobsFor(const ExplorationOptions &options);
    /// The subtrees the last round's workers explored (several jobs; 0 with one), for tests: > 1 when the work
    /// was split.
    std::uint64_t parallelItems() const { return m_parallelItems; }

private:
    void explore(std::stop_token stop, Settings settings);

    std::shared_ptr<const LoadedProgram> m_program;
    Publish m_publish;
    PauseControl m_pause;
    std::atomic<std::uint64_t> m_parallelItems = 0;
    std::jthread m_worker; ///< last member: started last, joined first
};

} // namespace weft::debugger
