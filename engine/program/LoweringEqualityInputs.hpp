// SPDX-License-Identifier: MIT
// The wide nondet inputs whose value is only ever compared for equality (through widenings, an exact
// conversion to double and variables that hold nothing else): every value no comparison meets
// behaves like any other such value, so weft svcomp covers them when the values they are compared
// with lie in the explored range (docs/svcomp.md). Private to engine/program (sees LLVM).
#pragma once

#include <unordered_map>
#include <unordered_set>

namespace llvm {
class Instruction;
class Module;
} // namespace llvm

namespace weft::program {

class LoweringContext;

struct EqualityInputs {
    std::unordered_set<const llvm::Instruction *> calls; ///< the nondet calls
    /// Their comparisons, each with the index of its operand that is not the input.
    std::unordered_map<const llvm::Instruction *, unsigned> compares;
};

/// Finds them among the module's __VERIFIER_nondet_* calls wider than char.
EqualityInputs findEqualityInputs(const llvm::Module &module, const LoweringContext &ctx);

} // namespace weft::program
