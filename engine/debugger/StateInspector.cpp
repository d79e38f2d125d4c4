// SPDX-License-Identifier: MIT
#include "engine/debugger/StateInspector.hpp"

#include "engine/debugger/Replay.hpp"
#include "engine/debugger/TracedExecution.hpp"
#include "engine/debugger/ValueFormatter.hpp"

namespace weft::debugger {

namespace {

using interpreter::InterpreterState;

debugger::FrameState frameState(const Replay &replay, const ValueFormatter &format, const interpreter::ThreadState &thread,
                             const interpreter::Frame &frame) {
    const program::Program &p = replay.program();
    const program::SourceMap &map = p.sourceMap;
    debugger::FrameState out;
    out.function = frame.function < map.functions.size() && !map.functions[frame.function].name.empty()
                       ? map.functions[frame.function].name
                       : p.functions[frame.function].name;
    const program::SourceSpot spot = map.spotOf(frame.function, frame.pc);
    out.file = map.fileName(spot.file);
    out.line = spot.line;
    if (frame.function >= map.functions.size())
        return out;
    const program::FunctionSource &source = map.functions[frame.function];
    // The binding in force for each variable: the last one that starts at or before the pc.
    std::vector<const program::VariableBinding *> bound(source.locals.size(), nullptr);
    for (const program::VariableBinding &b : source.bindings)
        if (b.from <= frame.pc && b.variable < bound.size())
            bound[b.variable] = &b;
    const std::uint64_t *registers = thread.stack.registers.data() + frame.base;
    for (std::size_t v = 0; v < source.locals.size(); ++v) {
        const program::VariableBinding *b = bound[v];
        if (!b || b->where == program::kNoOperand)
            continue;
        const program::Variable &var = source.locals[v];
        const std::uint64_t raw = program::isConstant(b->where) ? p.constant(b->where) : registers[b->where];
        out.locals.push_back(b->kind == program::VariableBinding::Kind::Memory ? format.inMemory(var, raw)
                                                                                : format.inRegister(var, raw));
    }
    return out;
}

/// A thread's next action in words. The second halves of pthread_cond_wait and pthread_barrier_wait
/// are events of their own (cond_wake, barrier_pass) but not calls of the program: they are said as
/// what the thread is doing in its call.
std::string pendingText(const Replay &replay, const Action &action, bool enabled) {
    const std::string object = objectOf(action, replay.machine());
    switch (action.kind) {
    case ActionKind::CondWake:
        return enabled ? "wake up on " + object + " (then lock its mutex)" : "wait for a signal on " + object;
    case ActionKind::BarrierPass:
        return enabled ? "leave barrier " + object : "wait at barrier " + object + " for the others";
    default: return replay.describe(action);
    }
}

} // namespace

debugger::ProgramState inspectState(const Replay &replay) {
    const interpreter::Interpreter &machine = replay.machine();
    const InterpreterState &state = machine.state();
    const program::Program &p = replay.program();
    const ValueFormatter format(replay);
    debugger::ProgramState out;
    const ThreadId running = replay.runningThread();
    for (const interpreter::ThreadState &thread : state.threads) {
        debugger::ThreadState t;
        t.id = thread.id;
        const auto pending = replay.pendingOf(thread.id);
        if (thread.id == replay.faultedThread()) {
            // Its pending action is the one it performed (or tried) before the fault: not what it waits for.
            t.status = debugger::ThreadStatus::Stopped;
            t.pending = replay.endMessage();
            const std::string where = p.sourceMap.format(replay.faultSpot()) + ": "; // its frame shows it
            if (t.pending.starts_with(where))
                t.pending.erase(0, where.size());
        } else if (!pending) {
            t.status = debugger::ThreadStatus::Finished;
        } else {
            // Inside its local code (after F11) its pending action is the one just performed.
            if (!thread.inside) {
                t.pending = pendingText(replay, pending->action, pending->enabled);
                t.next = NextAction{pending->action.kind, objectOf(pending->action, replay.machine()),
                                    pending->action.value, pending->enabled};
            }
            t.status = thread.id == running ? debugger::ThreadStatus::Running
                       : pending->enabled   ? debugger::ThreadStatus::Ready
                                            : debugger::ThreadStatus::Blocked;
        }
        for (auto f = thread.stack.frames.rbegin(); f != thread.stack.frames.rend(); ++f)
            t.frames.push_back(frameState(replay, format, thread, *f));
        for (const auto &[index, copy] : thread.threadLocals) // by global index: declaration order
            if (index < p.sourceMap.globals.size() && !p.sourceMap.globals[index].name.empty())
                t.threadLocals.push_back(format.inMemory(p.sourceMap.globals[index], copy));
        out.threads.push_back(std::move(t));
    }
    for (std::uint32_t g = 0; g < p.globals.size() && g < p.sourceMap.globals.size(); ++g) {
        const program::Variable &var = p.sourceMap.globals[g];
        if (var.name.empty() || p.globals[g].readOnly)
            continue; // string literals and other unnamed or constant data
        out.globals.push_back(format.inMemory(var, program::globalPointer(g)));
    }
    out.output = machine.output();
    return out;
}

} // namespace weft::debugger
