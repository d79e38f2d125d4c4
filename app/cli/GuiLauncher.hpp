// SPDX-License-Identifier: MIT
// `weft gui ...` hands over to the desktop app, a separate executable (`weft-gui`, next to `weft` or
// on the PATH), so that the `weft` command itself links no Qt and runs where there is no display.
#pragma once

namespace weft::cli {

/// Replaces the process with `weft-gui` given the same arguments; returns only on failure (having
/// said why on stderr), with the exit code to use.
int launchGui(char **argv);

} // namespace weft::cli
