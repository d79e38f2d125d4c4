// SPDX-License-Identifier: MIT
#include "app/cli/ProgramLoader.hpp"

#include "engine/frontend/CCompiler.hpp"
#include "engine/program/Lowering.hpp"

namespace weft::cli {

Expected<LoadedProgram> loadProgram(const std::string &file, const std::vector<std::string> &defines,
                                    const std::vector<std::string> &includeDirs) {
    frontend::CompileOptions options;
    options.file = file;
    options.defines = defines;
    options.includeDirs = includeDirs;
    auto unit = frontend::compileC(options);
    if (!unit)
        return Unexpected(unit.error());
    auto lowered = program::lowerModule(*unit->module);
    if (!lowered)
        return Unexpected(lowered.error());
    return LoadedProgram{std::move(*lowered), std::move(unit->warnings)};
}

} // namespace weft::cli
