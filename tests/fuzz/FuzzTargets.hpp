// SPDX-License-Identifier: MIT
// The fuzz targets: each takes one input of arbitrary bytes and must neither crash, hang nor leak
// whatever the bytes are. Built as libFuzzer executables (preset `fuzz`, FuzzMain.cpp) and run
// over the stored corpus by tst_FuzzRegressions in every normal build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace weft::fuzz {

/// Schedule::parse on the text; a parsed schedule must print and parse back to itself.
void fuzzSchedule(const std::uint8_t *data, std::size_t size);
/// The command line: arguments separated by newlines, parsed as `weft ARGS...`.
void fuzzCommandLine(const std::uint8_t *data, std::size_t size);
/// The whole pipeline on a C file: compile in-process, lower, explore with small bounds.
void fuzzPipeline(const std::uint8_t *data, std::size_t size);
/// The same from LLVM bitcode (mutated modules): read, verify, lower, explore.
void fuzzBitcode(const std::uint8_t *data, std::size_t size);

/// The target called `name` ("schedule", "commandline", "pipeline", "bitcode"), or null.
using Target = void (*)(const std::uint8_t *, std::size_t);
Target targetNamed(std::string_view name);

} // namespace weft::fuzz
