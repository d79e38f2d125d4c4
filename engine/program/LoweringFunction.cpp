// SPDX-License-Identifier: MIT
// Lowers one function's instructions: registers for every SSA value (aggregates take one register per
// leaf), phis as parallel copies on their incoming edges. Calls and intrinsics: LoweringCall.cpp.
#include "engine/program/FunctionLowering.hpp"

#include "engine/base/Message.hpp"

#include <utility>

#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DebugProgramInstruction.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

#include <algorithm>
#include <optional>

namespace weft::program {

std::uint8_t log2Of(std::uint64_t alignment) {
    std::uint8_t n = 0;
    while ((std::uint64_t{1} << (n + 1)) <= alignment && n < 12)
        ++n;
    return n;
}

/// The largest power of two dividing both.
std::uint64_t commonAlignment(std::uint64_t alignment, std::uint64_t offset) {
    const std::uint64_t v = alignment | offset;
    return v & (~v + 1);
}

std::uint8_t widthOf(llvm::Type *type) {
    if (type->isIntegerTy())
        return std::uint8_t(std::min(type->getIntegerBitWidth(), 64u));
    if (type->isFloatTy())
        return 32;
    return 64; // double, pointer
}

namespace {



std::optional<Opcode> integerOpcode(unsigned op) {
    switch (op) {
    case llvm::Instruction::Add: return Opcode::Add;
    case llvm::Instruction::Sub: return Opcode::Sub;
    case llvm::Instruction::Mul: return Opcode::Mul;
    case llvm::Instruction::UDiv: return Opcode::UDiv;
    case llvm::Instruction::SDiv: return Opcode::SDiv;
    case llvm::Instruction::URem: return Opcode::URem;
    case llvm::Instruction::SRem: return Opcode::SRem;
    case llvm::Instruction::Shl: return Opcode::Shl;
    case llvm::Instruction::LShr: return Opcode::LShr;
    case llvm::Instruction::AShr: return Opcode::AShr;
    case llvm::Instruction::And: return Opcode::And;
    case llvm::Instruction::Or: return Opcode::Or;
    case llvm::Instruction::Xor: return Opcode::Xor;
    case llvm::Instruction::FAdd: return Opcode::FAdd;
    case llvm::Instruction::FSub: return Opcode::FSub;
    case llvm::Instruction::FMul: return Opcode::FMul;
    case llvm::Instruction::FDiv: return Opcode::FDiv;
    case llvm::Instruction::FRem: return Opcode::FRem;
    default: return std::nullopt;
    }
}

IntPredicate intPredicate(llvm::CmpInst::Predicate p) {
    switch (p) {
    case llvm::CmpInst::ICMP_EQ: return IntPredicate::Eq;
    case llvm::CmpInst::ICMP_NE: return IntPredicate::Ne;
    case llvm::CmpInst::ICMP_UGT: return IntPredicate::Ugt;
    case llvm::CmpInst::ICMP_UGE: return IntPredicate::Uge;
    case llvm::CmpInst::ICMP_ULT: return IntPredicate::Ult;
    case llvm::CmpInst::ICMP_ULE: return IntPredicate::Ule;
    case llvm::CmpInst::ICMP_SGT: return IntPredicate::Sgt;
    case llvm::CmpInst::ICMP_SGE: return IntPredicate::Sge;
    case llvm::CmpInst::ICMP_SLT: return IntPredicate::Slt;
    default: return IntPredicate::Sle;
    }
}

/// True for long double (x86 80-bit or 128-bit floating point) and aggregates holding one: Weft
/// computes float and double only, so an instruction on such a value is an unsupported operation.
bool holdsLongDouble(const llvm::Type *type) {
    if (type->isX86_FP80Ty() || type->isFP128Ty() || type->isPPC_FP128Ty())
        return true;
    if (auto *s = llvm::dyn_cast<llvm::StructType>(type))
        return std::any_of(s->element_begin(), s->element_end(), holdsLongDouble);
    if (auto *a = llvm::dyn_cast<llvm::ArrayType>(type))
        return holdsLongDouble(a->getElementType());
    return false;
}

/// `long double x = 1.5L;`: storing a constant needs no arithmetic, only its bytes.
bool storesLongDoubleConstant(const llvm::StoreInst &store) {
    const llvm::Value *value = store.getValueOperand();
    return !store.isAtomic() && value->getType()->isX86_FP80Ty() && llvm::isa<llvm::ConstantFP>(value);
}

bool computesLongDouble(const llvm::Instruction &inst) {
    return holdsLongDouble(inst.getType()) || std::any_of(inst.op_begin(), inst.op_end(), [](const llvm::Use &u) {
               return holdsLongDouble(u->getType());
           });
}

} // namespace

const llvm::GlobalVariable *FunctionLowering::externalVariableOf(const llvm::Instruction &inst) const {
    // Through constant expressions (a GEP into optarg's bytes), a few levels deep as C writes them.
    auto find = [&](auto &&self, const llvm::User &user, unsigned depth) -> const llvm::GlobalVariable * {
        for (const llvm::Use &u : user.operands()) {
            if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(u.get());
                g && !m_ctx.globalIndex.contains(g) && !g->getName().starts_with("llvm."))
                return g;
            if (auto *e = llvm::dyn_cast<llvm::ConstantExpr>(u.get()); e && depth < 8)
                if (const llvm::GlobalVariable *g = self(self, *e, depth + 1))
                    return g;
        }
        return nullptr;
    };
    return find(find, inst, 0);
}

