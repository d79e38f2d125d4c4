// SPDX-License-Identifier: MIT
#include "engine/frontend/CleanupPipeline.hpp"

#include "engine/frontend/ArbitraryLocals.hpp"

#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

namespace weft::frontend {

void runCleanupPipeline(llvm::Module &module, bool arbitraryLocals) {
    std::vector<llvm::CallInst *> arbitrary =
        arbitraryLocals ? startLocalsArbitrary(module) : std::vector<llvm::CallInst *>{};
    llvm::LoopAnalysisManager loops;
    llvm::FunctionAnalysisManager functions;
    llvm::CGSCCAnalysisManager sccs;
    llvm::ModuleAnalysisManager modules;
    llvm::PassBuilder builder; // no target machine, no instrumentation: passes run on every function
    builder.registerModuleAnalyses(modules);
    builder.registerCGSCCAnalyses(sccs);
    builder.registerFunctionAnalyses(functions);
    builder.registerLoopAnalyses(loops);
    builder.crossRegisterProxies(loops, functions, sccs, modules);

    llvm::FunctionPassManager perFunction;
    perFunction.addPass(llvm::PromotePass()); // mem2reg: no SROA, so no DW_OP_LLVM_fragment pieces
    llvm::ModulePassManager pipeline;
    pipeline.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(perFunction)));
    pipeline.run(module, modules);
    dropUnreadArbitraryLocals(arbitrary);
}

} // namespace weft::frontend
