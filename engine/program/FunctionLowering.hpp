// SPDX-License-Identifier: MIT
// Lowers one function (private to engine/program): registers for every SSA value, phis as parallel
// copies on edges. Split over LoweringFunction.cpp (instructions) and LoweringCall.cpp (calls, intrinsics).
#pragma once

#include "engine/program/LoweringContext.hpp"

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class CallInst;
class DILocalVariable;
class GetElementPtrInst;
class GlobalVariable;
class Instruction;
class StoreInst;
class Value;
} // namespace llvm

namespace weft::program {

/// log2 of an alignment (capped at 12), and the widest alignment an offset keeps.
std::uint8_t log2Of(std::uint64_t alignment);
std::uint64_t commonAlignment(std::uint64_t alignment, std::uint64_t offset);
/// Register width of a scalar LLVM type: integer bits, 32 for float, 64 for double and pointers.
std::uint8_t widthOf(llvm::Type *type);

class FunctionLowering {
public:
    FunctionLowering(LoweringContext &ctx, const llvm::Function &f, std::uint32_t index)
        : m_ctx(ctx), m_f(f), m_out(ctx.program.functions[index]), m_src(ctx.program.sourceMap.functions[index]) {}

    void run();

private:
    struct Fixup {
        std::uint32_t instruction;
        enum Field { Imm, Dst, Case } field;
        std::uint32_t caseIndex;
        const llvm::BasicBlock *from;
        const llvm::BasicBlock *to;
    };

    bool assignRegisters(const llvm::Value &v, llvm::Type *type, const llvm::Instruction *at);
    std::vector<Operand> operands(const llvm::Value *v);
    Operand operand(const llvm::Value *v);
    std::uint32_t reg(const llvm::Value *v) const { return m_regs.at(v).first; }
    std::uint32_t emit(Instruction inst);
    std::uint32_t temporary() { return m_out.registerCount++; }
    void branchTo(std::uint32_t instruction, Fixup::Field field, std::uint32_t caseIndex,
                  const llvm::BasicBlock *from, const llvm::BasicBlock *to);
    void bindVariables(const llvm::Instruction &inst);
    void bind(const llvm::DILocalVariable *var, const llvm::Value *where, bool inMemory);
    void resolveFixups();
    void copyByValueParameters();
    std::uint32_t edgeTarget(const llvm::BasicBlock *from, const llvm::BasicBlock *to, SourceSpot spot);

    void lower(const llvm::Instruction &inst);
    void lowerGep(const llvm::GetElementPtrInst &gep);
    void lowerMemory(const llvm::Instruction &inst, bool isLoad);
    void lowerCall(const llvm::CallInst &call);
    void lowerIntrinsic(const llvm::CallInst &call, unsigned id);
    void lowerAggregateAccess(const llvm::Instruction &inst);
    void lowerLongDoubleConstantStore(const llvm::StoreInst &store);
    /// A variable of another library (declared, not provided) that `inst` uses, or null.
    const llvm::GlobalVariable *externalVariableOf(const llvm::Instruction &inst) const;
    void emitCall(Opcode op, std::int64_t imm, Operand callee, const llvm::CallInst &call);
    /// An Unsupported instruction for `call` and its load-time warning.
    void emitUnsupported(const llvm::CallInst &call, const std::string &what);
    /// Marks a wide input's call (a nondet builtin, an undefined function's integer result) with
    /// the values that stand for all of it: compared with small constants, an assumed range.
    void markRanges(Instruction &in, const llvm::CallInst &call);
    /// Before a comparison of an input only compared for equality: a NoteCompared of the other value.
    void noteCompared(const llvm::Instruction &cmp);
    void emitMoves(std::uint32_t dst, const std::vector<Operand> &from);

    LoweringContext &m_ctx;
    const llvm::Function &m_f;
    Function &m_out;
    FunctionSource &m_src;
    std::unordered_map<const llvm::Value *, std::pair<std::uint32_t, std::uint32_t>> m_regs; // first, count
    std::unordered_map<const llvm::BasicBlock *, std::uint32_t> m_blockStart;
    std::map<std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>, std::uint32_t> m_edges;
    std::unordered_map<const llvm::DILocalVariable *, std::uint32_t> m_variables;
    std::unordered_map<const llvm::Value *, std::string> m_badTypes; // values of unsupported types
    std::set<std::pair<std::uint32_t, std::uint32_t>> m_longDoubleLines; // (file, line) warned of long double
    std::vector<Fixup> m_fixups;
    std::vector<SourceSpot> m_fixupSpots;
    SourceSpot m_spot;
    bool m_failed = false;
    bool m_usedUndefined = false; ///< an undef operand was lowered (Program::undefinedValueUses)
    const llvm::Instruction *m_user = nullptr; ///< the instruction whose operands are being lowered
    /// The variable an undef operand of m_user stands for, from the debug records ("" if unknown).
    std::string undefinedVariable() const;
};

} // namespace weft::program
