// SPDX-License-Identifier: MIT
#include "engine/debugger/ProgramExploration.hpp"

namespace weft::debugger {

ProgramExploration::ProgramExploration(const program::Program &program,
                                       interpreter::InterpreterOptions interpreterOptions, ExplorationOptions options)
    : m_program(program), m_rounds(std::move(interpreterOptions), options) {}

ExplorationResult ProgramExploration::run(std::stop_token stop) {
    return m_rounds.run(
        [this](SectionRounds::Round &round) {
            m_explorer.reset();
            m_parallel.reset();
            m_distributed.reset();
            m_executors.clear();
            m_machines.clear();
            auto addWorker = [&] {
                m_machines.push_back(std::make_unique<interpreter::Interpreter>(m_program, round.interpreterOptions()));
                m_executors.push_back(std::make_unique<ScheduledExecutor>(*m_machines.back()));
            };
            if (m_session) {
                addWorker();
                m_distributed =
                    std::make_unique<DistributedExplorer>(*m_executors.back(), round.explorationOptions(), *m_session);
                m_distributed->setObserver(round.watch(*m_machines.back(), m_observer));
                return m_distributed->run(round.stopToken());
            }
            if (round.explorationOptions().jobs > 1) {
                m_parallel = std::make_unique<ParallelExplorer>(
                    [&](unsigned) {
                        addWorker();
                        return ParallelExplorer::Worker{m_executors.back().get(),
                                                        round.watchWorker(*m_machines.back(), m_observer)};
                    },
                    round.explorationOptions());
                return m_parallel->run(round.stopToken());
            }
            addWorker();
            m_explorer = std::make_unique<Explorer>(*m_executors.back(), round.explorationOptions());
            m_explorer->setObserver(round.watch(*m_machines.back(), m_observer));
            ExplorationResult result = m_explorer->run(round.stopToken());
            m_explorer->setObserver(nullptr);
            return result;
        },
        stop);
}

} // namespace weft::debugger
