// SPDX-License-Identifier: MIT
#include "engine/frontend/RuntimeLibrary.hpp"

#include "engine/frontend/CCompiler.hpp"
#include "engine/frontend/DiagnosticCollector.hpp"
#include "engine/frontend/RuntimeCache.hpp"

#include <llvm/ADT/SmallString.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/Bitcode/BitcodeWriter.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/xxhash.h>

#include <algorithm>
#include <memory>
#include <mutex>

#ifndef WEFT_RUNTIME_DIR
#error "WEFT_RUNTIME_DIR must name engine/runtime (set by engine/frontend/CMakeLists.txt)"
#endif

namespace weft::frontend {

namespace {

/// Bumped when the way the runtime is compiled changes (flags, linkage), so old caches are unused.
constexpr const char *kRuntimeFormat = "weft-runtime-1";

struct Sources {
    std::vector<std::string> files;
    std::uint64_t hash = 0;
    std::string problem;
};

Sources readSources() {
    Sources out;
    out.files = runtimeSources();
    if (out.files.empty()) {
        out.problem = "the runtime library's sources are missing (no .c file in " + runtimeDirectory() + ")";
        return out;
    }
    std::string all = std::string(kRuntimeFormat) + '\0' + LLVM_VERSION_STRING + '\0';
    for (const std::string &file : out.files) {
        auto buffer = llvm::MemoryBuffer::getFile(file);
        if (!buffer) {
            out.problem = "cannot read the runtime library's source '" + file + "': " + buffer.getError().message();
            return out;
        }
        all += file + '\0' + (*buffer)->getBuffer().str() + '\0';
    }
    out.hash = llvm::xxh3_64bits(llvm::ArrayRef<std::uint8_t>(reinterpret_cast<const std::uint8_t *>(all.data()),
                                                              all.size()));
    return out;
}

std::string cachePathFor(std::uint64_t hash) {
    llvm::SmallString<256> path(runtimeCacheDirectory());
    char name[40];
    std::snprintf(name, sizeof name, "runtime-%016llx.bc", static_cast<unsigned long long>(hash));
    llvm::sys::path::append(path, name);
    return std::string(path);
}

/// Compiles every runtime source and links them into one module's bitcode; errors go to `diagnostics`.
std::optional<std::string> buildRuntime(const Sources &sources, DiagnosticCollector &diagnostics) {
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> merged;
    for (const std::string &file : sources.files) {
        CompileOptions options{file};
        options.linkRuntime = false;
        options.extraArgs = {"-fno-builtin", "-w"};
        auto unit = compileC(options);
        if (!unit) {
            for (Diagnostic d : unit.error())
                if (d.severity == Severity::Error) {
                    d.text = "runtime library: " + d.text;
                    diagnostics.add(std::move(d));
                }
            return std::nullopt;
        }
        // Move the unit into the shared context through bitcode (modules cannot cross contexts).
        std::string bitcode;
        llvm::raw_string_ostream os(bitcode);
        llvm::WriteBitcodeToFile(*unit->module, os);
        os.flush();
        auto module = llvm::parseBitcodeFile(llvm::MemoryBufferRef(bitcode, file), context);
        if (!module) {
            diagnostics.add(Diagnostic::error("runtime library: " + llvm::toString(module.takeError())));
            return std::nullopt;
        }
        if (!merged) {
            merged = std::move(*module);
        } else if (llvm::Linker::linkModules(*merged, std::move(*module))) {
            diagnostics.add(Diagnostic::error("runtime library: cannot link '" + file + "'"));
            return std::nullopt;
        }
    }
    for (llvm::Function &f : *merged)
        if (!f.isDeclaration() && f.hasExternalLinkage())
            f.setLinkage(llvm::GlobalValue::WeakAnyLinkage); // the user's definition wins
    std::string bitcode;
    llvm::raw_string_ostream os(bitcode);
    llvm::WriteBitcodeToFile(*merged, os);
    os.flush();
    return bitcode;
}

std::mutex g_lock;
std::shared_ptr<const std::string> g_bitcode; ///< the runtime of this process, once loaded

/// The runtime's bitcode: from memory, else the disk cache, else built (and cached). `rebuild`
/// ignores both caches (the cached bitcode could not be parsed).
std::shared_ptr<const std::string> runtimeBitcode(DiagnosticCollector &diagnostics, bool rebuild) {
    const std::lock_guard lock(g_lock);
    if (g_bitcode && !rebuild)
        return g_bitcode;
    const Sources sources = readSources();
    if (!sources.problem.empty()) {
        diagnostics.add(Diagnostic::error(sources.problem));
        return nullptr;
    }
    const std::string path = cachePathFor(sources.hash);
    std::string why;
    if (!rebuild)
        if (std::optional<std::string> cached = readRuntimeCache(path, sources.hash, why))
            return g_bitcode = std::make_shared<const std::string>(std::move(*cached));
    std::optional<std::string> built = buildRuntime(sources, diagnostics);
    if (!built)
        return nullptr;
    writeRuntimeCache(path, sources.hash, *built, why); // if it fails, the runtime lives in memory only
    return g_bitcode = std::make_shared<const std::string>(std::move(*built));
}

/// Collects the linker's errors (LLVMContext's default handler would exit the process on one).
struct LinkErrors : llvm::DiagnosticHandler {
    std::string *text;
    explicit LinkErrors(std::string *out) : text(out) {}
    bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
        if (info.getSeverity() != llvm::DS_Error)
            return true;
        llvm::raw_string_ostream os(*text);
        llvm::DiagnosticPrinterRawOStream printer(os);
        if (!text->empty())
            os << "; ";
        info.print(printer);
        return true;
    }
};

bool needsRuntime(const llvm::Module &module) {
    return std::any_of(module.begin(), module.end(),
                       [](const llvm::Function &f) { return f.isDeclaration() && !f.isIntrinsic(); });
}

} // namespace

