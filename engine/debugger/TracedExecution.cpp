// SPDX-License-Identifier: MIT
#include "engine/debugger/TracedExecution.hpp"

#include "engine/execution/Interrupt.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/interpreter/Interpreter.hpp"

#include <optional>

namespace weft::debugger {

std::string objectOf(const Action &action, const interpreter::Interpreter &machine) {
    if (targetsThread(action.kind))
        return "T" + std::to_string(action.object);
    return namesMemoryObject(action.kind) ? machine.describeAddress(action.object) : std::string();
}

TracedExecution traceSchedule(const program::Program &program, const interpreter::InterpreterOptions &options,
                              const Schedule &schedule, const ReplayProgress *progress) {
    interpreter::Interpreter machine(program, options);
    ScheduledExecutor executor(machine);
    std::optional<Interrupt> interrupt;
    if (progress) {
        interrupt.emplace(progress->stop, 0.0, 0);
        executor.setInterrupt(&*interrupt);
    }
    TracedExecution out;
    executor.setBeforeAction([&](const Action &a) {
        TraceStep step{a, machine.currentSpot(a.thread), {}};
        step.object = objectOf(a, machine);
        out.steps.push_back(std::move(step));
        if (progress)
            progress->tick(out.steps.size());
    });
    out.execution = executor.run(schedule);
    // A step whose action did not happen (an invalid unlock) is not part of the trace.
    out.steps.resize(std::min(out.steps.size(), out.execution.actions.size()));
    for (const BlockedThread &b : out.execution.blocked) {
        // A poll stopped at a lock another thread holds is shown waiting for that lock.
        const Action waits = b.pending.kind == ActionKind::AwaitBlocked
                                 ? machine.spinBlockedLock(b.thread).value_or(b.pending)
                                 : b.pending;
        out.blocked.push_back({waits, machine.currentSpot(b.thread), objectOf(waits, machine)});
    }
    out.output = machine.output();
    out.faultSpot = machine.faultSpot();
    return out;
}

std::string describeStep(const TraceStep &step) {
    std::string text(actionKindName(step.action.kind));
    if (!step.object.empty())
        text += " " + step.object;
    if (showsValue(step.action.kind))
        text += " " + std::to_string(step.action.value);
    return text;
}

} // namespace weft::debugger
