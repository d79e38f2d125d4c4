// SPDX-License-Identifier: MIT
// `weft gui [FILE.c] [--lang fr] [--screenshot OUT.png]`: runs the desktop debugger, or, with
// --screenshot, explores FILE.c to the end offscreen and saves the window as a PNG.
#pragma once

#include "app/cli/CommandLine.hpp"

namespace weft::gui {

/// Returns the process exit code (cli::ExitCode).
int runGui(const cli::CommandLine &commandLine, int &argc, char **argv);

} // namespace weft::gui