std::string runtimeDirectory() {
    // An installed weft (<prefix>/bin/weft) finds the copy installed beside it, so it does not depend
    // on the source tree it was built from; a weft in its build tree uses the sources.
    static int anchor;
    const std::string exe = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
    if (!exe.empty()) {
        llvm::SmallString<256> installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
        llvm::sys::path::append(installed, "share", "weft", "runtime");
        if (llvm::sys::fs::is_directory(installed))
            return std::string(installed);
    }
    return WEFT_RUNTIME_DIR;
}

std::vector<std::string> runtimeSources() {
    std::vector<std::string> files;
    std::error_code ec;
    const std::string dir = runtimeDirectory();
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec))
        if (llvm::sys::path::extension(it->path()) == ".c")
            files.push_back(it->path());
    std::sort(files.begin(), files.end());
    return files;
}

std::string runtimeCachePath() { return cachePathFor(readSources().hash); }

void forgetLoadedRuntime() {
    const std::lock_guard lock(g_lock);
    g_bitcode.reset();
}

bool linkRuntime(llvm::Module &module, DiagnosticCollector &diagnostics,
                 const std::function<bool(const std::function<void()> &)> &guarded) {
    if (!needsRuntime(module))
        return true;
    for (int attempt = 0; attempt < 2; ++attempt) {
        const std::shared_ptr<const std::string> bitcode = runtimeBitcode(diagnostics, attempt > 0);
        if (!bitcode)
            return false;
        std::string unusable, errors;
        bool failed = false;
        const bool finished = guarded([&] {
            auto runtime = llvm::getLazyBitcodeModule(llvm::MemoryBufferRef(*bitcode, "weft-runtime"), module.getContext());
            if (!runtime) {
                unusable = llvm::toString(runtime.takeError());
                return;
            }
            llvm::LLVMContext &context = module.getContext();
            std::unique_ptr<llvm::DiagnosticHandler> previous = context.getDiagnosticHandler();
            context.setDiagnosticHandler(std::make_unique<LinkErrors>(&errors));
            failed = llvm::Linker::linkModules(module, std::move(*runtime), llvm::Linker::Flags::LinkOnlyNeeded);
            context.setDiagnosticHandler(std::move(previous));
        });
        if (!finished)
            return false;
        if (!unusable.empty()) {
            if (attempt == 0)
                continue; // a cache that passed its checks but is not bitcode: rebuild once
            diagnostics.add(Diagnostic::error("runtime library: unusable bitcode: " + unusable));
            return false;
        }
        if (failed) {
            diagnostics.add({module.getSourceFileName(), 0, 0, Severity::Error,
                             "cannot link the runtime library: " + (errors.empty() ? "unknown error" : errors)});
            return false;
        }
        return true;
    }
    return false;
}

} // namespace weft::frontend