bool FunctionLowering::assignRegisters(const llvm::Value &v, llvm::Type *type, const llvm::Instruction *at) {
    std::vector<Leaf> leaves;
    std::string why;
    if (holdsLongDouble(type))
        return false; // no registers: every instruction computing it is Unsupported, parameters never arrive
    if (!m_ctx.flatten(type, 0, leaves, why)) {
        if (at) // reported when the emission reaches it, to keep the diagnostics in source order
            m_badTypes.emplace(&v, why);
        else
            m_ctx.error(m_spot, english(MessageKind::ParameterOf, {m_f.getName().str(), why}));
        m_failed = true;
        return false;
    }
    m_regs[&v] = {m_out.registerCount, std::uint32_t(leaves.size())};
    m_out.registerCount += std::uint32_t(leaves.size());
    return true;
}

std::vector<Operand> FunctionLowering::operands(const llvm::Value *v) {
    if (auto it = m_regs.find(v); it != m_regs.end()) {
        std::vector<Operand> out;
        for (std::uint32_t i = 0; i < it->second.second; ++i)
            out.push_back(it->second.first + i);
        return out;
    }
    if (auto *c = llvm::dyn_cast<llvm::Constant>(v)) {
        if (llvm::isa<llvm::UndefValue>(c) && !std::exchange(m_usedUndefined, true))
            m_ctx.program.undefinedValueUses.push_back(m_spot);
        if (llvm::isa<llvm::UndefValue>(c) && !c->getType()->isAggregateType() && !c->getType()->isVoidTy())
            return {m_ctx.undefinedConstant(undefinedVariable())};
        std::vector<std::uint64_t> values;
        std::string why;
        if (!m_ctx.evaluate(c, values, why)) {
            m_ctx.error(m_spot, why);
            m_failed = true;
            return std::vector<Operand>(m_ctx.leafCount(v->getType()), m_ctx.constant(0));
        }
        std::vector<Operand> out;
        for (std::uint64_t value : values)
            out.push_back(m_ctx.constant(value));
        return out;
    }
    if (llvm::isa<llvm::InlineAsm>(v))
        m_ctx.error(m_spot, english(MessageKind::InlineAssemblyUnsupported, {}));
    else
        m_ctx.error(m_spot, english(MessageKind::UnsupportedOperand, {}));
    m_failed = true;
    return {};
}

Operand FunctionLowering::operand(const llvm::Value *v) {
    std::vector<Operand> ops = operands(v);
    return ops.size() == 1 ? ops[0] : m_ctx.constant(0);
}

std::uint32_t FunctionLowering::emit(Instruction inst) {
    m_out.code.push_back(inst);
    m_src.spots.push_back(m_spot);
    return std::uint32_t(m_out.code.size() - 1);
}

