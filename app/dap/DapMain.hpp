// SPDX-License-Identifier: MIT
// `weft dap [--log FILE]`: serves the Debug Adapter Protocol on stdin/stdout until the client
// disconnects or goes away (docs/dap.md). Needs no display and no Qt.
#pragma once

#include <string>

namespace weft::dap {

/// Returns the process exit code: 0 after a disconnect or the end of the input, 2 if the log cannot be opened.
int runDap(const std::string &logPath);

} // namespace weft::dap
