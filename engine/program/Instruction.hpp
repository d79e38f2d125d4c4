// SPDX-License-Identifier: MIT
// One pre-decoded instruction of a lowered Program and its operands (register slots or constants).
// Plain values; kinds come from Opcodes.def. Field use per opcode is listed there.
#pragma once

#include <cstdint>
#include <string_view>

namespace weft::program {

enum class Opcode : std::uint8_t {
#define WEFT_OPCODE(name, text) name,
#include "engine/program/Opcodes.def"
};

/// "add", "load", ...
std::string_view opcodeName(Opcode op);

/// A register slot of the current frame, or (with kConstantBit) an index into Program::constants.
using Operand = std::uint32_t;
inline constexpr Operand kConstantBit = 0x80000000u;
inline constexpr Operand kNoOperand = 0xFFFFFFFFu;

inline constexpr bool isConstant(Operand o) { return (o & kConstantBit) != 0 && o != kNoOperand; }
inline constexpr Operand constantOperand(std::uint32_t index) { return index | kConstantBit; }
inline constexpr std::uint32_t constantIndex(Operand o) { return o & ~kConstantBit; }

/// Integer comparison predicates (ICmp's aux).
enum class IntPredicate : std::uint8_t { Eq, Ne, Ugt, Uge, Ult, Ule, Sgt, Sge, Slt, Sle };

/// FMath's aux: libm-like functions computed on float or double.
// clang-format off: a table
enum class FloatFunction : std::uint8_t {
    Fabs, Sqrt, Floor, Ceil, Trunc, Round, Sin, Cos, Tan, Atan, Atan2, Exp, Log, Log10, Pow, Fmod,
    CopySign, MinNum, MaxNum,
    MulAdd,      ///< llvm.fmuladd (a*b + c written in C): rounded twice, as GCC computes it on x86-64
    FusedMulAdd, ///< llvm.fma (fma()): rounded once
    IsFpClass ///< llvm.is.fpclass: dst = 1 if a's class is in the mask b (LLVM's FPClassTest bits)
};
// clang-format on

/// IntMath's aux.
enum class IntFunction : std::uint8_t { Abs, SMax, SMin, UMax, UMin, CtPop, Ctlz, Cttz, BSwap };

/// Overflow's aux (llvm.*.with.overflow).
enum class OverflowOp : std::uint8_t { SAdd, UAdd, SSub, USub, SMul, UMul };

/// AtomicRmw's aux.
enum class RmwOp : std::uint8_t { Xchg, Add, Sub, And, Nand, Or, Xor, Max, Min, UMax, UMin };

struct Instruction {
    Opcode op = Opcode::Unreachable;
    std::uint8_t width = 0; ///< bits of the value computed (or loaded/stored)
    std::uint8_t aux = 0;   ///< predicate, source width, sub-operation or log2(alignment)
    std::uint8_t size = 0;  ///< bytes accessed by Load/Store/AtomicRmw/CmpXchg
    std::uint32_t dst = 0;  ///< result register (the false target for Branch)
    Operand a = kNoOperand;
    Operand b = kNoOperand;
    Operand c = kNoOperand;
    std::int64_t imm = 0;   ///< offset, scale, byte count, target, callee or builtin
};

/// In the aux of a Load or Store: the access is atomic (C11/GNU atomics); the low bits are log2(alignment).
inline constexpr std::uint8_t kAtomicAccess = 0x80;

/// In the aux of a CallBuiltin of pthread_mutex_lock: the program uses the call's result (weft svcomp
/// explores the call failing, InterpreterOptions::lockFailures).
inline constexpr std::uint8_t kLockResultUsed = 1;

/// In the aux of a CallBuiltin of a __VERIFIER_nondet_* wider than char: its result is only compared
/// (eq/ne, signed or unsigned order, after any widening) with constants in 0..15, so every value of
/// the type behaves like one of -1..16 (the range weft svcomp explores covers the whole domain).
inline constexpr std::uint8_t kNondetComparedWithSmallConstants = 2;

/// A (value, target) entry of a Switch.
struct SwitchCase {
    std::uint64_t value = 0;
    std::uint32_t target = 0;
};

/// One parallel copy of an EdgeMoves (the phis of the edge's target).
struct Move {
    std::uint32_t dst = 0;
    Operand src = kNoOperand;
};

} // namespace weft::program