void FunctionLowering::noteCompared(const llvm::Instruction &cmp) {
    const auto it = m_ctx.equalityInputs.compares.find(&cmp);
    if (it == m_ctx.equalityInputs.compares.end())
        return;
    const llvm::Value *other = cmp.getOperand(it->second);
    emit({.op = Opcode::NoteCompared,
          .width = widthOf(other->getType()),
          .aux = std::uint8_t(other->getType()->isDoubleTy() ? kComparedDouble : 0),
          .a = operand(other)});
}

void FunctionLowering::emitMoves(std::uint32_t dst, const std::vector<Operand> &from) {
    for (std::uint32_t i = 0; i < from.size(); ++i)
        emit({.op = Opcode::Move, .dst = dst + i, .a = from[i]});
}

void FunctionLowering::branchTo(std::uint32_t instruction, Fixup::Field field, std::uint32_t caseIndex,
                                const llvm::BasicBlock *from, const llvm::BasicBlock *to) {
    m_fixups.push_back({instruction, field, caseIndex, from, to});
    m_fixupSpots.push_back(m_spot);
}

void FunctionLowering::run() {
    m_src.declared = m_ctx.declarationOf(m_f);
    m_spot = m_src.declared;
    for (const llvm::Argument &arg : m_f.args())
        assignRegisters(arg, arg.getType(), nullptr);
    m_out.paramRegisters = m_out.registerCount;
    if (!m_f.getReturnType()->isVoidTy()) {
        std::vector<Leaf> leaves;
        std::string why;
        if (m_ctx.flatten(m_f.getReturnType(), 0, leaves, why))
            m_out.returnRegisters = std::uint32_t(leaves.size());
        else if (!holdsLongDouble(m_f.getReturnType())) // its `ret` is Unsupported
            m_ctx.error(m_spot, english(MessageKind::ReturnValueOf, {m_f.getName().str(), why}));
    }
    for (const llvm::BasicBlock &block : m_f)
        for (const llvm::Instruction &inst : block)
            if (!inst.getType()->isVoidTy())
                assignRegisters(inst, inst.getType(), &inst);

    copyByValueParameters();
    for (const llvm::BasicBlock &block : m_f) {
        m_blockStart[&block] = std::uint32_t(m_out.code.size());
        for (const llvm::Instruction &inst : block) {
            m_spot = m_ctx.spotOf(inst);
            if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst); store && storesLongDoubleConstant(*store)) {
                bindVariables(inst);
                lowerLongDoubleConstantStore(*store);
                continue;
            }
            if (const llvm::GlobalVariable *g = externalVariableOf(inst)) {
                const std::uint32_t message =
                    m_ctx.unsupported(m_spot, english(MessageKind::ExternalVariable, {"'" + g->getName().str() + "'"}));
                emit({.op = Opcode::Unsupported, .imm = std::int64_t(message)});
                continue;
            }
            if (computesLongDouble(inst)) {
                // Reported when reached (one warning per line); its users are reached only after it.
                const bool warn = m_longDoubleLines.insert({m_spot.file, m_spot.line}).second;
                const std::uint32_t message =
                    m_ctx.unsupported(m_spot, english(MessageKind::LongDoubleArithmetic, {}), warn);
                emit({.op = Opcode::Unsupported, .imm = std::int64_t(message)});
                continue;
            }
            if (auto bad = m_badTypes.find(&inst); bad != m_badTypes.end()) {
                m_ctx.error(inst, bad->second);
                continue;
            }
            if (std::any_of(inst.op_begin(), inst.op_end(), [](const llvm::Use &u) { return u->getType()->isVectorTy(); })) {
                m_ctx.error(inst, english(MessageKind::VectorTypes, {}));
                continue;
            }
            if (std::any_of(inst.op_begin(), inst.op_end(), [&](const llvm::Use &u) { return m_badTypes.contains(u.get()); }))
                continue; // its operand was reported
            bindVariables(inst);
            m_user = &inst;
            lower(inst);
            if (m_ctx.tooManyErrors())
                return;
        }
    }
    if (!m_failed)
        resolveFixups();
}

