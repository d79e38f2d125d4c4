// SPDX-License-Identifier: MIT
#include "app/cli/ProgramExploration.hpp"

#include <algorithm>
#include <chrono>
#include <iterator>

namespace weft::cli {

ProgramExploration::ProgramExploration(const program::Program &program, interpreter::InterpreterOptions interpreterOptions,
                                       ExplorationOptions options)
    : m_program(program), m_interpreterOptions(std::move(interpreterOptions)), m_options(options) {}

ExplorationResult ProgramExploration::run(std::stop_token stop) {
    const auto start = std::chrono::steady_clock::now();
    ExplorationOptions options = m_options;
    for (;;) {
        ++m_rounds;
        m_explorer.reset();
        m_executor.reset();
        m_machine = std::make_unique<interpreter::Interpreter>(m_program, m_interpreterOptions);
        m_executor = std::make_unique<ScheduledExecutor>(*m_machine);
        m_explorer = std::make_unique<Explorer>(*m_executor, options);
        m_explorer->setObserver(m_observer);
        ExplorationResult result = m_explorer->run(stop);
        // Exact once every object a section touched was keyed as the section location. Until then
        // the unfolding's independence is wrong for those objects, which can also show as a replay
        // that does not reproduce its trail: another round. A bound or a defect that stops the run
        // ends it (the defect happened in a real execution; a bound would stop another round too).
        const std::vector<std::uint64_t> &touched = m_machine->atomicSectionObjects();
        std::vector<std::uint64_t> &keyed = m_interpreterOptions.atomicObjects;
        if (m_interpreterOptions.model != interpreter::MemoryModel::Sc ||
            (result.stopReason != StopReason::Completed && result.stopReason != StopReason::Nondeterminism) ||
            std::includes(keyed.begin(), keyed.end(), touched.begin(), touched.end()))
            return result;
        std::vector<std::uint64_t> both;
        std::set_union(keyed.begin(), keyed.end(), touched.begin(), touched.end(), std::back_inserter(both));
        keyed = std::move(both);
        const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (m_options.timeoutSeconds > 0)
            options.timeoutSeconds = std::max(m_options.timeoutSeconds - spent, 0.001);
        if (m_options.maxExecutions > 0) {
            if (result.statistics.executions >= options.maxExecutions)
                return result;
            options.maxExecutions -= result.statistics.executions;
        }
    }
}

} // namespace weft::cli
