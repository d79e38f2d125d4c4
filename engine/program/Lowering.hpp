// SPDX-License-Identifier: MIT
// Lowers an llvm::Module (from frontend/CCompiler) into a Program, rejecting before any run what the
// interpreter cannot execute (inline asm, vectors, unknown externals, ...) with file:line diagnostics.
#pragma once

#include "engine/base/Expected.hpp"
#include "engine/program/Program.hpp"

namespace llvm {
class Module;
} // namespace llvm

namespace weft::program {

/// The program, or every unsupported construct found (each with its source location).
Expected<Program> lowerModule(const llvm::Module &module);

} // namespace weft::program
