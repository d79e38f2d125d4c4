// SPDX-License-Identifier: MIT
#include "engine/debugger/Replay.hpp"

#include "engine/execution/ScheduledExecutor.hpp"

#include <cassert>

namespace weft::debugger {

Replay::Replay(const program::Program &program, const Schedule &schedule,
               const interpreter::InterpreterOptions &options, const ReplayProgress *progress)
    : m_program(program), m_options(options) {
    m_options.memoisePureCalls = false; // stepping goes into every call
    m_trace = debugger::traceSchedule(program, m_options, schedule, progress);
    m_machine = std::make_unique<interpreter::Interpreter>(program, m_options);
    m_machine->restart(m_naming);
    m_checkpoints.offer(0, m_machine->state());
}

Replay::~Replay() = default;

ThreadId Replay::runningThread() const {
    return m_position < eventCount() ? m_trace.steps[m_position].action.thread : kNoThread;
}

bool Replay::endsInDefect() const {
    const ExecutionEnd end = m_trace.execution.end;
    return end == ExecutionEnd::Fault || end == ExecutionEnd::Deadlock || end == ExecutionEnd::LimitReached ||
           end == ExecutionEnd::Diverged;
}

ThreadId Replay::faultedThread() const {
    const Execution &e = m_trace.execution;
    return atEnd() && e.end == ExecutionEnd::Fault && e.fault ? e.fault->thread : kNoThread;
}

std::string Replay::endMessage() const {
    const Execution &e = m_trace.execution;
    if (e.end == ExecutionEnd::Deadlock) {
        std::string text = "deadlock:";
        for (const BlockedThread &b : e.blocked)
            text += " " + describeBlocked(b, *m_machine) + ";";
        text.pop_back();
        return text;
    }
    return endsInDefect() && e.fault ? e.fault->message : std::string();
}

std::string Replay::describe(const Action &action) const {
    return debugger::describeStep({action, {}, debugger::objectOf(action, *m_machine)});
}

bool Replay::standAt(std::size_t position, const ReplayProgress *progress) {
    assert(position <= eventCount());
    if (m_inside) {
        m_machine->restore(m_beforeInside);
        m_machineAt = m_position;
        m_inside = false;
    }
    if (m_machineAt > position) {
        const auto [at, state] = m_checkpoints.nearest(position);
        m_machine->restore(*state);
        m_machineAt = at;
    }
    const std::size_t from = m_machineAt;
    while (m_machineAt < position) {
        if (progress && (m_machineAt & 255) == 0 && progress->stopRequested()) {
            m_position = m_machineAt;
            return false;
        }
        m_machine->execute(m_trace.steps[m_machineAt].action.thread);
        m_machine->takeReports(); // the trace has them; kept they would grow with every step
        m_checkpoints.offer(++m_machineAt, m_machine->state());
        if (progress)
            progress->tick(m_machineAt - from);
    }
    m_position = position;
    return true;
}

void Replay::runTo(std::size_t position) { standAt(std::min(position, eventCount())); }

bool Replay::runTo(std::size_t position, const ReplayProgress &progress) {
    return standAt(std::min(position, eventCount()), &progress);
}

bool Replay::stepEvent() {
    if (m_position >= eventCount())
        return false;
    standAt(m_position + 1);
    return true;
}

bool Replay::stepBack() {
    if (m_inside) {
        standAt(m_position);
        return true;
    }
    if (m_position == 0)
        return false;
    standAt(m_position - 1);
    return true;
}

bool Replay::runToReport(std::size_t position) {
    if (position == 0 || position > eventCount()) {
        runTo(position);
        return false;
    }
    standAt(position - 1);
    const ThreadId t = runningThread();
    m_beforeInside = m_machine->state();
    m_inside = true;
    m_machine->takeReports();
    if (!m_machine->performAction(t)) {
        standAt(position);
        return false;
    }
    if (!m_machine->takeReports().empty())
        return true;
    // One instruction at a time (the machine hands reports over when a local run returns), until the
    // one that raised it.
    const auto oneInstruction = [](const interpreter::ThreadState &) { return true; };
    for (;;) {
        const auto stop = m_machine->runLocal(t, oneInstruction);
        const bool reported = !m_machine->takeReports().empty();
        if (stop == interpreter::LocalStop::Paused && !reported)
            continue;
        if (stop == interpreter::LocalStop::Paused)
            return true;
        // Its local code ended (the report came with its last instruction, or none came): stand before
        // the next event.
        standAt(position);
        return reported;
    }
}

bool Replay::stepLine() {
    if (m_position >= eventCount())
        return false;
    const ThreadId t = runningThread();
    auto lineOf = [&](const interpreter::ThreadState &thread) -> std::pair<std::size_t, std::uint32_t> {
        if (thread.stack.empty())
            return {0, 0};
        const interpreter::Frame &f = thread.stack.top();
        return {thread.stack.frames.size(), m_program.sourceMap.spotOf(f.function, f.pc).line};
    };
    // The line the thread stands on now: inside its code, or the call that performs the next event.
    const auto before = lineOf(*m_machine->state().find(t));
    auto onNewLine = [&](const interpreter::ThreadState &thread) {
        const auto now = lineOf(thread);
        return now.second != 0 && now != before;
    };
    if (!m_inside) {
        m_beforeInside = m_machine->state();
        m_inside = true; // from here on, going back or finishing the event starts from m_beforeInside
        if (!m_machine->performAction(t))
            return stepEvent(); // no local code follows (exit, a wait's next part) or a defect
        if (onNewLine(*m_machine->state().find(t)))
            return true; // the action's call returned onto a new line
    }
    if (m_machine->runLocal(t, onNewLine) == interpreter::LocalStop::Paused)
        return true;
    return stepEvent(); // reached its next event (or a defect): the event is complete
}

} // namespace weft::debugger
