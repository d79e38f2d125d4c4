// SPDX-License-Identifier: MIT
// The only translation unit that includes Clang's Frontend/CodeGen headers (slow to compile).
#include "engine/frontend/ClangCodeGen.hpp"

#include "engine/base/Message.hpp"
#include "engine/frontend/DiagnosticCollector.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/MultiplexConsumer.h>
#include <clang/Frontend/Utils.h>
#include <llvm/IR/Module.h>

#ifndef WEFT_CLANG_RESOURCE_DIR
#error "WEFT_CLANG_RESOURCE_DIR must name Clang's resource directory (set by engine/frontend/CMakeLists.txt)"
#endif
#ifndef WEFT_CLANG_DRIVER
#define WEFT_CLANG_DRIVER "clang"
#endif

namespace weft::frontend {

namespace {

/// The clang command line Weft compiles with. The driver probes the system for headers from argv[0].
std::vector<std::string> driverArguments(const CompileOptions &options) {
    std::vector<std::string> args{
        WEFT_CLANG_DRIVER,
        "--target=x86_64-pc-linux-gnu",
        "-resource-dir", WEFT_CLANG_RESOURCE_DIR,
        "-x", "c",
        "-O0",
        "-g",                        // full debug info: lines, columns, variables
        "-fno-discard-value-names",  // keep %names of values: readable IR and lowering dumps
        "-S", "-emit-llvm",
        "-std=" + options.standard,
        // Old C that GCC 12 accepts with a warning: Clang makes these errors by default.
        "-Wno-error=implicit-function-declaration",
        "-Wno-error=implicit-int",
        "-Wno-error=int-conversion",
        "-Wno-error=incompatible-function-pointer-types",
        "-Wno-error=incompatible-pointer-types",
        "-Wno-error=return-type",
    };
    for (const std::string &define : options.defines)
        args.push_back("-D" + define);
    for (const std::string &dir : options.includeDirs)
        args.push_back("-I" + dir);
    args.insert(args.end(), options.extraArgs.begin(), options.extraArgs.end());
    args.push_back("--");
    args.push_back(options.file);
    return args;
}

/// C99's `inline void f(void) { ... }` without `static` or `extern` anywhere is an inline definition
/// only: the program must define f elsewhere, and at -O0 no code is emitted for it (GCC -O0 fails to
/// link; with optimisation the calls are inlined). Weft runs one translation unit, so there is no
/// elsewhere: such a definition is made the external one, as GNU89 reads it (`gnu_inline`), instead
/// of leaving f undefined (an "unsupported operation" at each call).
class InlineDefinitionsAsExternal final : public clang::ASTConsumer {
public:
    bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
        for (clang::Decl *decl : group)
            if (auto *f = llvm::dyn_cast<clang::FunctionDecl>(decl);
                f && f->doesThisDeclarationHaveABody() && f->isInlineSpecified() &&
                f->getStorageClass() == clang::SC_None && !f->isInlineDefinitionExternallyVisible())
                f->addAttr(clang::GNUInlineAttr::CreateImplicit(f->getASTContext()));
        return true;
    }
};

class EmitModuleAction final : public clang::EmitLLVMOnlyAction {
public:
    using clang::EmitLLVMOnlyAction::EmitLLVMOnlyAction;

protected:
    std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &compiler,
                                                          llvm::StringRef file) override {
        std::vector<std::unique_ptr<clang::ASTConsumer>> consumers;
        consumers.push_back(std::make_unique<InlineDefinitionsAsExternal>());
        consumers.push_back(clang::EmitLLVMOnlyAction::CreateASTConsumer(compiler, file));
        return std::make_unique<clang::MultiplexConsumer>(std::move(consumers));
    }
};

} // namespace

std::unique_ptr<llvm::Module> emitModuleWithClang(const CompileOptions &options, llvm::LLVMContext &context,
                                                  DiagnosticCollector &diagnostics) {
    const std::vector<std::string> args = driverArguments(options);
    std::vector<const char *> argv;
    argv.reserve(args.size());
    for (const std::string &arg : args)
        argv.push_back(arg.c_str());

    llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> driverDiagOptions(new clang::DiagnosticOptions);
    clang::CreateInvocationOptions invocationOptions;
    invocationOptions.Diags = clang::CompilerInstance::createDiagnostics(
        driverDiagOptions.get(), &diagnostics.consumer(), /*ShouldOwnClient=*/false);
    std::shared_ptr<clang::CompilerInvocation> invocation = clang::createInvocation(argv, invocationOptions);
    if (!invocation || diagnostics.hasErrors()) {
        if (!diagnostics.hasErrors())
            diagnostics.add({options.file, 0, 0, Severity::Error, english(MessageKind::NoCompilation, {})});
        return nullptr;
    }
    // The driver's defaults suit a short-lived cc1 process, not a library in a long-lived one.
    invocation->getFrontendOpts().DisableFree = false;          // else every compile leaks its AST
    invocation->getDiagnosticOpts().ShowCarets = false;         // else "N warnings generated." on stderr
    invocation->getCodeGenOpts().DisableO0ImplyOptNone = true;  // -Xclang -disable-O0-optnone

    clang::CompilerInstance compiler;
    compiler.setInvocation(std::move(invocation));
    compiler.createDiagnostics(&diagnostics.consumer(), /*ShouldOwnClient=*/false);
    EmitModuleAction action(&context);
    if (!compiler.ExecuteAction(action) || diagnostics.hasErrors())
        return nullptr;
    return action.takeModule();
}

} // namespace weft::frontend