void FunctionLowering::copyByValueParameters() {
    // A byval parameter is the caller's object itself (clang passes the argument's address): the
    // callee gets its own copy, made on entry, as the C calling convention requires.
    for (const llvm::Argument &arg : m_f.args()) {
        if (!arg.hasByValAttr() || !m_regs.contains(&arg))
            continue;
        const std::uint64_t size = m_ctx.layout.getTypeAllocSize(arg.getParamByValType());
        const std::uint32_t param = reg(&arg), copy = temporary();
        const std::uint8_t align = log2Of(arg.getParamAlign().valueOrOne().value());
        emit({.op = Opcode::Alloca, .aux = align, .dst = copy, .imm = std::int64_t(size)});
        const std::uint32_t first = std::uint32_t(m_out.operands.size());
        m_out.operands.insert(m_out.operands.end(), {copy, param, m_ctx.constant(size)});
        emit({.op = Opcode::CallBuiltin, .b = first, .c = 3, .imm = std::int64_t(Builtin::Memcpy)});
        emit({.op = Opcode::Move, .dst = param, .a = copy});
    }
}

void FunctionLowering::bind(const llvm::DILocalVariable *var, const llvm::Value *where, bool inMemory) {
    if (!var || !where || llvm::isa<llvm::UndefValue>(where))
        return;
    auto [it, inserted] = m_variables.try_emplace(var, std::uint32_t(m_src.locals.size()));
    if (inserted)
        m_src.locals.push_back({var->getName().str(), m_ctx.describeType(var->getType()),
                                {m_spot.file, var->getLine(), 0}, m_ctx.typeIndexOf(var->getType())});
    Operand op = kNoOperand;
    if (auto r = m_regs.find(where); r != m_regs.end() && r->second.second == 1)
        op = r->second.first;
    else if (auto *c = llvm::dyn_cast<llvm::Constant>(where)) {
        std::vector<std::uint64_t> values;
        std::string why;
        if (m_ctx.evaluate(c, values, why) && values.size() == 1)
            op = m_ctx.constant(values[0]);
    }
    if (op == kNoOperand)
        return;
    m_src.bindings.push_back({it->second, std::uint32_t(m_out.code.size()),
                              inMemory ? VariableBinding::Kind::Memory : VariableBinding::Kind::Value, op});
}

std::string FunctionLowering::undefinedVariable() const {
    if (!m_user)
        return {};
    auto undefinedIn = [](const llvm::Instruction &inst) -> const llvm::DILocalVariable * {
        const llvm::DILocalVariable *found = nullptr;
        for (llvm::DbgVariableRecord &record : llvm::filterDbgVars(inst.getDbgRecordRange()))
            if (record.isDbgValue() && llvm::isa<llvm::UndefValue>(record.getVariableLocationOp(0)))
                found = record.getVariable();
        return found;
    };
    // A phi: the variable its result is (a value of the variable left uninitialised on some path).
    if (auto *phi = llvm::dyn_cast<llvm::PHINode>(m_user)) {
        llvm::SmallVector<llvm::DbgValueInst *, 1> values;
        llvm::SmallVector<llvm::DbgVariableRecord *, 1> records;
        llvm::findDbgValues(values, const_cast<llvm::PHINode *>(phi), &records);
        return records.empty() ? std::string() : records.front()->getVariable()->getName().str();
    }
    // Otherwise the last variable its block said undefined before it (where it was declared).
    for (const llvm::Instruction *at = m_user; at; at = at->getPrevNode())
        if (const llvm::DILocalVariable *v = undefinedIn(*at))
            return v->getName().str();
    return {};
}

void FunctionLowering::bindVariables(const llvm::Instruction &inst) {
    for (llvm::DbgVariableRecord &record : llvm::filterDbgVars(inst.getDbgRecordRange())) {
        if (record.getExpression()->getNumElements() != 0)
            continue; // fragments and computed locations: not shown yet
        bind(record.getVariable(), record.getVariableLocationOp(0), record.isDbgDeclare());
    }
}

