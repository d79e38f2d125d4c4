// SPDX-License-Identifier: MIT
// Follows a wide input's value through the module to every comparison it reaches; any other use
// (arithmetic, a call, an address, a store anywhere but into a variable only it fills) disqualifies it.
#include "engine/program/LoweringEqualityInputs.hpp"

#include "engine/program/LoweringContext.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace weft::program {

namespace {

bool isEquality(const llvm::CmpInst &cmp) {
    using P = llvm::CmpInst::Predicate;
    const P p = cmp.getPredicate();
    return p == P::ICMP_EQ || p == P::ICMP_NE || p == P::FCMP_OEQ || p == P::FCMP_UNE || p == P::FCMP_UEQ ||
           p == P::FCMP_ONE;
}

/// The values carrying the input of `call` and the comparisons they reach; false if some use is
/// anything else.
bool follow(const llvm::CallInst &call, const LoweringContext &ctx, EqualityInputs &found) {
    std::unordered_set<const llvm::Value *> carrying{&call};
    std::unordered_set<const llvm::GlobalVariable *> cells;
    std::vector<const llvm::StoreInst *> stores; // into the cells, each must store a carrying value
    std::vector<std::pair<const llvm::CmpInst *, unsigned>> compares;
    std::vector<const llvm::Value *> work{&call};
    auto carry = [&](const llvm::Value *v) {
        if (carrying.insert(v).second)
            work.push_back(v);
    };
    while (!work.empty()) {
        const llvm::Value *u = work.back();
        work.pop_back();
        for (const llvm::Use &use : u->uses()) {
            const llvm::User *user = use.getUser();
            if (llvm::isa<llvm::ZExtInst>(user) || llvm::isa<llvm::SExtInst>(user)) {
                carry(user);
            } else if (llvm::isa<llvm::SIToFPInst>(user) || llvm::isa<llvm::UIToFPInst>(user)) {
                // Exact, so equal doubles mean equal inputs: at most 32 bits into a double.
                const auto *cast = llvm::cast<llvm::CastInst>(user);
                if (cast->getSrcTy()->getIntegerBitWidth() > 32 || !cast->getDestTy()->isDoubleTy())
                    return false;
                carry(user);
            } else if (const auto *cmp = llvm::dyn_cast<llvm::CmpInst>(user)) {
                if (!isEquality(*cmp))
                    return false;
                compares.emplace_back(cmp, use.getOperandNo() == 0 ? 1u : 0u);
            } else if (const auto *store = llvm::dyn_cast<llvm::StoreInst>(user)) {
                const auto *global = llvm::dyn_cast<llvm::GlobalVariable>(store->getPointerOperand());
                if (use.getOperandNo() != 0 || !global || global->isConstant() || !ctx.globalIndex.contains(global))
                    return false;
                if (!cells.insert(global).second)
                    continue;
                // A variable only read and written directly (its address never taken), with the
                // value's own type (a load of other bits would not hold the input).
                const llvm::Type *type = store->getValueOperand()->getType();
                for (const llvm::User *g : global->users()) {
                    if (const auto *load = llvm::dyn_cast<llvm::LoadInst>(g);
                        load && load->getPointerOperand() == global && load->getType() == type)
                        carry(load);
                    else if (const auto *s = llvm::dyn_cast<llvm::StoreInst>(g);
                             s && s->getPointerOperand() == global && s->getValueOperand() != global)
                        stores.push_back(s);
                    else
                        return false;
                }
            } else {
                return false;
            }
        }
    }
    for (const llvm::StoreInst *s : stores)
        if (!carrying.contains(s->getValueOperand()))
            return false;
    for (const auto &[cmp, other] : compares)
        if (carrying.contains(cmp->getOperand(other)))
            return false;
    found.calls.insert(&call);
    for (const auto &[cmp, other] : compares)
        found.compares.emplace(cmp, other);
    return true;
}

} // namespace

EqualityInputs findEqualityInputs(const llvm::Module &module, const LoweringContext &ctx) {
    EqualityInputs found;
    for (const llvm::Function &f : module)
        for (const llvm::BasicBlock &block : f)
            for (const llvm::Instruction &inst : block)
                if (const auto *call = llvm::dyn_cast<llvm::CallInst>(&inst); call && !call->use_empty())
                    if (const std::optional<Builtin> b = ctx.builtinCalled(*call); b && isWideNondet(*b))
                        follow(*call, ctx, found);
    return found;
}

} // namespace weft::program
