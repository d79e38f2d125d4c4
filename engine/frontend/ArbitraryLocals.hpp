// SPDX-License-Identifier: MIT
// SV-COMP reads an uninitialised local as an arbitrary value. Before mem2reg, every promotable integer
// local starts as one __VERIFIER_nondet_* call of its width (so all its reads agree); the calls whose
// value no read reaches are dropped after mem2reg, so only locals really read uninitialised branch.
#pragma once

#include <vector>

namespace llvm {
class CallInst;
class Module;
} // namespace llvm

namespace weft::frontend {

/// Stores a nondet call of the local's width into each promotable integer local of the module's
/// functions at their entry; returns the calls (for dropUnreadArbitraryLocals).
std::vector<llvm::CallInst *> startLocalsArbitrary(llvm::Module &module);

/// Erases the calls whose value is used by nothing (the local is written before any read).
void dropUnreadArbitraryLocals(std::vector<llvm::CallInst *> &calls);

} // namespace weft::frontend
