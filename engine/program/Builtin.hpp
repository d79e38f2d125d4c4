// SPDX-License-Identifier: MIT
// The external functions the interpreter implements (Builtins.def), looked up by symbol name, and
// the reasons it gives for the ones it knows but does not implement yet.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace weft::program {

enum class Builtin : std::uint16_t {
#define WEFT_BUILTIN(name, symbol) name,
#include "engine/program/Builtins.def"
    Count
};

/// A __VERIFIER_nondet_* function wider than char (its values explored over a range).
inline bool isWideNondet(Builtin b) {
    return b == Builtin::NondetInt || b == Builtin::NondetUInt || b == Builtin::NondetLong ||
           b == Builtin::NondetULong || b == Builtin::NondetShort || b == Builtin::NondetUShort;
}

/// A math.h function of numbers only (no pointer or string argument): its result follows from its arguments,
/// since Weft keeps no errno for math.h (the host's libm computes it), so a pure call may make it (PureCallMemo).
bool isNumbersOnlyMath(Builtin builtin);
/// The C symbol ("malloc", "pthread_create", ...).
std::string_view builtinSymbol(Builtin builtin);
/// The builtin implementing `symbol`, if any.
std::optional<Builtin> findBuiltin(std::string_view symbol);
/// The feature a known-but-not-yet-supported function belongs to ("condition variables",
/// "semaphores", ...); empty for functions Weft does not know at all.
std::string unsupportedReason(std::string_view symbol);
/// Whether `symbol` names a C, POSIX or compiler runtime function with an effect on the program
/// (threads, signals, jumps, processes, files, atomics) that LLVM's list of library functions misses:
/// never an "undefined function" returning an arbitrary value (weft svcomp).
bool isSystemFunction(std::string_view symbol);

} // namespace weft::program
