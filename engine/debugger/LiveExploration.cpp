// SPDX-License-Identifier: MIT
#include "engine/debugger/LiveExploration.hpp"

#include "engine/debugger/ObservedExecutor.hpp"
#include "engine/debugger/ParallelSnapshots.hpp"
#include "engine/debugger/SectionRounds.hpp"
#include "engine/debugger/SnapshotBuilder.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/explorer/ParallelExplorer.hpp"

#include <algorithm>
#include <exception>
#include <optional>
#include <vector>

namespace weft::debugger {

namespace {

/// One round with several jobs: one observed executor per worker, their snapshots merged (`merged`).
ExplorationResult exploreInParallel(const LoadedProgram &program, SectionRounds::Round &round,
                                    const LiveExploration::Settings &settings, const LiveExploration::Publish &publish,
                                    PauseControl &pause, std::optional<ParallelSnapshots> &merged,
                                    std::vector<std::unique_ptr<ObservedExecutor>> &executors,
                                    std::optional<ParallelExplorer> &parallel, std::atomic<std::uint64_t> &items) {
    merged.emplace(settings.run, program.program, publish, settings.interval, round.number(),
                   round.explorationOptions().skipStep);
    parallel.emplace(
        [&](unsigned) {
            executors.push_back(std::make_unique<ObservedExecutor>(program.program, round.interpreterOptions()));
            ObservedExecutor &worker = *executors.back();
            return ParallelExplorer::Worker{&worker, round.watchWorker(worker.machine(), merged->addWorker(worker))};
        },
        round.explorationOptions());
    for (unsigned i = 0; i < parallel->jobs(); ++i)
        merged->attach(i, parallel->workerUnfolding(i));
    merged->start();
    ExplorationResult result = parallel->run(round.stopToken(), &pause);
    items = parallel->figures().items;
    return result;
}

} // namespace

LiveExploration::LiveExploration(std::shared_ptr<const LoadedProgram> program, Settings settings, Publish publish)
    : m_program(std::move(program)), m_publish(std::move(publish)),
      m_worker([this, settings = std::move(settings)](std::stop_token stop) { explore(stop, settings); }) {}

LiveExploration::~LiveExploration() {
    m_worker.request_stop();
    wait();
}

void LiveExploration::wait() {
    if (m_worker.joinable())
        m_worker.join();
}

unsigned LiveExploration::jobsFor(const ExplorationOptions &options) {
    // As `weft explore` (README.md, --jobs): one job where the result would depend on which worker ran what.
    if (options.stopOnFirstDefect || options.stopOnDefectKinds != 0 || options.maxExecutions != 0)
        return 1;
    return std::max(1u, options.jobs);
}

void LiveExploration::explore(std::stop_token stop, Settings settings) {
    // The builder lives outside the guarded block: what it gathered is still published on a failure.
    // Each round of SectionRounds explores anew (its own unfolding, its own snapshots: a new round
    // restarts the views); the last round's is the exploration.
    std::optional<SnapshotBuilder> builder;
    std::optional<ObservedExecutor> executor;
    std::optional<Explorer> explorer;
    // Several jobs (engine/explorer/README.md, "Live views with several jobs"): one executor per worker, their
    // snapshots merged.
    std::optional<ParallelSnapshots> merged;
    std::vector<std::unique_ptr<ObservedExecutor>> executors;
    std::optional<ParallelExplorer> parallel;
    settings.exploration.jobs = jobsFor(settings.exploration);
    std::string failure;
    try {
        SectionRounds rounds(settings.interpreter, settings.exploration);
        const ExplorationResult result = rounds.run(
            [&](SectionRounds::Round &round) {
                builder.reset();
                explorer.reset();
                executor.reset();
                parallel.reset();
                merged.reset();
                executors.clear();
                if (round.explorationOptions().jobs > 1)
                    return exploreInParallel(*m_program, round, settings, m_publish, m_pause, merged, executors,
                                             parallel, m_parallelItems);
                executor.emplace(m_program->program, round.interpreterOptions());
                explorer.emplace(*executor, round.explorationOptions());
                builder.emplace(settings.run, explorer->unfolding(), *executor, m_program->program, m_publish,
                                settings.interval, round.number());
                explorer->setObserver(round.watch(executor->machine(), &*builder));
                builder->start();
                ExplorationResult r = explorer->run(round.stopToken(), &m_pause);
                explorer->setObserver(nullptr);
                return r;
            },
            stop);
        if (merged)
            merged->finish(result);
        else
            builder->finish(result);
        return;
    } catch (const std::exception &e) {
        failure = e.what();
    } catch (...) {
        failure = "unknown exception";
    }
    // Weft's own failure: reported as the run's end (InternalError), never as a cancellation.
    try {
        if (merged) {
            merged->fail(failure);
            return;
        }
        if (builder) {
            builder->fail(failure);
            return;
        }
    } catch (...) {
    }
    auto last = std::make_shared<ExplorationSnapshot>();
    last->run = settings.run;
    last->phase = ExplorationPhase::Finished;
    last->stopReason = StopReason::InternalError;
    last->diagnostics.push_back(Diagnostic::error("internal error: " + failure));
    m_publish(std::move(last));
}

} // namespace weft::debugger
