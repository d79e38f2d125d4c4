// SPDX-License-Identifier: MIT
// The virtual clock behind the runtime's time functions (engine/runtime/time.c): each thread's clock
// advances 1 us per reading and by the time it sleeps, never by real time, so replays are identical.
// Sleeps and yields are no visible actions (a yield changes nothing; SpinLoops.cpp lets a spin call it).
#include "engine/interpreter/LibcDispatcher.hpp"

namespace weft::interpreter {

using program::Builtin;

namespace {

Continuation clockCall(BuiltinCall &c) {
    const std::uint64_t now = c.thread.clockNs;
    c.thread.clockNs += 1000;
    return c.returns(now);
}

Continuation sleepCall(BuiltinCall &c) {
    switch (c.builtin) {
    case Builtin::WeftSleep: c.thread.clockNs += c.arg(0); break;
    case Builtin::Sleep: c.thread.clockNs += (c.arg(0) & 0xFFFFFFFFu) * 1000000000ull; break;
    default: c.thread.clockNs += (c.arg(0) & 0xFFFFFFFFu) * 1000ull; break; // usleep
    }
    return c.returns(0);
}

Continuation yieldCall(BuiltinCall &c) { return c.returns(0); }

} // namespace

void addClockCalls(LibcDispatcher &table) {
    table.add(Builtin::WeftClock, &clockCall);
    table.add(Builtin::WeftSleep, &sleepCall);
    table.add(Builtin::Sleep, &sleepCall);
    table.add(Builtin::Usleep, &sleepCall);
    table.add(Builtin::SchedYield, &yieldCall);
    table.add(Builtin::PthreadYield, &yieldCall);
}

} // namespace weft::interpreter
