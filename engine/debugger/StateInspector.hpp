// SPDX-License-Identifier: MIT
// Reads a replay's interpreter state as the threads, variables and console panes show it: thread
// statuses and call stacks, the locals in scope in each frame, the globals and each thread's copies
// of thread-local variables, with values formatted
// by their C types from the debug info (ValueFormatter). The replay's thread (it reads its machine).
#pragma once

#include "engine/debugger/ProgramState.hpp"

namespace weft::debugger {

class Replay;

debugger::ProgramState inspectState(const Replay &replay);

} // namespace weft::debugger
