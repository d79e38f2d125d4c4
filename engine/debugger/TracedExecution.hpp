// SPDX-License-Identifier: MIT
// Re-runs one schedule of a C program and records, for every visible action, where in the source
// the thread stood and what object it touched: the trace shown by `weft replay` and defect reports.
#pragma once

#include "engine/debugger/ReplayProgress.hpp"
#include "engine/execution/Execution.hpp"
#include "engine/execution/Schedule.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"
#include "engine/program/Program.hpp"

#include <string>
#include <vector>

namespace weft::interpreter {
class Interpreter;
}

namespace weft::debugger {

struct TraceStep {
    Action action;
    program::SourceSpot spot; ///< the thread's position when it performed the action
    std::string object;       ///< the object in the program's terms ("'m'", "T2", ...)
};

struct TracedExecution {
    Execution execution;
    std::vector<TraceStep> steps;
    std::string output;          ///< what the program printed
    program::SourceSpot faultSpot; ///< where the fault was raised (line 0 if none or unknown)
    /// At a deadlock: each waiting thread's request that cannot happen, where the thread waits.
    std::vector<TraceStep> blocked;
};

/// Runs `schedule` and records its trace. With `progress`, reports the events traced and stops early
/// (the execution then ends Interrupted, its trace cut there) once a stop is requested.
TracedExecution traceSchedule(const program::Program &program, const interpreter::InterpreterOptions &options,
                              const Schedule &schedule, const ReplayProgress *progress = nullptr);

/// "start", "lock 'm'", "create T2", "sem_post 'ready'", ...
std::string describeStep(const TraceStep &step);
/// How a trace names the object of `action` as `machine` sees it now: "T2", "'m'", "'x'+4", or "".
std::string objectOf(const Action &action, const interpreter::Interpreter &machine);

} // namespace weft::debugger
