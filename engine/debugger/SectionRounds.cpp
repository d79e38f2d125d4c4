// SPDX-License-Identifier: MIT
#include "engine/debugger/SectionRounds.hpp"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <optional>

namespace weft::debugger {

ExplorationObserver *SectionRounds::Round::watch(const interpreter::Interpreter &machine, ExplorationObserver *inner) {
    m_machines.push_back(&machine);
    m_inner = inner;
    return this;
}

ExplorationObserver *SectionRounds::Round::watchWorker(const interpreter::Interpreter &machine,
                                                       ExplorationObserver *inner) {
    m_machines.push_back(&machine);
    return &m_workers.emplace_back(*this, machine, inner);
}

bool SectionRounds::Round::metNewObject(const interpreter::Interpreter &machine,
                                        const interpreter::InterpreterOptions &options) {
    if (options.model != interpreter::MemoryModel::Sc)
        return false;
    const std::vector<std::uint64_t> &touched = machine.atomicSectionObjects();
    const std::vector<std::uint64_t> &keyed = options.atomicObjects;
    return !std::includes(keyed.begin(), keyed.end(), touched.begin(), touched.end());
}

bool SectionRounds::Round::metNewObject() const {
    return std::any_of(m_machines.begin(), m_machines.end(),
                       [&](const interpreter::Interpreter *m) { return metNewObject(*m, m_interpreter); });
}

void SectionRounds::Round::endRound() {
    if (!m_ended.exchange(true))
        m_stop.request_stop();
}

void SectionRounds::Round::Worker::onNewEvent(EventId e) {
    if (m_inner)
        m_inner->onNewEvent(e);
}

void SectionRounds::Round::Worker::onDefect(const Defect &defect, std::uint64_t distinct) {
    if (m_inner)
        m_inner->onDefect(defect, distinct);
}

void SectionRounds::Round::Worker::onExecution(const ExecutionSummary &summary) {
    if (m_inner)
        m_inner->onExecution(summary);
    if (!m_round.m_ended && metNewObject(m_machine, m_round.m_interpreter))
        m_round.endRound();
}

void SectionRounds::Round::Worker::onPaused() {
    if (m_inner)
        m_inner->onPaused();
}

void SectionRounds::Round::Worker::onResumed() {
    if (m_inner)
        m_inner->onResumed();
}

void SectionRounds::Round::onNewEvent(EventId e) {
    if (m_inner)
        m_inner->onNewEvent(e);
}

void SectionRounds::Round::onDefect(const Defect &defect, std::uint64_t distinct) {
    if (m_inner)
        m_inner->onDefect(defect, distinct);
}

void SectionRounds::Round::onExecution(const ExecutionSummary &summary) {
    if (m_inner)
        m_inner->onExecution(summary);
    // The unfolding's independence is wrong for the new object from now on: what this round would
    // explore further is not trustworthy (a replay may even fail to reproduce its trail).
    if (!m_ended && metNewObject())
        endRound();
}

void SectionRounds::Round::onPaused() {
    if (m_inner)
        m_inner->onPaused();
}

void SectionRounds::Round::onResumed() {
    if (m_inner)
        m_inner->onResumed();
}

SectionRounds::SectionRounds(interpreter::InterpreterOptions interpreterOptions, ExplorationOptions options)
    : m_interpreter(std::move(interpreterOptions)), m_exploration(options) {
    std::sort(m_interpreter.atomicObjects.begin(), m_interpreter.atomicObjects.end());
}

ExplorationResult SectionRounds::run(const Explore &explore, std::stop_token stop) {
    const auto start = std::chrono::steady_clock::now();
    ExplorationOptions options = m_exploration;
    for (;;) {
        Round round(++m_rounds, m_interpreter, options);
        ExplorationResult result;
        {
            const std::stop_callback forward(stop, [&round] { round.m_stop.request_stop(); });
            result = explore(round);
        }
        // Another round when this one ended itself, completed or failed a replay having met a new object.
        // A bound, the caller's stop or a defect that stops the exploration end it all (such a defect
        // happened in a real execution; a bound would stop another round too).
        const bool endedItself = round.m_ended && !stop.stop_requested() && result.stopReason == StopReason::Cancelled;
        const bool mayGoOn = endedItself || result.stopReason == StopReason::Completed ||
                             result.stopReason == StopReason::Nondeterminism;
        if (!mayGoOn || !round.metNewObject())
            return result;
        for (const interpreter::Interpreter *machine : round.m_machines) {
            const std::vector<std::uint64_t> &touched = machine->atomicSectionObjects();
            std::vector<std::uint64_t> both;
            std::set_union(m_interpreter.atomicObjects.begin(), m_interpreter.atomicObjects.end(), touched.begin(),
                           touched.end(), std::back_inserter(both));
            m_interpreter.atomicObjects = std::move(both);
        }
        const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (m_exploration.timeoutSeconds > 0) {
            if (spent >= m_exploration.timeoutSeconds) {
                result.stopReason = StopReason::Timeout;
                return result;
            }
            options.timeoutSeconds = m_exploration.timeoutSeconds - spent;
        }
        if (m_exploration.maxExecutions > 0) {
            if (result.statistics.executions >= options.maxExecutions) {
                result.stopReason = StopReason::ExecutionLimit;
                return result;
            }
            options.maxExecutions -= result.statistics.executions;
        }
    }
}

} // namespace weft::debugger
