// SPDX-License-Identifier: MIT
// The `weft` command line (README.md, "The weft command"): parses argv into one command with its options, or
// a usage error as a Diagnostic (exit code 2). No I/O here.
#pragma once

#include "engine/base/Expected.hpp"
#include "engine/explorer/ExplorationOptions.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"

#include <optional>
#include <string>
#include <vector>

namespace weft::cli {

/// Exit codes of every subcommand.
enum ExitCode : int { kNoDefect = 0, kDefectFound = 1, kBadInput = 2, kInternalError = 3, kUnknown = 4 };

struct CommandLine {
    enum class Command { Explore, Replay, Svcomp, Gui, Dap, Help, Version };
    Command command = Command::Help;
    std::string file;                      ///< the C (or .ll/.bc) file
    std::vector<std::string> defines;      ///< -D NAME[=VALUE]
    std::vector<std::string> includeDirs;  ///< -I DIR
    std::string standard = "gnu17";        ///< --std: the C dialect
    std::string model = "sync";
    ExplorationOptions exploration;
    interpreter::InterpreterOptions interpreter; ///< --races, --nondet
    std::string nondet = "zero";           ///< --nondet as given (repeated in replay hints)
    std::string jsonPath;                  ///< --json OUT ("-" = stdout)
    std::string dotPath;                   ///< --dot OUT
    std::string schedule;                  ///< replay: --schedule S
    std::string language;                  ///< gui: --lang fr
    std::string screenshotPath;            ///< gui: --screenshot OUT.png
    int windowWidth = 0, windowHeight = 0; ///< gui: --size WxH (0: the screen's, or the last session's)
    std::string logPath;                   ///< dap: --log FILE (the protocol log)
    bool quiet = false;                    ///< no progress, no defect details (summary only)
    bool distributed = false;              ///< explore: --distributed (one worker per MPI rank, under mpirun)
    std::string property;                  ///< svcomp: --property NAME or FILE.prp
    std::string witnessPath;               ///< svcomp: --witness OUT
};

/// Parses `args` (without argv[0]).
Expected<CommandLine> parseCommandLine(const std::vector<std::string> &args);

/// Parses a --nondet value into `options` (source, seed, range); the canonical text ("random:1") or why not.
Expected<std::string> parseNondet(const std::string &value, interpreter::InterpreterOptions &options);
/// `options`' nondet source as --nondet takes it: zero, random:SEED or explore:LO..HI.
std::string nondetText(const interpreter::InterpreterOptions &options);

/// The --help text.
std::string usageText();

} // namespace weft::cli
