// SPDX-License-Identifier: MIT
// State shared by the parts of the lowering (Lowering.cpp: module, constants, debug info;
// LoweringTypes.cpp: C types; LoweringFunction.cpp: instructions). Private to engine/program; LLVM
// types are only forward-declared.
#pragma once

#include "engine/base/Diagnostic.hpp"
#include "engine/program/LoweringEqualityInputs.hpp"
#include "engine/program/Program.hpp"

#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace llvm {
class CallInst;
class Constant;
class DataLayout;
class DIType;
class Function;
class GlobalVariable;
class Instruction;
class Module;
class Type;
} // namespace llvm

namespace weft::program {

/// A scalar part of a (possibly aggregate) LLVM value: its kind, width and byte offset in memory.
struct Leaf {
    enum class Kind : std::uint8_t { Int, Float, Pointer };
    Kind kind = Kind::Int;
    std::uint8_t bits = 0;
    std::uint32_t offset = 0;

    std::uint32_t bytes() const { return kind == Kind::Int ? (bits + 7u) / 8u : bits / 8u; }
};

class LoweringContext {
public:
    LoweringContext(const llvm::Module &module, Program &program);

    const llvm::Module &module;
    const llvm::DataLayout &layout;
    Program &program;
    std::vector<Diagnostic> diagnostics;
    std::unordered_map<const llvm::Function *, std::uint32_t> functionIndex;
    std::unordered_map<const llvm::GlobalVariable *, std::uint32_t> globalIndex;
    /// Functions the program only declares that are neither Weft's builtins nor known C or POSIX
    /// library functions: what SV-COMP reads as having no side effect and returning an arbitrary value
    /// (kUndefinedFunctionCall).
    std::unordered_set<const llvm::Function *> undefinedFunctions;
    /// The inputs only compared for equality, and their comparisons (kNondetComparedForEquality).
    EqualityInputs equalityInputs;

    /// The constant-pool operand holding `value`.
    Operand constant(std::uint64_t value);
    /// A constant 0 of its own standing for an undefined value of `variable` ("" if unknown).
    Operand undefinedConstant(const std::string &variable);
    /// Appends the leaves of `type` (at byte `offset`) or explains why it has none we support.
    bool flatten(llvm::Type *type, std::uint32_t offset, std::vector<Leaf> &leaves, std::string &why,
                 unsigned depth = 0) const;
    /// The number of leaves of `type` (0 for void or unsupported types).
    std::uint32_t leafCount(llvm::Type *type) const;
    /// The leaf values of a constant (pointers encoded) or why it cannot be evaluated.
    bool evaluate(const llvm::Constant *value, std::vector<std::uint64_t> &leaves, std::string &why,
                  unsigned depth = 0) const;
    /// C spelling of a debug-info type ("int", "struct node *", ...); past `depth` 32 of pointers, qualifiers
    /// or array elements the innermost part is spelled "...", so that no input nests the recursion deeper.
    std::string describeType(const llvm::DIType *type, unsigned depth = 0) const;
    /// The index in program.sourceMap.types of the shape of `type` (typedefs and qualifiers stripped),
    /// added on first use; `dimension` > 0 is the element type of a multi-dimensional array.
    std::uint32_t typeIndexOf(const llvm::DIType *type, unsigned dimension = 0, unsigned depth = 0);

    /// Where a function is declared (its debug info, else the module's file).
    SourceSpot declarationOf(const llvm::Function &f);
    /// The builtin a call's direct callee is (nullopt: none, or an indirect call).
    std::optional<Builtin> builtinCalled(const llvm::CallInst &call) const;
    /// Where an instruction comes from (its debug location, else its function's).
    SourceSpot spotOf(const llvm::Instruction &inst);
    void error(const llvm::Instruction &at, std::string text);
    void error(SourceSpot spot, std::string text);
    /// Records an operation Weft cannot model (`what`: "fork()", "inline assembly") at `spot`: a
    /// load-time warning, and the index in Program::unsupported of an Unsupported instruction's imm.
    std::uint32_t unsupported(SourceSpot spot, const std::string &what, bool warn = true);
    /// "fork()", or "pthread_cancel() (thread cancellation is not supported yet)".
    static std::string describeUnsupportedCall(const std::string &name);
    bool tooManyErrors() const { return diagnostics.size() >= 50; }

private:
    std::unordered_map<std::uint64_t, std::uint32_t> m_constantIndex;
    std::map<std::pair<const llvm::DIType *, unsigned>, std::uint32_t> m_typeIndex;
    std::map<std::string, std::uint32_t> m_unsupportedIndex;
};

/// Lowers the body of defined function `f` into program.functions[index] (LoweringFunction.cpp).
void lowerFunction(LoweringContext &context, const llvm::Function &f, std::uint32_t index);

} // namespace weft::program
