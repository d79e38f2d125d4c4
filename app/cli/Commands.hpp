// SPDX-License-Identifier: MIT
// The `weft explore`, `weft replay` and `weft svcomp` commands: load, run, print, write files; each
// returns the process exit code (0 no defect, 1 defect, 2 bad input). Output goes to the given streams.
#pragma once

#include "app/cli/CommandLine.hpp"
#include "engine/debugger/SourceText.hpp"
#include "engine/debugger/TracedExecution.hpp"

#include <cstdio>
#include <memory>

namespace weft::debugger {
class ProgramExploration;
}

namespace weft::cli {

int runExplore(const CommandLine &cl, std::FILE *out, std::FILE *err);
int runReplay(const CommandLine &cl, std::FILE *out, std::FILE *err);
/// SvcompCommand.cpp: 0 true, 1 false, 4 unknown, 2 bad input.
int runSvcomp(const CommandLine &cl, std::FILE *out, std::FILE *err);

/// Whether the commands leave their exploration's memory to the operating system when they end instead of
/// freeing it (the `weft` executable turns it on: freeing a multi-GB unfolding object by object takes tens
/// of seconds after the verdict is printed; in-process callers such as the tests keep the default, off).
void setLeaveMemoryAtExit(bool on);

/// Declared right after the exploration a command owns: at the command's end it hands the exploration to
/// a list the process keeps until it exits (reachable, so no leak checker complains) when
/// setLeaveMemoryAtExit(true) was called; otherwise the exploration is destroyed as usual.
class ExplorationKeeper {
public:
    /// `allowed` false: destroyed as usual in any case (a distributed run frees its MPI resources first).
    explicit ExplorationKeeper(std::unique_ptr<debugger::ProgramExploration> &exploration, bool allowed = true)
        : m_exploration(exploration), m_allowed(allowed) {}
    ExplorationKeeper(const ExplorationKeeper &) = delete;
    ExplorationKeeper &operator=(const ExplorationKeeper &) = delete;
    ~ExplorationKeeper();

private:
    std::unique_ptr<debugger::ProgramExploration> &m_exploration;
    bool m_allowed;
};

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
