// SPDX-License-Identifier: MIT
// Compiles one C file in-process with Clang 19 (or reads .ll/.bc) into an llvm::Module with debug info.
// Diagnostics come back as data. Callable from any thread; compilations are serialised internally and
// run on a thread with a large stack, where a crash of Clang or LLVM becomes an error (CrashGuard).
#pragma once

#include "engine/base/Diagnostic.hpp"
#include "engine/base/Expected.hpp"
#include "engine/frontend/CrashGuard.hpp"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace weft::frontend {

/// What to compile and how. The target is always x86_64 Linux; system headers come from /usr/include.
struct CompileOptions {
    std::string file;                       ///< .c (compiled), .ll or .bc (parsed, used as is)
    std::vector<std::string> defines{};     ///< -D: "N" or "N=3"
    std::vector<std::string> includeDirs{}; ///< -I
    std::vector<std::string> extraArgs{};   ///< further driver flags, e.g. "-Wall"
    /// The C dialect (-std=): gnu17 by default. As GCC 12 does, implicit function declarations,
    /// implicit int, int-to-pointer conversions and incompatible pointer types are warnings, not errors.
    std::string standard = "gnu17";
    /// Promote non-escaping scalar locals to SSA values (mem2reg); debug records follow them.
    bool promoteLocals = true;
    /// SV-COMP: an integer local read before it is written holds an arbitrary value, a
    /// __VERIFIER_nondet_* call of its width at its declaration (ArbitraryLocals.hpp); with promoteLocals.
    bool arbitraryLocals = false;
    /// The compiler thread's stack; deeper input than it holds gives a compiler-failure error.
    std::size_t stackSize = kCompilerStackSize;
    /// Link the runtime library's definitions of the libc functions the program uses (RuntimeLibrary.hpp).
    bool linkRuntime = true;
};

/// A compiled translation unit. The module lives in (and must die before) its own context.
struct CompiledUnit {
    std::unique_ptr<llvm::LLVMContext> context;
    std::unique_ptr<llvm::Module> module;
    /// Warnings, each followed by its notes, in Clang's order.
    std::vector<Diagnostic> warnings;

    CompiledUnit();
    CompiledUnit(CompiledUnit &&) noexcept;
    CompiledUnit &operator=(CompiledUnit &&) noexcept;
    ~CompiledUnit();
};

/// Compiles (or reads) options.file. On failure the error side holds every diagnostic Clang emitted,
/// in its order (errors, the warnings before them and the notes after them), at least one an Error;
/// or, when Clang or LLVM crashed, one error "the C compiler failed on this input: ..." marked internal.
Expected<CompiledUnit> compileC(const CompileOptions &options);

/// Whether `standard` is a C dialect compileC accepts ("gnu17", "c99", ...).
bool isKnownStandard(const std::string &standard);

/// Whether a failed compile is the compiler's failure (it crashed) rather than a mistake in the input.
bool isCompilerFailure(const std::vector<Diagnostic> &diagnostics);

/// The diagnostics as the clang command line prints them: one "file:line:col: error: text" per line.
std::string formatDiagnostics(const std::vector<Diagnostic> &diagnostics);

} // namespace weft::frontend