void FunctionLowering::resolveFixups() {
    for (std::size_t i = 0; i < m_fixups.size(); ++i) {
        const Fixup &f = m_fixups[i];
        const std::uint32_t target = edgeTarget(f.from, f.to, m_fixupSpots[i]);
        Instruction &inst = m_out.code[f.instruction];
        switch (f.field) {
        case Fixup::Imm: inst.imm = target; break;
        case Fixup::Dst: inst.dst = target; break;
        case Fixup::Case: m_out.cases[f.caseIndex].target = target; break;
        }
    }
}

std::uint32_t FunctionLowering::edgeTarget(const llvm::BasicBlock *from, const llvm::BasicBlock *to, SourceSpot spot) {
    const std::uint32_t start = m_blockStart.at(to);
    if (!llvm::isa<llvm::PHINode>(to->front()))
        return start;
    auto [it, inserted] = m_edges.try_emplace({from, to}, 0);
    if (!inserted)
        return it->second;
    m_spot = spot;
    const std::uint32_t first = std::uint32_t(m_out.moves.size());
    for (const llvm::PHINode &phi : to->phis()) {
        if (holdsLongDouble(phi.getType()))
            continue; // the block starts with an Unsupported instruction for it
        m_user = &phi;
        const std::vector<Operand> sources = operands(phi.getIncomingValueForBlock(from));
        const std::uint32_t dst = reg(&phi);
        for (std::uint32_t k = 0; k < sources.size(); ++k)
            m_out.moves.push_back({dst + k, sources[k]});
    }
    it->second = emit({.op = Opcode::EdgeMoves, .b = first, .c = std::uint32_t(m_out.moves.size()) - first,
                       .imm = start});
    return it->second;
}

