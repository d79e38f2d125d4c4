// SPDX-License-Identifier: MIT
// Fuzz targets over text the user types: schedules (`--schedule`) and command lines.
#include "tests/fuzz/FuzzTargets.hpp"

#include "app/cli/CommandLine.hpp"
#include "engine/execution/Schedule.hpp"

#include <cstdlib>
#include <string>
#include <vector>

namespace weft::fuzz {

void fuzzSchedule(const std::uint8_t *data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const auto schedule = Schedule::parse(text);
    if (!schedule)
        return;
    // What parses prints in the canonical form, and that form parses back to the same schedule.
    const std::string printed = schedule->toString();
    const auto again = Schedule::parse(printed);
    if (!again || again->replay != schedule->replay)
        std::abort();
}

void fuzzCommandLine(const std::uint8_t *data, std::size_t size) {
    std::vector<std::string> args(1);
    for (std::size_t i = 0; i < size && args.size() < 64; ++i) {
        if (data[i] == '\n')
            args.emplace_back();
        else
            args.back().push_back(char(data[i]));
    }
    (void)cli::parseCommandLine(args);
}

Target targetNamed(std::string_view name) {
    if (name == "schedule")
        return fuzzSchedule;
    if (name == "commandline")
        return fuzzCommandLine;
    if (name == "pipeline")
        return fuzzPipeline;
    if (name == "bitcode")
        return fuzzBitcode;
    return nullptr;
}

} // namespace weft::fuzz
