// SPDX-License-Identifier: MIT
// The machine-readable form of an exploration's results (the CLI's --json and the GUI's export):
// statistics, defects with their schedules and traces, diagnostics. Uses nlohmann/json.
#pragma once

#include "engine/results/ExplorationResult.hpp"

#include <cstddef>
#include <string>

namespace weft {

/// Describes the run itself (what was explored, and how) in the JSON header.
struct RunDescription {
    std::string program; ///< file or model program name
    std::string model = "sync";
    std::string policy;  ///< AltPolicy::name()
};

/// The most actions of one defect's execution the JSON lists (`trace`, `steps`): the last ones, where the defect
/// is. An execution that ran to the action bound has millions, and their JSON took gigabytes to build (SV-COMP's
/// qrcu under `--model sc`: a 1.37 GB file, 9 GB resident); its `schedule` still replays all of them.
inline constexpr std::size_t kMaxActionsInJson = 10000;

/// How many of an execution's `actions` the JSON leaves out, from the start (`traceOmitted`).
inline std::size_t omittedActionsInJson(std::size_t actions) {
    return actions > kMaxActionsInJson ? actions - kMaxActionsInJson : 0;
}

/// Pretty-printed JSON (2-space indent) with a trailing newline.
std::string toJson(const ExplorationResult &result, const RunDescription &run);

} // namespace weft
