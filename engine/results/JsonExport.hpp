// SPDX-License-Identifier: MIT
// The machine-readable form of an exploration's results (the CLI's --json and the GUI's export):
// statistics, defects with their schedules and traces, diagnostics. Uses nlohmann/json.
#pragma once

#include "engine/results/ExplorationResult.hpp"

#include <string>

namespace weft {

/// Describes the run itself (what was explored, and how) in the JSON header.
struct RunDescription {
    std::string program; ///< file or model program name
    std::string model = "sync";
    std::string policy;  ///< AltPolicy::name()
};

/// Pretty-printed JSON (2-space indent) with a trailing newline.
std::string toJson(const ExplorationResult &result, const RunDescription &run);

} // namespace weft
