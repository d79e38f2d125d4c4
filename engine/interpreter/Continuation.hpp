// SPDX-License-Identifier: MIT
// What an instruction, a call or a builtin leaves the thread's run to do: go on with its local code,
// stop at a visible action (the thread's pending action is set), or stop at a fault (raised).
#pragma once

namespace weft::interpreter {

enum class Continuation { Continue, Stop, Fault };

} // namespace weft::interpreter
