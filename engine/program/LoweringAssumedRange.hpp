// SPDX-License-Identifier: MIT
// The values of a wide nondet input that get past the checks right after it (`__VERIFIER_assume`,
// `assume_abort_if_not`, abort): weft svcomp explores exactly those when they are few (README,
// "weft svcomp"; the argument is in docs/svcomp.md). Private to engine/program (sees LLVM).
#pragma once

#include "engine/program/Program.hpp"

#include <optional>

namespace llvm {
class CallInst;
} // namespace llvm

namespace weft::program {

class LoweringContext;

/// The most values an assumed range may hold (like an unsigned char's domain), and the bounds its
/// values must lie in (those of a --nondet range: a choice's object stores them in 16 bits each).
inline constexpr std::int64_t kMaxAssumedValues = 256;
inline constexpr std::int64_t kAssumedRangeMin = -32768;
inline constexpr std::int64_t kAssumedRangeMax = 32767;

/// The range of the integer result of `call` (a __VERIFIER_nondet_* or an undefined function) that
/// holds every value an execution can get past the calling thread's next visible step with, when
/// the code after the call only checks the value; nullopt when that is not shown or when the range
/// is wider than kMaxAssumedValues or outside a nondet range's bounds.
std::optional<AssumedRange> assumedRange(const llvm::CallInst &call, const LoweringContext &ctx);

} // namespace weft::program
