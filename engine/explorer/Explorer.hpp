// SPDX-License-Identifier: MIT
// The run-to-completion exploration loop (docs/algorithms.md, "Run-to-completion loop"): run the program
// under a replay, turn its actions into events along the trail, add cex of the final configuration, then
// backtrack until Alt yields a clue. Runs on one thread; cancel it from any thread through the stop_token,
// pause it through a PauseControl (it waits between two executions).
#pragma once

#include "engine/execution/Executor.hpp"
#include "engine/execution/Interrupt.hpp"
#include "engine/explorer/Alternatives.hpp"
#include "engine/explorer/ExplorationObserver.hpp"
#include "engine/explorer/ExplorationOptions.hpp"
#include "engine/explorer/PauseControl.hpp"
#include "engine/results/ExplorationResult.hpp"

#include <span>
#include <stop_token>

namespace weft {

class Explorer {
public:
    Explorer(Executor &executor, ExplorationOptions options);

    void setObserver(ExplorationObserver *observer) { m_observer = observer; }

    /// Explores until done, cancelled or bounded; the result keeps everything found so far. While
    /// `pause` (if given) is paused, the run waits after its current execution.
    ExplorationResult run(std::stop_token stop = {}, PauseControl *pause = nullptr);

    /// The event structure explored so far (read it only when run() is not executing).
    const Unfolding &unfolding() const { return m_unfolding; }
    const AlternativeStatistics &alternativeStatistics() const { return m_alternatives.statistics(); }

private:
    struct Conversion {
        bool sleepBlocked = false;
        bool diverged = false;
        bool interrupted = false; ///< m_interrupt fired: the trail holds a prefix of the execution
        std::string divergence;
    };
    Conversion convert(const Execution &execution);
    EventId eventFor(const Action &action);
    EventId roundCompletion(EventId arrival) const;
    void pushTrail(EventId e);
    /// The loop of run(): execute, convert, extend, backtrack, until done or interrupted.
    void explore(ExplorationResult &result);
    /// Pops the trail to the next clue; false when none is left or m_interrupt fired meanwhile.
    bool backtrack(std::optional<Configuration> &clue);
    Schedule buildReplay(const Configuration &clue) const;
    /// Adds `fault` to the defects (or counts it again); `actions` replay the execution up to it.
    void recordDefect(const ProgramFault &fault, std::span<const Action> actions, ExplorationResult &result);
    /// Waits while paused (telling the observer); a stop request ends the wait.
    void waitWhilePaused();

    Executor &m_executor;
    ExplorationOptions m_options;
    Unfolding m_unfolding;
    Alternatives m_alternatives;
    Configuration m_config{true};
    Disset m_disset;
    std::vector<EventId> m_trail;
    std::vector<std::uint32_t> m_switches; // context switches within trail[0..i]
    std::vector<std::uint32_t> m_trailIndex; // event -> its position on the trail (while on it)
    Interrupt *m_interrupt = nullptr;      // the running run()'s; polled while backtracking
    PauseControl *m_pause = nullptr;       // the running run()'s, if any
    std::stop_token m_stop;                // the running run()'s
    bool m_cutWarned = false;              // a cut (LimitReached) execution has been reported
    ExplorationObserver *m_observer = nullptr;
};

} // namespace weft
