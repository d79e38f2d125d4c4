// SPDX-License-Identifier: MIT
// The value semantics of the pure instructions (integer, float, casts, compare, select) on 64-bit
// registers holding zero-extended values or float bit patterns, as LLVM defines them. Pure functions.
#pragma once

#include "engine/program/Instruction.hpp"

#include <cstdint>
#include <string>

namespace weft::interpreter {

inline constexpr std::uint64_t widthMask(unsigned bits) {
    return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}
inline constexpr std::int64_t signExtend(std::uint64_t v, unsigned bits) {
    return bits >= 64 || bits == 0 ? std::int64_t(v) : std::int64_t(v << (64 - bits)) >> (64 - bits);
}

double asDouble(std::uint64_t bits);
float asFloat(std::uint64_t bits);
std::uint64_t fromDouble(double v);
std::uint64_t fromFloat(float v);

/// Computes a pure instruction (every opcode from Move to Overflow in Opcodes.def). `out[0]` gets the
/// result (Overflow also sets out[1]). Returns false for undefined behaviour (division by zero,
/// signed division overflow, oversized shift), with `why` saying which.
bool evaluate(const program::Instruction &in, std::uint64_t a, std::uint64_t b, std::uint64_t c,
              std::uint64_t out[2], std::string &why);

/// An integer read-modify-write (AtomicRmw) on `bits` bits.
std::uint64_t applyRmw(program::RmwOp op, std::uint64_t old, std::uint64_t operand, unsigned bits);

} // namespace weft::interpreter
