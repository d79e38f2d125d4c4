// SPDX-License-Identifier: MIT
#include "engine/interpreter/Arithmetic.hpp"

#include "engine/base/Message.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace weft::interpreter {

using program::FloatFunction;
using program::Instruction;
using program::IntFunction;
using program::IntPredicate;
using program::Opcode;
using program::OverflowOp;
using program::RmwOp;

double asDouble(std::uint64_t bits) { return std::bit_cast<double>(bits); }
float asFloat(std::uint64_t bits) { return std::bit_cast<float>(std::uint32_t(bits)); }
std::uint64_t fromDouble(double v) { return std::bit_cast<std::uint64_t>(v); }
std::uint64_t fromFloat(float v) { return std::bit_cast<std::uint32_t>(v); }

namespace {

bool compareInt(IntPredicate p, std::uint64_t a, std::uint64_t b, unsigned bits) {
    const std::int64_t sa = signExtend(a, bits), sb = signExtend(b, bits);
    switch (p) {
    case IntPredicate::Eq: return a == b;
    case IntPredicate::Ne: return a != b;
    case IntPredicate::Ugt: return a > b;
    case IntPredicate::Uge: return a >= b;
    case IntPredicate::Ult: return a < b;
    case IntPredicate::Ule: return a <= b;
    case IntPredicate::Sgt: return sa > sb;
    case IntPredicate::Sge: return sa >= sb;
    case IntPredicate::Slt: return sa < sb;
    case IntPredicate::Sle: return sa <= sb;
    }
    return false;
}

/// LLVM's FCmp predicate bits: 1 equal, 2 greater, 4 less, 8 unordered.
bool compareFloat(unsigned p, double a, double b) {
    if (std::isnan(a) || std::isnan(b))
        return (p & 8) != 0;
    return ((p & 1) && a == b) || ((p & 2) && a > b) || ((p & 4) && a < b);
}

/// LLVM's FPClassTest bit of the value with bit pattern `bits` (`width` 32 or 64).
std::uint64_t fpClassBits(std::uint64_t bits, unsigned width) {
    const double v = width == 32 ? double(asFloat(bits)) : asDouble(bits);
    const int kind = width == 32 ? std::fpclassify(asFloat(bits)) : std::fpclassify(v);
    const bool negative = std::signbit(v);
    switch (kind) {
    case FP_NAN: {
        const bool quiet = width == 32 ? (bits & 0x00400000u) != 0 : (bits & 0x0008000000000000ull) != 0;
        return quiet ? 2 : 1;
    }
    case FP_INFINITE: return negative ? 4 : 512;
    case FP_NORMAL: return negative ? 8 : 256;
    case FP_SUBNORMAL: return negative ? 16 : 128;
    default: return negative ? 32 : 64; // zero
    }
}

// fmin/fmax as a C program compiled natively sees them: a NaN loses, and of two equal values
// (0.0 and -0.0) the first wins.
double libmFmin(double a, double b) { return std::isnan(a) ? b : std::isnan(b) ? a : b < a ? b : a; }
double libmFmax(double a, double b) { return std::isnan(a) ? b : std::isnan(b) ? a : b > a ? b : a; }

double mathFunction(FloatFunction f, double a, double b, double c) {
    switch (f) {
    case FloatFunction::Fabs: return std::fabs(a);
    case FloatFunction::Sqrt: return std::sqrt(a);
    case FloatFunction::Floor: return std::floor(a);
    case FloatFunction::Ceil: return std::ceil(a);
    case FloatFunction::Trunc: return std::trunc(a);
    case FloatFunction::Round: return std::round(a);
    case FloatFunction::Sin: return std::sin(a);
    case FloatFunction::Cos: return std::cos(a);
    case FloatFunction::Tan: return std::tan(a);
    case FloatFunction::Atan: return std::atan(a);
    case FloatFunction::Atan2: return std::atan2(a, b);
    case FloatFunction::Exp: return std::exp(a);
    case FloatFunction::Log: return std::log(a);
    case FloatFunction::Log10: return std::log10(a);
    case FloatFunction::Pow: return std::pow(a, b);
    case FloatFunction::Fmod: return std::fmod(a, b);
    case FloatFunction::CopySign: return std::copysign(a, b);
    case FloatFunction::MinNum: return libmFmin(a, b);
    case FloatFunction::MaxNum: return libmFmax(a, b);
    case FloatFunction::MulAdd: return a * b + c;
    case FloatFunction::FusedMulAdd: return std::fma(a, b, c);
    case FloatFunction::IsFpClass: break; // not a value: evaluated before
    }
    return 0;
}

std::uint64_t toFloatBits(double v, unsigned bits) { return bits == 32 ? fromFloat(float(v)) : fromDouble(v); }
double fromFloatBits(std::uint64_t v, unsigned bits) { return bits == 32 ? double(asFloat(v)) : asDouble(v); }

std::uint64_t floatToInt(double v, unsigned bits, bool isSigned) {
    if (std::isnan(v))
        return 0; // poison in LLVM; C says undefined
    if (isSigned) {
        if (v <= -9.2233720368547758e18 || v >= 9.2233720368547758e18)
            return 0;
        return std::uint64_t(std::int64_t(v)) & widthMask(bits);
    }
    if (v <= -1.0 || v >= 1.8446744073709552e19)
        return 0;
    return std::uint64_t(v) & widthMask(bits);
}

std::uint64_t intFunction(IntFunction f, std::uint64_t a, std::uint64_t b, unsigned bits) {
    const std::int64_t sa = signExtend(a, bits), sb = signExtend(b, bits);
    switch (f) {
    case IntFunction::Abs: return (sa < 0 ? std::uint64_t(-sa) : a) & widthMask(bits);
    case IntFunction::SMax: return sa > sb ? a : b;
    case IntFunction::SMin: return sa < sb ? a : b;
    case IntFunction::UMax: return a > b ? a : b;
    case IntFunction::UMin: return a < b ? a : b;
    case IntFunction::CtPop: return std::uint64_t(std::popcount(a));
    case IntFunction::Ctlz: return a == 0 ? bits : std::uint64_t(std::countl_zero(a) - (64 - int(bits)));
    case IntFunction::Cttz: return a == 0 ? bits : std::uint64_t(std::countr_zero(a));
    case IntFunction::BSwap: {
        std::uint64_t out = 0;
        for (unsigned i = 0; i < bits / 8; ++i)
            out |= ((a >> (8 * i)) & 0xFF) << (bits - 8 - 8 * i);
        return out;
    }
    }
    return 0;
}

void overflowOp(OverflowOp op, std::uint64_t a, std::uint64_t b, unsigned bits, std::uint64_t out[2]) {
    const std::uint64_t m = widthMask(bits);
    const std::int64_t sa = signExtend(a, bits), sb = signExtend(b, bits);
    const std::int64_t smin = bits >= 64 ? std::numeric_limits<std::int64_t>::min() : -(std::int64_t{1} << (bits - 1));
    const std::int64_t smax = bits >= 64 ? std::numeric_limits<std::int64_t>::max() : (std::int64_t{1} << (bits - 1)) - 1;
    bool overflow = false;
    std::uint64_t result = 0;
    switch (op) {
    case OverflowOp::UAdd: result = (a + b) & m; overflow = result < a || (bits < 64 && a + b > m); break;
    case OverflowOp::USub: result = (a - b) & m; overflow = b > a; break;
    case OverflowOp::UMul: {
        unsigned __int128 full = (unsigned __int128)a * b;
        result = std::uint64_t(full) & m;
        overflow = full > m;
        break;
    }
    case OverflowOp::SAdd:
    case OverflowOp::SSub:
    case OverflowOp::SMul: {
        __int128 full = op == OverflowOp::SAdd   ? (__int128)sa + sb
                        : op == OverflowOp::SSub ? (__int128)sa - sb
                                                 : (__int128)sa * sb;
        result = std::uint64_t(full) & m;
        overflow = full < smin || full > smax;
        break;
    }
    }
    out[0] = result;
    out[1] = overflow;
}

} // namespace

