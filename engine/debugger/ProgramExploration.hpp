// SPDX-License-Identifier: MIT
// Explores a lowered program with the interpreter, on the caller's thread (the command-line tools), or with
// `jobs` worker threads, each with its own interpreter (ParallelExplorer). Under the sc model it runs the
// rounds that learn what atomic sections touch (SectionRounds).
#pragma once

#include "engine/debugger/SectionRounds.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/DistributedExplorer.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/explorer/ParallelExplorer.hpp"
#include "engine/interpreter/Interpreter.hpp"

#include <memory>
#include <stop_token>

namespace weft::debugger {

class ProgramExploration {
public:
    /// `program` must outlive this object.
    ProgramExploration(const program::Program &program, interpreter::InterpreterOptions interpreterOptions,
                       ExplorationOptions options);

    /// With several jobs, the observer is called from every worker's thread (it must be thread-safe), with
    /// event ids of that worker's unfolding.
    void setObserver(ExplorationObserver *observer) { m_observer = observer; }
    /// Explore as this rank of an MPI job (DistributedExplorer; null: in this process). `session` must outlive
    /// run(); rank 0's result is the job's, the other ranks' their own share.
    void distributeOver(const MpiSession *session) { m_session = session; }
    /// The last round's result; the timeout and the execution bound cover all rounds together.
    ExplorationResult run(std::stop_token stop = {});

    /// The last round's event structure (one job only: parallel workers have one each).
    const Unfolding &unfolding() const { return m_explorer->unfolding(); }
    /// The options of the last round (with the section objects found: replays need no more).
    const interpreter::InterpreterOptions &interpreterOptions() const { return m_rounds.interpreterOptions(); }
    /// The last round's interpreter (with several jobs, the first worker's).
    const interpreter::Interpreter &machine() const { return *m_machines.front(); }
    /// The last round's interpreters: one, or one per worker with several jobs.
    const std::vector<std::unique_ptr<interpreter::Interpreter>> &machines() const { return m_machines; }
    /// How the last round's work was split over the ranks (rank 0 of a distributed run).
    DistributedExplorer::Figures distributedFigures() const {
        return m_distributed ? m_distributed->figures() : DistributedExplorer::Figures{};
    }
    /// How the last round's work was split (several jobs).
    ParallelExplorer::Figures parallelFigures() const {
        return m_parallel ? m_parallel->figures() : ParallelExplorer::Figures{};
    }
    /// How many explorations run() needed (1 without atomic sections under sc).
    unsigned rounds() const { return m_rounds.rounds(); }

private:
    const program::Program &m_program;
    SectionRounds m_rounds;
    ExplorationObserver *m_observer = nullptr;
    std::vector<std::unique_ptr<interpreter::Interpreter>> m_machines; // one per job
    std::vector<std::unique_ptr<ScheduledExecutor>> m_executors;
    std::unique_ptr<Explorer> m_explorer;          // one job
    std::unique_ptr<ParallelExplorer> m_parallel;  // several
    const MpiSession *m_session = nullptr;
    std::unique_ptr<DistributedExplorer> m_distributed; // one per MPI rank
};

} // namespace weft::debugger
