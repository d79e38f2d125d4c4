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

/// In the aux of a CallBuiltin of pthread_create: the handle it stores to is a 4-byte integer (tasks
/// that declare `typedef int pthread_t;`, as SV-COMP's ILP32 tasks do); else 8 bytes.
inline constexpr std::uint8_t kThreadHandle4Bytes = 4;
/// The bytes a pthread_create call (a CallBuiltin) stores the new thread's handle in.
inline std::uint64_t threadHandleBytes(const Instruction &create) { return create.aux & kThreadHandle4Bytes ? 4 : 8; }

/// In the aux of a CallBuiltin of a __VERIFIER_nondet_* wider than char, or of an undefined function's
/// integer result (kUndefinedFunctionCall): the result is only compared (eq/ne, signed or unsigned
/// order, after any widening) with constants in 0..15, the largest of them in the low four bits. Every
/// value of the type then behaves like one of -1..largest+1 (smallConstantClasses): a negative one like
/// -1 (below them all signed, above them all unsigned), one above the largest like largest + 1.
inline constexpr std::uint8_t kNondetComparedWithSmallConstants = 0x40;
inline constexpr std::uint8_t kLargestComparedConstant = 0x0F;
/// The values that stand for all others of a call marked kNondetComparedWithSmallConstants.
struct ValueClasses {
    std::int64_t lo = -1;
    std::int64_t hi = 16;
};
inline ValueClasses smallConstantClasses(std::uint8_t aux) { return {-1, (aux & kLargestComparedConstant) + 1}; }

/// In the aux of a CallBuiltin of a __VERIFIER_nondet_* wider than char: its value is only compared
/// for equality (LoweringEqualityInputs.hpp), each comparison preceded by a NoteCompared of the
/// value it is compared with; weft svcomp covers it when all of those lie in the explored range and
/// leave one of its values out (docs/svcomp.md).
inline constexpr std::uint8_t kNondetComparedForEquality = 0x80;
/// NoteCompared's aux: the value is a double (else an integer of `width` bits).
inline constexpr std::uint8_t kComparedDouble = 1;

/// In the aux of an Unsupported: a direct call of a function the program only declares (no body),
/// with dst/size/width set for its result like a CallBuiltin's. weft svcomp runs it as SV-COMP reads
/// such a function: no side effect, an arbitrary value of its type (InterpreterOptions::undefinedCalls);
/// kNondetComparedWithSmallConstants may be set too. Elsewhere it is the unsupported operation.
inline constexpr std::uint8_t kUndefinedFunctionCall = 0x10;
/// With kUndefinedFunctionCall: the result is a pointer (else an integer, or nothing for void).
inline constexpr std::uint8_t kUndefinedResultIsPointer = 0x20;

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
