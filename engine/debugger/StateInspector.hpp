// SPDX-License-Identifier: MIT
// Reads a replay's interpreter state as the threads, variables and console panes show it: thread
// statuses and call stacks, the locals in scope in each frame and the globals, with values formatted
// by their C types from the debug info (ValueFormatter). The replay's thread (it reads its machine).
#pragma once

#include "engine/debugger/ProgramState.hpp"

namespace weft::debugger {

class Replay;

debugger::ProgramState inspectState(const Replay &replay);

} // namespace weft::debugger