void FunctionLowering::lower(const llvm::Instruction &inst) {
    using I = llvm::Instruction;
    const unsigned opcode = inst.getOpcode();
    if (auto op = integerOpcode(opcode)) {
        emit({.op = *op, .width = widthOf(inst.getType()), .dst = reg(&inst), .a = operand(inst.getOperand(0)),
              .b = operand(inst.getOperand(1))});
        return;
    }
    if (auto *cast = llvm::dyn_cast<llvm::CastInst>(&inst)) {
        llvm::Type *from = cast->getSrcTy(), *to = cast->getDestTy();
        Instruction out{.op = Opcode::Move, .width = widthOf(to), .aux = widthOf(from), .dst = reg(&inst),
                        .a = operand(cast->getOperand(0))};
        switch (opcode) {
        case I::Trunc: out.op = Opcode::Trunc; break;
        case I::SExt: out.op = Opcode::SExt; break;
        case I::FPTrunc: out.op = Opcode::FPTrunc; break;
        case I::FPExt: out.op = Opcode::FPExt; break;
        case I::FPToSI: out.op = Opcode::FPToSI; break;
        case I::FPToUI: out.op = Opcode::FPToUI; break;
        case I::SIToFP: out.op = Opcode::SIToFP; break;
        case I::UIToFP: out.op = Opcode::UIToFP; break;
        case I::PtrToInt: out.op = Opcode::Trunc; break;
        default: break; // zext, inttoptr (values are zero-extended), bitcast, addrspacecast
        }
        emit(out);
        return;
    }
    switch (opcode) {
    case I::FNeg:
        emit({.op = Opcode::FNeg, .width = widthOf(inst.getType()), .dst = reg(&inst), .a = operand(inst.getOperand(0))});
        return;
    case I::ICmp: {
        auto &cmp = llvm::cast<llvm::ICmpInst>(inst);
        noteCompared(cmp);
        emit({.op = Opcode::ICmp, .width = widthOf(cmp.getOperand(0)->getType()),
              .aux = std::uint8_t(intPredicate(cmp.getPredicate())), .dst = reg(&inst),
              .a = operand(cmp.getOperand(0)), .b = operand(cmp.getOperand(1))});
        return;
    }
    case I::FCmp: {
        auto &cmp = llvm::cast<llvm::FCmpInst>(inst);
        noteCompared(cmp);
        emit({.op = Opcode::FCmp, .width = widthOf(cmp.getOperand(0)->getType()),
              .aux = std::uint8_t(cmp.getPredicate()), .dst = reg(&inst), .a = operand(cmp.getOperand(0)),
              .b = operand(cmp.getOperand(1))});
        return;
    }
    case I::Select: {
        const Operand cond = operand(inst.getOperand(0));
        const std::vector<Operand> t = operands(inst.getOperand(1)), f = operands(inst.getOperand(2));
        for (std::uint32_t k = 0; k < t.size() && k < f.size(); ++k)
            emit({.op = Opcode::Select, .dst = reg(&inst) + k, .a = cond, .b = t[k], .c = f[k]});
        return;
    }
    case I::Freeze: emitMoves(reg(&inst), operands(inst.getOperand(0))); return;
    case I::GetElementPtr: lowerGep(llvm::cast<llvm::GetElementPtrInst>(inst)); return;
    case I::Load: lowerMemory(inst, true); return;
    case I::Store: lowerMemory(inst, false); return;
    case I::Alloca: {
        auto &alloca = llvm::cast<llvm::AllocaInst>(inst);
        const std::uint64_t size = m_ctx.layout.getTypeAllocSize(alloca.getAllocatedType());
        Instruction out{.op = Opcode::Alloca, .aux = log2Of(alloca.getAlign().value()), .dst = reg(&inst),
                        .imm = std::int64_t(size)};
        if (auto *count = llvm::dyn_cast<llvm::ConstantInt>(alloca.getArraySize()))
            out.imm = std::int64_t(size * count->getZExtValue());
        else
            out.b = operand(alloca.getArraySize());
        emit(out);
        return;
    }
    case I::Br: {
        auto &br = llvm::cast<llvm::BranchInst>(inst);
        if (br.isUnconditional()) {
            branchTo(emit({.op = Opcode::Jump}), Fixup::Imm, 0, inst.getParent(), br.getSuccessor(0));
            return;
        }
        const std::uint32_t at = emit({.op = Opcode::Branch, .a = operand(br.getCondition())});
        branchTo(at, Fixup::Imm, 0, inst.getParent(), br.getSuccessor(0));
        branchTo(at, Fixup::Dst, 0, inst.getParent(), br.getSuccessor(1));
        return;
    }
    case I::Switch: {
        auto &sw = llvm::cast<llvm::SwitchInst>(inst);
        const std::uint32_t first = std::uint32_t(m_out.cases.size());
        const std::uint32_t at = emit({.op = Opcode::Switch, .width = widthOf(sw.getCondition()->getType()),
                                       .a = operand(sw.getCondition()), .b = first,
                                       .c = std::uint32_t(sw.getNumCases())});
        branchTo(at, Fixup::Imm, 0, inst.getParent(), sw.getDefaultDest());
        for (const auto &c : sw.cases()) {
            m_out.cases.push_back({c.getCaseValue()->getZExtValue(), 0});
            branchTo(at, Fixup::Case, std::uint32_t(m_out.cases.size() - 1), inst.getParent(), c.getCaseSuccessor());
        }
        return;
    }
    case I::Ret: {
        auto &ret = llvm::cast<llvm::ReturnInst>(inst);
        const std::uint32_t first = std::uint32_t(m_out.operands.size());
        // Falling off the end of a non-void function returns undef: no read of an uninitialised
        // variable unless the caller uses the value (then its own code has the undef).
        const bool wasUsed = std::exchange(m_usedUndefined, true);
        if (ret.getReturnValue())
            for (Operand o : operands(ret.getReturnValue()))
                m_out.operands.push_back(o);
        m_usedUndefined = wasUsed;
        emit({.op = Opcode::Ret, .b = first, .c = std::uint32_t(m_out.operands.size()) - first});
        return;
    }
    case I::Unreachable: emit({.op = Opcode::Unreachable}); return;
    case I::PHI: return; // parallel copies on the incoming edges
    case I::Fence: return;
    case I::Call: lowerCall(llvm::cast<llvm::CallInst>(inst)); return;
    case I::ExtractValue:
    case I::InsertValue: lowerAggregateAccess(inst); return;
    case I::AtomicRMW: {
        auto &rmw = llvm::cast<llvm::AtomicRMWInst>(inst);
        static const std::map<llvm::AtomicRMWInst::BinOp, RmwOp> ops = {
            {llvm::AtomicRMWInst::Xchg, RmwOp::Xchg}, {llvm::AtomicRMWInst::Add, RmwOp::Add},
            {llvm::AtomicRMWInst::Sub, RmwOp::Sub},   {llvm::AtomicRMWInst::And, RmwOp::And},
            {llvm::AtomicRMWInst::Nand, RmwOp::Nand}, {llvm::AtomicRMWInst::Or, RmwOp::Or},
            {llvm::AtomicRMWInst::Xor, RmwOp::Xor},   {llvm::AtomicRMWInst::Max, RmwOp::Max},
            {llvm::AtomicRMWInst::Min, RmwOp::Min},   {llvm::AtomicRMWInst::UMax, RmwOp::UMax},
            {llvm::AtomicRMWInst::UMin, RmwOp::UMin}};
        auto op = ops.find(rmw.getOperation());
        if (op == ops.end() || !(rmw.getType()->isIntegerTy() || rmw.getType()->isPointerTy())) {
            m_ctx.error(inst, english(MessageKind::AtomicOperationUnsupported, {}));
            return;
        }
        const std::uint8_t width = widthOf(rmw.getType());
        emit({.op = Opcode::AtomicRmw, .width = width, .aux = std::uint8_t(op->second),
              .size = std::uint8_t((width + 7) / 8), .dst = reg(&inst), .a = operand(rmw.getPointerOperand()),
              .b = operand(rmw.getValOperand())});
        return;
    }
    case I::AtomicCmpXchg: {
        auto &cx = llvm::cast<llvm::AtomicCmpXchgInst>(inst);
        const std::uint8_t width = widthOf(cx.getCompareOperand()->getType());
        emit({.op = Opcode::CmpXchg, .width = width, .size = std::uint8_t((width + 7) / 8), .dst = reg(&inst),
              .a = operand(cx.getPointerOperand()), .b = operand(cx.getCompareOperand()),
              .c = operand(cx.getNewValOperand())});
        return;
    }
    default: m_ctx.error(inst, english(MessageKind::UnsupportedInstruction, {inst.getOpcodeName()})); return;
    }
}

