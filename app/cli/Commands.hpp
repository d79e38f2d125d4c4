// SPDX-License-Identifier: MIT
// The `weft explore`, `weft replay` and `weft svcomp` commands: load, run, print, write files; each
// returns the process exit code (0 no defect, 1 defect, 2 bad input). Output goes to the given streams.
#pragma once

#include "app/cli/CommandLine.hpp"
#include "engine/debugger/SourceText.hpp"
#include "engine/debugger/TracedExecution.hpp"

#include <cstdio>

namespace weft::cli {

int runExplore(const CommandLine &cl, std::FILE *out, std::FILE *err);
int runReplay(const CommandLine &cl, std::FILE *out, std::FILE *err);
/// SvcompCommand.cpp: 0 true, 1 false, 4 unknown, 2 bad input.
int runSvcomp(const CommandLine &cl, std::FILE *out, std::FILE *err);

// Shared by the commands (Commands.cpp).
/// `text` with paths under the working directory made relative to it, as compilers show them.
std::string shortened(std::string text);
/// "file:line:column" of `spot` (shortened), or "" when it has no line.
std::string location(const program::Program &p, program::SourceSpot spot);
/// The fault's message, with its location appended unless the message already names it.
std::string faultText(const std::string &message, const std::string &where);
/// One line per step: thread, action and object, file:line, and the source line itself.
void printTrace(const debugger::TracedExecution &t, const program::Program &p, debugger::SourceText &source,
                std::FILE *out);

} // namespace weft::cli
