// SPDX-License-Identifier: MIT
#include "engine/frontend/ArbitraryLocals.hpp"

#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugProgramInstruction.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

namespace weft::frontend {

namespace {

/// The nondet function of an integer width: char is explored wholly, wider ones over the range.
const char *nondetFunctionOf(unsigned bits) {
    switch (bits) {
    case 8: return "__VERIFIER_nondet_char";
    case 16: return "__VERIFIER_nondet_short";
    case 32: return "__VERIFIER_nondet_int";
    case 64: return "__VERIFIER_nondet_long";
    default: return nullptr;
    }
}

/// Where the local is declared (its dbg declare), so that the choice shows at `int i;`.
llvm::DebugLoc declarationOf(llvm::AllocaInst *local) {
    for (llvm::DbgVariableRecord *record : llvm::findDVRDeclares(local))
        if (record->getDebugLoc())
            return record->getDebugLoc();
    for (llvm::DbgDeclareInst *declare : llvm::findDbgDeclares(local))
        if (declare->getDebugLoc())
            return declare->getDebugLoc();
    return {};
}

} // namespace

std::vector<llvm::CallInst *> startLocalsArbitrary(llvm::Module &module) {
    std::vector<llvm::CallInst *> calls;
    for (llvm::Function &fn : module) {
        if (fn.isDeclaration())
            continue;
        llvm::BasicBlock &entry = fn.getEntryBlock();
        std::vector<llvm::AllocaInst *> locals;
        for (llvm::Instruction &in : entry)
            if (auto *local = llvm::dyn_cast<llvm::AllocaInst>(&in);
                local && local->getAllocatedType()->isIntegerTy() &&
                nondetFunctionOf(local->getAllocatedType()->getIntegerBitWidth()) && llvm::isAllocaPromotable(local))
                locals.push_back(local);
        if (locals.empty())
            continue;
        // After the allocas, before any code of the function: every path starts from these values.
        llvm::IRBuilder<> builder(&*entry.getFirstNonPHIOrDbgOrAlloca());
        for (llvm::AllocaInst *local : locals) {
            llvm::Type *type = local->getAllocatedType();
            const char *name = nondetFunctionOf(type->getIntegerBitWidth());
            llvm::Function *existing = module.getFunction(name);
            if (existing && existing->getFunctionType() != llvm::FunctionType::get(type, false))
                continue; // the program declares it otherwise: its uninitialised reads stay undefined
            llvm::FunctionCallee nondet = module.getOrInsertFunction(name, type);
            llvm::CallInst *call = builder.CreateCall(nondet);
            call->setDebugLoc(declarationOf(local));
            builder.CreateStore(call, local);
            calls.push_back(call);
        }
    }
    return calls;
}

void dropUnreadArbitraryLocals(std::vector<llvm::CallInst *> &calls) {
    for (llvm::CallInst *call : calls)
        if (call->use_empty()) {
            llvm::replaceDbgUsesWithUndef(call); // the local's value there is unknown, as before
            call->eraseFromParent();
        }
    calls.clear();
}

} // namespace weft::frontend
