// SPDX-License-Identifier: MIT
// Reads a replay's interpreter state as the threads, variables and console panes show it: thread
// statuses and call stacks, the locals in scope in each frame and the globals, with values formatted
// by their C types from the debug info (ValueFormatter). GUI thread (it reads the replay's machine).
#pragma once

#include "views/state/ProgramState.hpp"

namespace weft::session {

class Replay;

views::ProgramState inspectState(const Replay &replay);

} // namespace weft::session