// Aligned as Stepper::runInstructions is (Stepper.hpp), whose loop calls it for every arithmetic
// instruction: its placement no longer moves with unrelated code.
[[gnu::aligned(64)]] bool evaluate(const Instruction &in, std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                   std::uint64_t out[2], std::string &why) {
    const unsigned w = in.width;
    const std::uint64_t m = widthMask(w);
    std::uint64_t &r = out[0];
    switch (in.op) {
    case Opcode::Move: r = a; return true;
    case Opcode::Add: r = (a + b) & m; return true;
    case Opcode::Sub: r = (a - b) & m; return true;
    case Opcode::Mul: r = (a * b) & m; return true;
    case Opcode::UDiv:
    case Opcode::URem:
        if (b == 0)
            return why = english(MessageKind::DivisionByZero, {}), false;
        r = in.op == Opcode::UDiv ? a / b : a % b;
        return true;
    case Opcode::SDiv:
    case Opcode::SRem: {
        if (b == 0)
            return why = english(MessageKind::DivisionByZero, {}), false;
        const std::int64_t sa = signExtend(a, w), sb = signExtend(b, w);
        if (sb == -1 && sa == signExtend(std::uint64_t{1} << (w - 1), w))
            return why = english(MessageKind::DivisionOverflow, {}), false;
        r = std::uint64_t(in.op == Opcode::SDiv ? sa / sb : sa % sb) & m;
        return true;
    }
    case Opcode::Shl:
    case Opcode::LShr:
    case Opcode::AShr:
        if (b >= w)
            return why = english(MessageKind::ShiftTooFar, {std::to_string(b), std::to_string(w)}), false;
        r = in.op == Opcode::Shl    ? (a << b) & m
            : in.op == Opcode::LShr ? a >> b
                                    : std::uint64_t(signExtend(a, w) >> b) & m;
        return true;
    case Opcode::And: r = a & b; return true;
    case Opcode::Or: r = a | b; return true;
    case Opcode::Xor: r = (a ^ b) & m; return true;
    case Opcode::ICmp: r = compareInt(IntPredicate(in.aux), a, b, w); return true;
    case Opcode::FAdd: r = toFloatBits(fromFloatBits(a, w) + fromFloatBits(b, w), w); return true;
    case Opcode::FSub: r = toFloatBits(fromFloatBits(a, w) - fromFloatBits(b, w), w); return true;
    case Opcode::FMul: r = toFloatBits(fromFloatBits(a, w) * fromFloatBits(b, w), w); return true;
    case Opcode::FDiv: r = toFloatBits(fromFloatBits(a, w) / fromFloatBits(b, w), w); return true;
    case Opcode::FRem: r = toFloatBits(std::fmod(fromFloatBits(a, w), fromFloatBits(b, w)), w); return true;
    case Opcode::FNeg: r = toFloatBits(-fromFloatBits(a, w), w); return true;
    case Opcode::FCmp: r = compareFloat(in.aux, fromFloatBits(a, w), fromFloatBits(b, w)); return true;
    case Opcode::FMath:
        if (FloatFunction(in.aux) == FloatFunction::IsFpClass) {
            r = (fpClassBits(a, w) & b) != 0;
            return true;
        }
        if (w == 32) {
            const float fa = asFloat(a), fb = asFloat(b), fc = asFloat(c);
            const FloatFunction function = FloatFunction(in.aux);
            r = function == FloatFunction::MulAdd        ? fromFloat(fa * fb + fc)
                : function == FloatFunction::FusedMulAdd ? fromFloat(std::fma(fa, fb, fc))
                                                         : fromFloat(float(mathFunction(function, fa, fb, fc)));
        } else {
            r = fromDouble(mathFunction(FloatFunction(in.aux), asDouble(a), asDouble(b), asDouble(c)));
        }
        return true;
    case Opcode::Trunc: r = a & m; return true;
    case Opcode::SExt: r = std::uint64_t(signExtend(a, in.aux)) & m; return true;
    case Opcode::FPExt: r = fromDouble(double(asFloat(a))); return true;
    case Opcode::FPTrunc: r = fromFloat(float(asDouble(a))); return true;
    case Opcode::FPToSI: r = floatToInt(fromFloatBits(a, in.aux), w, true); return true;
    case Opcode::FPToUI: r = floatToInt(fromFloatBits(a, in.aux), w, false); return true;
    case Opcode::SIToFP: r = toFloatBits(double(signExtend(a, in.aux)), w); return true;
    case Opcode::UIToFP: r = toFloatBits(double(a), w); return true;
    case Opcode::Select: r = (a & 1) ? b : c; return true;
    case Opcode::IntMath: r = intFunction(IntFunction(in.aux), a, b, w); return true;
    case Opcode::Overflow: overflowOp(OverflowOp(in.aux), a, b, w, out); return true;
    default: return why = english(MessageKind::NotPure, {}), false;
    }
}

std::uint64_t applyRmw(RmwOp op, std::uint64_t old, std::uint64_t v, unsigned bits) {
    const std::uint64_t m = widthMask(bits);
    const std::int64_t so = signExtend(old, bits), sv = signExtend(v, bits);
    switch (op) {
    case RmwOp::Xchg: return v;
    case RmwOp::Add: return (old + v) & m;
    case RmwOp::Sub: return (old - v) & m;
    case RmwOp::And: return old & v;
    case RmwOp::Nand: return ~(old & v) & m;
    case RmwOp::Or: return old | v;
    case RmwOp::Xor: return old ^ v;
    case RmwOp::Max: return so > sv ? old : v;
    case RmwOp::Min: return so < sv ? old : v;
    case RmwOp::UMax: return old > v ? old : v;
    case RmwOp::UMin: return old < v ? old : v;
    }
    return v;
}

} // namespace weft::interpreter
