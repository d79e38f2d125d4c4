// SPDX-License-Identifier: MIT
#include "app/session/Replay.hpp"

#include "engine/execution/ScheduledExecutor.hpp"

#include <cassert>

namespace weft::session {

namespace {
/// Instructions F11 runs at most looking for the next line before it finishes the event instead.
constexpr std::uint64_t kLineStepBudget = 500'000;

bool isStepBound(const std::optional<ProgramFault> &fault) {
    return fault && fault->kind == DefectKind::StepBound;
}
} // namespace

Replay::Replay(const program::Program &program, const Schedule &schedule) : m_program(program) {
    m_trace = cli::traceSchedule(program, m_options, schedule);
    m_lineOptions.stepBound = 1;
    interpreter::InterpreterOptions actionOnly;
    actionOnly.stepBound = 0;
    m_machine = std::make_unique<interpreter::Interpreter>(program, m_options);
    m_actionOnly = std::make_unique<interpreter::Interpreter>(program, actionOnly);
    m_lineStepper = std::make_unique<interpreter::Stepper>(program, m_lineOptions);
    m_machine->restart(m_naming);
    m_actionOnly->restart(m_naming);
    m_snapshots.push_back(m_machine->state());
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
    cli::TraceStep step{action, {}, {}};
    if (targetsThread(action.kind))
        step.object = "T" + std::to_string(action.object);
    else if (isLockTreeKind(action.kind) || action.kind == ActionKind::BarrierPass)
        step.object = m_machine->describeAddress(action.object);
    return cli::describeStep(step);
}

void Replay::standAt(std::size_t position) {
    assert(position <= eventCount());
    while (m_snapshots.size() <= position) {
        const std::size_t next = m_snapshots.size() - 1;
        m_machine->restore(m_snapshots[next]);
        m_machine->execute(m_trace.steps[next].action.thread);
        m_snapshots.push_back(m_machine->state());
    }
    m_machine->restore(m_snapshots[position]);
    m_position = position;
    m_inside = false;
}

void Replay::runTo(std::size_t position) { standAt(std::min(position, eventCount())); }

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

bool Replay::stepLine() {
    if (m_position >= eventCount())
        return false;
    const ThreadId t = runningThread();
    interpreter::InterpreterState state;
    if (m_inside) {
        state = m_machine->state();
    } else {
        // Perform the event alone: the action-only interpreter stops before the first instruction.
        m_actionOnly->restore(m_snapshots[m_position]);
        m_actionOnly->execute(t);
        if (!isStepBound(m_actionOnly->fault()))
            return stepEvent(); // no local code follows (exit, a wait's next part) or a defect
        state = m_actionOnly->state();
    }
    auto lineOf = [&](const interpreter::ThreadState &thread) -> std::pair<std::size_t, std::uint32_t> {
        if (thread.stack.empty())
            return {0, 0};
        const interpreter::Frame &f = thread.stack.top();
        return {thread.stack.frames.size(), m_program.sourceMap.spotOf(f.function, f.pc).line};
    };
    const auto before = m_inside ? lineOf(*state.find(t)) : [&] {
        // The line of the call that performed the event.
        const auto &s = m_snapshots[m_position];
        return lineOf(*s.find(t));
    }();
    auto stopHere = [&] {
        const auto now = lineOf(*state.find(t));
        if (now.second == 0 || now == before)
            return false;
        m_machine->restore(state);
        m_inside = true;
        return true;
    };
    if (!m_inside && stopHere())
        return true; // the action's call returned onto a new line
    for (std::uint64_t n = 0; n < kLineStepBudget; ++n) {
        interpreter::ThreadState *thread = state.find(t);
        thread->steps = 0;
        m_lineStepper->clearFault();
        if (m_lineStepper->run(state, *thread, m_naming) || !isStepBound(m_lineStepper->fault()))
            return stepEvent(); // reached its next event (or a defect): the event is complete
        if (stopHere())
            return true;
    }
    return stepEvent();
}

} // namespace weft::session
