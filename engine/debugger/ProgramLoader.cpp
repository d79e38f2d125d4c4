// SPDX-License-Identifier: MIT
#include "engine/debugger/ProgramLoader.hpp"

#include "engine/base/Message.hpp"
#include "engine/frontend/CCompiler.hpp"
#include "engine/program/Lowering.hpp"

#include <cstdlib>
#include <optional>

namespace weft::debugger {

namespace {

/// WEFT_COMPILER_STACK_MIB replaces the compiler thread's stack size: tests make the compiler fail with it.
std::size_t compilerStackSize() {
    const char *mib = std::getenv("WEFT_COMPILER_STACK_MIB");
    const long value = mib ? std::strtol(mib, nullptr, 10) : 0;
    return value > 0 ? std::size_t(value) << 20 : frontend::kCompilerStackSize;
}

} // namespace

Expected<LoadedProgram> loadProgram(const std::string &file, const std::vector<std::string> &defines,
                                    const std::vector<std::string> &includeDirs, const std::string &standard,
                                    bool arbitraryLocals) {
    frontend::CompileOptions options;
    options.file = file;
    options.defines = defines;
    options.includeDirs = includeDirs;
    options.standard = standard;
    options.arbitraryLocals = arbitraryLocals;
    options.stackSize = compilerStackSize();
    auto unit = frontend::compileC(options);
    if (!unit)
        return Unexpected(unit.error());
    // The lowering reads debug metadata that a malformed .ll/.bc can shape so that LLVM's own
    // accessors assert or crash (found by fuzzing): it runs guarded like the compiler, and a result
    // half-built by a crash is abandoned, never destroyed.
    auto *slot = new std::optional<Expected<program::Program>>();
    if (auto crash = frontend::runGuarded([&] { slot->emplace(program::lowerModule(*unit->module)); }, options.stackSize)) {
        Diagnostic failure{file, 0, 0, Severity::Error, english(MessageKind::ReadFailed, {*crash})};
        failure.internal = true;
        return Unexpected(std::vector<Diagnostic>{std::move(failure)});
    }
    Expected<program::Program> lowered = std::move(**slot);
    delete slot;
    if (!lowered)
        return Unexpected(lowered.error());
    std::vector<Diagnostic> warnings = std::move(unit->warnings);
    warnings.insert(warnings.end(), lowered->warnings.begin(), lowered->warnings.end());
    return LoadedProgram{std::move(*lowered), std::move(warnings)};
}

} // namespace weft::debugger
