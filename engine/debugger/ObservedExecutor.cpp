// SPDX-License-Identifier: MIT
#include "engine/debugger/ObservedExecutor.hpp"

namespace weft::debugger {

ObservedExecutor::ObservedExecutor(const program::Program &program, interpreter::InterpreterOptions options)
    : m_machine(program, options), m_executor(m_machine) {
    m_executor.setBeforeAction([this](const Action &a) {
        m_spots.push_back(m_machine.currentSpot(a.thread));
        m_threads.push_back(a.thread);
        // Named before the action, while the frames that point to the object are live (once per object).
        if (namesMemoryObject(a.kind) && !m_firstNames.contains(a.object))
            m_firstNames.emplace(a.object, m_machine.describeAddress(a.object));
    });
}

Execution ObservedExecutor::run(const Schedule &schedule) {
    m_spots.clear();
    m_threads.clear();
    Execution execution = m_executor.run(schedule);
    // An action that raised a fault without happening is not part of the execution.
    m_spots.resize(std::min(m_spots.size(), execution.actions.size()));
    m_threads.resize(std::min(m_threads.size(), execution.actions.size()));
    m_fault = execution.fault;
    m_faultSpot = m_machine.faultSpot();
    m_blockedSpots.clear();
    for (const BlockedThread &b : execution.blocked)
        m_blockedSpots.push_back(m_machine.currentSpot(b.thread));
    return execution;
}

} // namespace weft::debugger
