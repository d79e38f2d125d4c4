// SPDX-License-Identifier: MIT
// The one results document of an exploration (`weft explore --json`, File ▸ Export ▸ Results, the DAP
// server): the engine's JSON export plus, for each defect, its execution replayed with the run's own
// interpreter options as source-level steps, where it happened and what the program printed.
#pragma once

#include "engine/debugger/TracedExecution.hpp"
#include "engine/results/ExplorationResult.hpp"
#include "engine/results/ExplorationSnapshot.hpp"
#include "engine/results/JsonExport.hpp"

#include <string>
#include <vector>

namespace weft::debugger {

/// Each kept defect's execution replayed (result.defects' order) with `options`: the model, race mode
/// and nondet source the exploration used.
std::vector<TracedExecution> traceDefects(const ExplorationResult &result, const program::Program &program,
                                          const interpreter::InterpreterOptions &options);

/// `text` with the working directory's path left out of the paths in it, as compilers show them.
std::string relativeToWorkingDirectory(std::string text);
/// "file:line:column" of `spot` relative to the working directory, or "" for an unknown spot.
std::string spotText(const program::Program &program, program::SourceSpot spot);
/// Where `defect` is: what the engine recorded, else where its replay `trace` stopped.
std::string defectLocation(const Defect &defect, const program::Program &program, const TracedExecution &trace);

/// The results document; `traces` from traceDefects (pretty-printed, trailing newline).
std::string resultsJson(const ExplorationResult &result, const program::Program &program, const RunDescription &run,
                        const std::vector<TracedExecution> &traces);
/// The same, tracing the defects with `options`.
std::string resultsJson(const ExplorationResult &result, const program::Program &program, const RunDescription &run,
                        const interpreter::InterpreterOptions &options);

/// The results document of a live exploration as far as `snapshot` goes: once it finished, exactly
/// what `weft explore --json` writes for the same run; before, the defects and counters it shows.
std::string resultsJson(const ExplorationSnapshot &snapshot, const program::Program &program, const RunDescription &run,
                        const interpreter::InterpreterOptions &options);

/// The run description of an exploration: "sync" or "sc" from `options`, the policy's name.
RunDescription describeRun(const std::string &file, const interpreter::InterpreterOptions &options,
                           const std::string &policy);

} // namespace weft::debugger
