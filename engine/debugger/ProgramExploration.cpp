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
            m_executor.reset();
            m_machine = std::make_unique<interpreter::Interpreter>(m_program, round.interpreterOptions());
            m_executor = std::make_unique<ScheduledExecutor>(*m_machine);
            m_explorer = std::make_unique<Explorer>(*m_executor, round.explorationOptions());
            m_explorer->setObserver(round.watch(*m_machine, m_observer));
            ExplorationResult result = m_explorer->run(round.stopToken());
            m_explorer->setObserver(nullptr);
            return result;
        },
        stop);
}

} // namespace weft::debugger