void FunctionLowering::lowerGep(const llvm::GetElementPtrInst &gep) {
    Operand current = operand(gep.getPointerOperand());
    std::int64_t offset = 0;
    for (auto it = llvm::gep_type_begin(gep), end = llvm::gep_type_end(gep); it != end; ++it) {
        const llvm::Value *index = it.getOperand();
        if (llvm::StructType *s = it.getStructTypeOrNull()) {
            const auto field = unsigned(llvm::cast<llvm::ConstantInt>(index)->getZExtValue());
            offset += std::int64_t(m_ctx.layout.getStructLayout(s)->getElementOffset(field));
            continue;
        }
        const std::int64_t stride = std::int64_t(m_ctx.layout.getTypeAllocSize(it.getIndexedType()));
        if (auto *c = llvm::dyn_cast<llvm::ConstantInt>(index)) {
            offset += c->getSExtValue() * stride;
            continue;
        }
        const std::uint32_t next = temporary();
        emit({.op = Opcode::PtrIndex, .aux = widthOf(index->getType()), .dst = next, .a = current,
              .b = operand(index), .imm = stride});
        current = next;
    }
    emit({.op = Opcode::PtrAdd, .dst = reg(&gep), .a = current, .imm = offset});
}

void FunctionLowering::lowerMemory(const llvm::Instruction &inst, bool isLoad) {
    llvm::Type *type = isLoad ? inst.getType() : inst.getOperand(0)->getType();
    const llvm::Value *pointer = isLoad ? inst.getOperand(0) : inst.getOperand(1);
    const std::uint64_t align = isLoad ? llvm::cast<llvm::LoadInst>(inst).getAlign().value()
                                       : llvm::cast<llvm::StoreInst>(inst).getAlign().value();
    const bool atomic = isLoad ? llvm::cast<llvm::LoadInst>(inst).isAtomic() : llvm::cast<llvm::StoreInst>(inst).isAtomic();
    std::vector<Leaf> leaves;
    std::string why;
    if (!m_ctx.flatten(type, 0, leaves, why)) {
        m_ctx.error(inst, why);
        return;
    }
    const Operand address = operand(pointer);
    const std::vector<Operand> values = isLoad ? std::vector<Operand>{} : operands(inst.getOperand(0));
    for (std::uint32_t k = 0; k < leaves.size(); ++k) {
        const Leaf &leaf = leaves[k];
        Instruction out{.op = isLoad ? Opcode::Load : Opcode::Store, .width = leaf.bits,
                        .aux = std::uint8_t(log2Of(commonAlignment(align, leaf.offset)) | (atomic ? kAtomicAccess : 0)),
                        .size = std::uint8_t(leaf.bytes()),
                        .a = address, .imm = leaf.offset};
        if (isLoad)
            out.dst = reg(&inst) + k;
        else
            out.b = k < values.size() ? values[k] : m_ctx.constant(0);
        if (!isLoad) // Store: value in a, address in b
            std::swap(out.a, out.b);
        emit(out);
    }
}

