// SPDX-License-Identifier: MIT
// Runs the Clang 19 driver and code generator in-process on one C file: -O0 -g, x86_64 Linux, no optnone.
// Internal to frontend/: compileC serialises the calls and runs them under CrashGuard.
#pragma once

#include "engine/frontend/CCompiler.hpp"

namespace weft::frontend {

class DiagnosticCollector;

/// The module of options.file created in context, or nullptr when Clang reported an error.
/// Every diagnostic (driver and compiler) goes to diagnostics.
std::unique_ptr<llvm::Module> emitModuleWithClang(const CompileOptions &options, llvm::LLVMContext &context,
                                                  DiagnosticCollector &diagnostics);

} // namespace weft::frontend
