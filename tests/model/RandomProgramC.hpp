// SPDX-License-Identifier: MIT
// A random model program printed as an equivalent C program (pthreads, mutexes, semaphores,
// condition variables, the same guarded and shared variables), so that the whole C pipeline
// (compiler, lowering, interpreter, explorer) can be checked against the brute-force enumerator
// on the model program (tst_CProgramsMatchModels). Pure function; callable from any thread.
#pragma once

#include "tests/model/RandomProgram.hpp"

#include <string>

namespace weft::model {

/// C source whose visible actions, thread by thread, are those of `program`: code c is the
/// function `code<c>` (code 0 is main, which ends with pthread_exit so that returning from it does
/// not end the other threads, as in the model), v<i> is guarded by m<i>, x<i> are racy shared variables.
std::string printAsC(const RandomProgram &program);

} // namespace weft::model