void FunctionLowering::lowerLongDoubleConstantStore(const llvm::StoreInst &store) {
    // The 80-bit value as its low 8 bytes (the significand) and high 2 (sign and exponent).
    const llvm::APInt bits = llvm::cast<llvm::ConstantFP>(store.getValueOperand())->getValueAPF().bitcastToAPInt();
    const Operand address = operand(store.getPointerOperand());
    const std::uint64_t align = store.getAlign().value();
    const std::uint64_t words[2] = {bits.getRawData()[0], bits.getNumWords() > 1 ? bits.getRawData()[1] & 0xFFFF : 0};
    for (std::uint32_t k = 0; k < 2; ++k) {
        const std::uint32_t offset = k * 8;
        emit({.op = Opcode::Store,
              .width = std::uint8_t(k == 0 ? 64 : 16),
              .aux = std::uint8_t(log2Of(commonAlignment(align, offset))),
              .size = std::uint8_t(k == 0 ? 8 : 2),
              .a = m_ctx.constant(words[k]),
              .b = address,
              .imm = offset});
    }
}

void FunctionLowering::lowerAggregateAccess(const llvm::Instruction &inst) {
    const bool extract = llvm::isa<llvm::ExtractValueInst>(inst);
    llvm::Type *aggregate = inst.getOperand(0)->getType();
    const llvm::ArrayRef<unsigned> path = extract ? llvm::cast<llvm::ExtractValueInst>(inst).getIndices()
                                                  : llvm::cast<llvm::InsertValueInst>(inst).getIndices();
    std::uint32_t first = 0;
    llvm::Type *type = aggregate;
    for (unsigned index : path) {
        if (auto *s = llvm::dyn_cast<llvm::StructType>(type)) {
            for (unsigned i = 0; i < index; ++i)
                first += m_ctx.leafCount(s->getElementType(i));
            type = s->getElementType(index);
        } else {
            type = type->getArrayElementType();
            first += index * m_ctx.leafCount(type);
        }
    }
    const std::uint32_t count = m_ctx.leafCount(type);
    std::vector<Operand> whole = operands(inst.getOperand(0));
    if (whole.size() < first + count)
        return;
    if (extract) {
        emitMoves(reg(&inst), std::vector<Operand>(whole.begin() + first, whole.begin() + first + count));
        return;
    }
    const std::vector<Operand> part = operands(inst.getOperand(1));
    for (std::uint32_t k = 0; k < count && k < part.size(); ++k)
        whole[first + k] = part[k];
    emitMoves(reg(&inst), whole);
}

void lowerFunction(LoweringContext &context, const llvm::Function &f, std::uint32_t index) {
    FunctionLowering(context, f, index).run();
}

} // namespace weft::program
