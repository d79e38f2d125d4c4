// SPDX-License-Identifier: MIT
// DebugSession's requests that move through the loaded interleaving, as the desktop debugger's keys do:
// next = the next event (F10), stepIn = the next source line of the thread that moves next (F11),
// stepBack = the previous event (Shift+F10), continue / reverseContinue = to the next / previous
// breakpoint, or the end / start (F8 / restart), stepOut = lines of the moving thread until its frame
// returns. Each answers, then reports `stopped`.
#include "app/dap/DebugSession.hpp"

#include "engine/debugger/Replay.hpp"
#include "engine/interpreter/Interpreter.hpp"

namespace weft::dap {

namespace {

/// `thread`'s innermost frame now: its file and line (line 0 if it has none), and its depth.
struct Place {
    std::string file;
    std::uint32_t line = 0;
    std::size_t depth = 0;
};

Place placeOf(const debugger::Replay &replay, ThreadId thread) {
    const interpreter::ThreadState *t = replay.machine().state().find(thread);
    if (!t || t->stack.empty())
        return {};
    const interpreter::Frame &f = t->stack.top();
    const program::SourceMap &map = replay.program().sourceMap;
    const program::SourceSpot spot = map.spotOf(f.function, f.pc);
    return {spot.line ? map.fileName(spot.file) : std::string(), spot.line, t->stack.frames.size()};
}

} // namespace

bool DebugSession::onBreakpoint(ThreadId thread) {
    const Place place = placeOf(*m_replay, thread);
    const LineBreakpoint *bp = m_breakpoints.at(place.file, place.line);
    if (!bp)
        return false;
    if (!bp->condition)
        return true;
    m_refs.invalidate();
    const debugger::VariableValue *v = m_refs.lookUp(*m_replay, thread, bp->condition->variable);
    return v && bp->condition->holds(v->value);
}

std::string DebugSession::run(bool forward) {
    debugger::Replay &r = *m_replay;
    if (m_breakpoints.empty()) {
        forward ? r.runToEnd() : r.restart();
        return forward ? "end" : "entry";
    }
    if (forward) {
        // Line by line, so a breakpoint on a line of local code is seen too.
        while (!r.atEnd()) {
            const ThreadId moving = r.runningThread();
            const Place before = placeOf(r, moving);
            if (!r.stepLine())
                break;
            const Place now = placeOf(r, moving);
            if ((now.line != before.line || now.file != before.file) && onBreakpoint(moving))
                return "breakpoint";
        }
        return "end";
    }
    // Back event by event: a stop before event p where its thread stands on a breakpoint line.
    while (r.stepBack()) {
        if (r.isInsideLocalCode())
            continue;
        if (r.position() < r.eventCount() && onBreakpoint(r.runningThread()))
            return "breakpoint";
    }
    return "entry";
}

DebugSession::Outcome DebugSession::next(const Arguments &) {
    replay().stepEvent();
    return {Json::object(), [this] { m_replay->atEnd() ? stoppedAtEnd() : stopped("step"); }, false};
}

DebugSession::Outcome DebugSession::stepIn(const Arguments &) {
    replay().stepLine();
    return {Json::object(), [this] { m_replay->atEnd() ? stoppedAtEnd() : stopped("step"); }, false};
}

DebugSession::Outcome DebugSession::stepOut(const Arguments &) {
    debugger::Replay &r = replay();
    const ThreadId thread = r.runningThread();
    const std::size_t depth = placeOf(r, thread).depth;
    // Lines of the moving thread until its frame has returned, or it hands over to another thread.
    for (std::size_t steps = 0; steps < 1000000 && !r.atEnd() && r.runningThread() == thread; ++steps) {
        if (!r.stepLine())
            break;
        if (placeOf(r, thread).depth < depth)
            break;
    }
    return {Json::object(), [this] { m_replay->atEnd() ? stoppedAtEnd() : stopped("step"); }, false};
}

DebugSession::Outcome DebugSession::stepBack(const Arguments &) {
    replay().stepBack();
    return {Json::object(), [this] { stopped(m_replay->position() == 0 && !m_replay->isInsideLocalCode() ? "entry" : "step"); },
            false};
}

DebugSession::Outcome DebugSession::continueRequest(const Arguments &) {
    replay();
    const std::string reason = run(true);
    return {{{"allThreadsContinued", true}},
            [this, reason] { reason == "end" ? stoppedAtEnd() : stopped(reason); },
            false};
}

DebugSession::Outcome DebugSession::reverseContinue(const Arguments &) {
    replay();
    const std::string reason = run(false);
    return {Json::object(), [this, reason] { stopped(reason); }, false};
}

} // namespace weft::dap
