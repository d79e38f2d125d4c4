// SPDX-License-Identifier: MIT
#include "engine/frontend/CCompiler.hpp"

#include "engine/base/Message.hpp"
#include "engine/frontend/ClangCodeGen.hpp"
#include "engine/frontend/CleanupPipeline.hpp"
#include "engine/frontend/CrashGuard.hpp"
#include "engine/frontend/DiagnosticCollector.hpp"
#include "engine/frontend/IrReader.hpp"
#include "engine/frontend/RuntimeLibrary.hpp"

#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cassert>
#include <mutex>
#include <optional>

namespace weft::frontend {

CompiledUnit::CompiledUnit() = default;
CompiledUnit::CompiledUnit(CompiledUnit &&) noexcept = default;
CompiledUnit &CompiledUnit::operator=(CompiledUnit &&) noexcept = default;
CompiledUnit::~CompiledUnit() = default;

namespace {

enum class InputKind { C, Ir };

/// Why file cannot be compiled before Clang is even started, if it cannot.
std::optional<Diagnostic> checkInput(const std::string &file, InputKind &kind) {
    if (file.empty())
        return Diagnostic::error(english(MessageKind::NoInputFile, {}));
    llvm::Expected<llvm::sys::fs::file_t> handle = llvm::sys::fs::openNativeFileForRead(file);
    if (!handle)
        return Diagnostic{file, 0, 0, Severity::Error,
                          english(MessageKind::CannotOpenFile, {llvm::toString(handle.takeError())})};
    llvm::sys::fs::closeFile(*handle);
    if (llvm::sys::fs::is_directory(file))
        return Diagnostic{file, 0, 0, Severity::Error, english(MessageKind::FileIsDirectory, {})};
    const std::string extension = llvm::sys::path::extension(file).lower();
    if (extension == ".c" || extension == ".i") // .i: C already preprocessed (SV-COMP tasks)
        kind = InputKind::C;
    else if (extension == ".ll" || extension == ".bc")
        kind = InputKind::Ir;
    else
        return Diagnostic{file, 0, 0, Severity::Error, english(MessageKind::UnsupportedFileType, {extension})};
    return std::nullopt;
}

/// Adds an error when the module is not valid IR; drops debug info that is broken (with a warning).
void verify(llvm::Module &module, const std::string &file, DiagnosticCollector &diagnostics) {
    std::string message;
    llvm::raw_string_ostream os(message);
    bool brokenDebugInfo = false;
    if (llvm::verifyModule(module, &os, &brokenDebugInfo)) {
        diagnostics.add(
            {file, 0, 0, Severity::Error, english(MessageKind::InvalidIr, {llvm::StringRef(message).trim().str()})});
    } else if (brokenDebugInfo) {
        llvm::StripDebugInfo(module);
        diagnostics.add({file, 0, 0, Severity::Warning,
                         english(MessageKind::InvalidDebugInfo, {llvm::StringRef(message).trim().str()})});
    }
}

/// Clang keeps process-wide state (llvm::cl options, statistics): one compilation at a time.
std::mutex g_compileLock;

/// Everything that runs Clang or LLVM on the input: code generation (or reading IR), verification, cleanup.
void build(const CompileOptions &options, InputKind kind, CompiledUnit &unit, DiagnosticCollector &diagnostics) {
    unit.module = kind == InputKind::C ? emitModuleWithClang(options, *unit.context, diagnostics)
                                       : readIrFile(options.file, *unit.context, diagnostics);
    if (unit.module)
        verify(*unit.module, options.file, diagnostics);
    if (!unit.module || diagnostics.hasErrors())
        return;
    if (kind == InputKind::C && options.promoteLocals) {
        runCleanupPipeline(*unit.module, options.arbitraryLocals);
        assert(!llvm::verifyModule(*unit.module, &llvm::errs()) && "cleanup pipeline broke the module");
    }
}

} // namespace

bool isKnownStandard(const std::string &standard) {
    static const char *const kStandards[] = {"c89",   "c90",   "c99",   "c11",   "c17",   "c18",  "c2x",
                                             "c23",   "gnu89", "gnu90", "gnu99", "gnu11", "gnu17", "gnu18",
                                             "gnu2x", "gnu23"};
    for (const char *s : kStandards)
        if (standard == s)
            return true;
    return false;
}

Expected<CompiledUnit> compileC(const CompileOptions &options) {
    InputKind kind = InputKind::C;
    if (std::optional<Diagnostic> bad = checkInput(options.file, kind))
        return Unexpected(std::move(*bad));
    if (!isKnownStandard(options.standard))
        return Unexpected(Diagnostic::error("unknown C standard '" + options.standard +
                                            "' (expected c89 ... c23 or gnu89 ... gnu23)"));

    DiagnosticCollector diagnostics;
    CompiledUnit unit;
    unit.context = std::make_unique<llvm::LLVMContext>();
    std::optional<std::string> crash;
    {
        // Held by this thread, not the guarded one, so that a crash cannot leave it locked.
        const std::lock_guard lock(g_compileLock);
        crash = runGuarded([&] { build(options, kind, unit, diagnostics); }, options.stackSize);
    }
    if (!crash && unit.module && !diagnostics.hasErrors() && options.linkRuntime) {
        // Building the runtime on first use compiles it with compileC: outside the lock. Linking is guarded.
        const auto guarded = [&](const std::function<void()> &work) {
            const std::lock_guard lock(g_compileLock);
            crash = runGuarded(work, options.stackSize);
            return !crash;
        };
        if (!linkRuntime(*unit.module, diagnostics, guarded) && !crash && !diagnostics.hasErrors())
            diagnostics.add({options.file, 0, 0, Severity::Error, english(MessageKind::RuntimeNotLinked, {})});
    }
    if (crash) {
        // The crashed thread left the module half-made: destroying it could crash again.
        (void)unit.module.release();
        (void)unit.context.release();
        Diagnostic failure{options.file, 0, 0, Severity::Error, english(MessageKind::CompilerFailed, {*crash})};
        failure.internal = true;
        return Unexpected(std::move(failure));
    }
    if (!unit.module || diagnostics.hasErrors()) {
        if (!diagnostics.hasErrors()) // a failure Clang did not explain
            diagnostics.add({options.file, 0, 0, Severity::Error, english(MessageKind::CompilationFailed, {})});
        return Unexpected(diagnostics.take());
    }
    unit.warnings = diagnostics.take();
    return unit;
}

bool isCompilerFailure(const std::vector<Diagnostic> &diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &d) { return d.internal; });
}

std::string formatDiagnostics(const std::vector<Diagnostic> &diagnostics) {
    std::string out;
    for (const Diagnostic &d : diagnostics) {
        out += d.format() + '\n';
        for (const std::string &fixIt : d.fixIts)
            out += fixIt + '\n';
    }
    return out;
}

} // namespace weft::frontend
