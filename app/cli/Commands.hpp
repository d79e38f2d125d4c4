// SPDX-License-Identifier: MIT
// The `weft explore` and `weft replay` commands: load, run, print, write files; each returns the
// process exit code (0 no defect, 1 defect, 2 bad input). Output goes to the given streams.
#pragma once

#include "app/cli/CommandLine.hpp"

#include <cstdio>

namespace weft::cli {

int runExplore(const CommandLine &cl, std::FILE *out, std::FILE *err);
int runReplay(const CommandLine &cl, std::FILE *out, std::FILE *err);

} // namespace weft::cli
