// SPDX-License-Identifier: MIT
// Fuzz targets over whole programs: C source or LLVM bitcode through compile, lowering and a short
// exploration. Bounds keep every input to a fraction of a second: a few executions, a small step
// and memory budget, a timeout.
#include "tests/fuzz/FuzzTargets.hpp"

#include "engine/debugger/ProgramLoader.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/interpreter/Interpreter.hpp"

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

namespace weft::fuzz {

namespace {

/// Writes the input where the front end can read it (it compiles files), once per process.
std::string writeInput(const std::uint8_t *data, std::size_t size, const char *extension) {
    const std::string path = "/tmp/weft-fuzz-" + std::to_string(getpid()) + extension;
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char *>(data), std::streamsize(size));
    return path;
}

void loadAndExplore(const std::string &file) {
    auto loaded = debugger::loadProgram(file, {}, {});
    if (!loaded)
        return; // a clear diagnostic is all bad input owes us
    for (const bool sc : {false, true}) {
        interpreter::InterpreterOptions interpreterOptions;
        interpreterOptions.stepBound = 20'000;
        interpreterOptions.maxMemory = std::uint64_t{32} << 20;
        interpreterOptions.model = sc ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;
        interpreter::Interpreter machine(loaded->program, interpreterOptions);
        ScheduledExecutor executor(machine, ExecutionLimits{4096, 64});
        ExplorationOptions options;
        options.maxExecutions = 8;
        options.timeoutSeconds = 2;
        options.memoryBytes = std::uint64_t{256} << 20;
        Explorer explorer(executor, options);
        const ExplorationResult result = explorer.run();
        for (const Defect &d : result.defects) // every defect's report names its kind and says what happened
            if (d.message.empty())
                std::abort();
    }
}

} // namespace

void fuzzPipeline(const std::uint8_t *data, std::size_t size) {
    if (size > 64 * 1024)
        return; // compile time grows with size; big inputs teach the fuzzer nothing new
    loadAndExplore(writeInput(data, size, ".c"));
}

void fuzzBitcode(const std::uint8_t *data, std::size_t size) {
    if (size > 256 * 1024)
        return;
    loadAndExplore(writeInput(data, size, ".bc"));
}

} // namespace weft::fuzz
