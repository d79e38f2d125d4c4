// SPDX-License-Identifier: MIT
// Reads a textual (.ll) or bitcode (.bc) LLVM module; parse errors become diagnostics.
// Internal to frontend/; callable from any thread with its own context.
#pragma once

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace weft::frontend {

class DiagnosticCollector;

/// The module in file, or nullptr after adding an error with the parser's location to diagnostics.
std::unique_ptr<llvm::Module> readIrFile(const std::string &file, llvm::LLVMContext &context,
                                         DiagnosticCollector &diagnostics);

} // namespace weft::frontend
