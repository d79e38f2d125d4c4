// SPDX-License-Identifier: MIT
// The new-pass-manager cleanup run after -O0 code generation: promotes non-escaping scalar locals
// (mem2reg), turning their dbg declares into dbg values. Never inlines, unrolls or merges lines.
// With arbitraryLocals (SV-COMP), an integer local read before written is a nondet value (ArbitraryLocals.hpp).
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace weft::frontend {

void runCleanupPipeline(llvm::Module &module, bool arbitraryLocals = false);

} // namespace weft::frontend
