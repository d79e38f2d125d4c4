// SPDX-License-Identifier: MIT
#include "app/cli/ProgramLoader.hpp"

#include "engine/frontend/CCompiler.hpp"
#include "engine/program/Lowering.hpp"

namespace weft::cli {

Expected<LoadedProgram> loadProgram(const std::string &file, const std::vector<std::string> &defines,
                                    const std::vector<std::string> &includeDirs, const std::string &standard) {
    frontend::CompileOptions options;
    options.file = file;
    options.defines = defines;
    options.includeDirs = includeDirs;
    options.standard = standard;
    auto unit = frontend::compileC(options);
    if (!unit)
        return Unexpected(unit.error());
    auto lowered = program::lowerModule(*unit->module);
    if (!lowered)
        return Unexpected(lowered.error());
    std::vector<Diagnostic> warnings = std::move(unit->warnings);
    warnings.insert(warnings.end(), lowered->warnings.begin(), lowered->warnings.end());
    return LoadedProgram{std::move(*lowered), std::move(warnings)};
}

} // namespace weft::cli
