// SPDX-License-Identifier: MIT
// math.h for the interpreted program (engine/program/MathFunctions.def): a table from builtin to the
// host libm function and its C signature, so results are bit for bit those of the program compiled
// natively. Pointer results (frexp, modf, remquo) are stored through the checked Memory.
#include "engine/interpreter/Arithmetic.hpp"
#include "engine/interpreter/LibcDispatcher.hpp"

#include <math.h>

#include <cstring>
#include <optional>
#include <vector>

namespace weft::interpreter {

using program::Builtin;

namespace {

// clang-format off: a table
enum class Shape {
    DD, FF, DDD, FFF, DDDD, FFFF, DDI, FFI, DDL, FFL, DID, FIF, DDPI, FFPI, DDPD, FFPF, ID, IF, LD, LF, QD, QF,
    DDDPI, FFFPI, DS, FS, VDPDPD, VFPFPF
};
// clang-format on

/// One function pointer, of the type its Shape names.
union MathPointer {
    double (*DD)(double);
    float (*FF)(float);
    double (*DDD)(double, double);
    float (*FFF)(float, float);
    double (*DDDD)(double, double, double);
    float (*FFFF)(float, float, float);
    double (*DDI)(double, int);
    float (*FFI)(float, int);
    double (*DDL)(double, long);
    float (*FFL)(float, long);
    double (*DID)(int, double);
    float (*FIF)(int, float);
    void (*VDPDPD)(double, double *, double *);
    void (*VFPFPF)(float, float *, float *);
    double (*DDPI)(double, int *);
    float (*FFPI)(float, int *);
    double (*DDPD)(double, double *);
    float (*FFPF)(float, float *);
    int (*ID)(double);
    int (*IF)(float);
    long (*LD)(double);
    long (*LF)(float);
    long long (*QD)(double);
    long long (*QF)(float);
    double (*DDDPI)(double, double, int *);
    float (*FFFPI)(float, float, int *);
    double (*DS)(const char *);
    float (*FS)(const char *);
};

struct MathEntry {
    Shape shape;
    MathPointer function;
};

/// Indexed by Builtin: the math functions' entries (the others are never looked up).
std::vector<std::optional<MathEntry>> makeTable() {
    std::vector<std::optional<MathEntry>> table(static_cast<std::size_t>(Builtin::Count)); // not T(x): a declaration to clang
#define WEFT_MATH(name, symbol, shape)                                                                                 \
    table[std::size_t(Builtin::name)] = MathEntry{Shape::shape, MathPointer{.shape = &::symbol}};
#include "engine/program/MathFunctions.def"
    return table;
}

const std::vector<std::optional<MathEntry>> &mathTable() {
    static const std::vector<std::optional<MathEntry>> table = makeTable();
    return table;
}

Continuation mathCall(BuiltinCall &c) {
    const MathEntry &e = *mathTable()[std::size_t(c.builtin)];
    std::uint64_t &result = c.result;
    const MathPointer &f = e.function;
    auto arg = [&](std::size_t i) { return c.arg(i); };
    auto d = [&](std::size_t i) { return asDouble(arg(i)); };
    auto s = [&](std::size_t i) { return asFloat(arg(i)); };
    auto i32 = [&](std::size_t i) { return int(std::int32_t(std::uint32_t(arg(i)))); };
    // Stores `value` through pointer argument `i` like a store of the program.
    auto store = [&](std::size_t i, const void *value, std::size_t size) {
        MemoryFault fault;
        std::uint8_t *to = c.state.memory.write(arg(i), size, 1, fault);
        if (!to) {
            c.memoryFault(fault);
            return false;
        }
        if (!c.noteAccess(arg(i), size, true))
            return false;
        std::memcpy(to, value, size);
        return true;
    };
    switch (e.shape) {
    case Shape::DD: result = fromDouble(f.DD(d(0))); break;
    case Shape::FF: result = fromFloat(f.FF(s(0))); break;
    case Shape::DDD: result = fromDouble(f.DDD(d(0), d(1))); break;
    case Shape::FFF: result = fromFloat(f.FFF(s(0), s(1))); break;
    case Shape::DDDD: result = fromDouble(f.DDDD(d(0), d(1), d(2))); break;
    case Shape::FFFF: result = fromFloat(f.FFFF(s(0), s(1), s(2))); break;
    case Shape::DDI: result = fromDouble(f.DDI(d(0), i32(1))); break;
    case Shape::FFI: result = fromFloat(f.FFI(s(0), i32(1))); break;
    case Shape::DDL: result = fromDouble(f.DDL(d(0), long(arg(1)))); break;
    case Shape::FFL: result = fromFloat(f.FFL(s(0), long(arg(1)))); break;
    case Shape::DID: result = fromDouble(f.DID(i32(0), d(1))); break;
    case Shape::FIF: result = fromFloat(f.FIF(i32(0), s(1))); break;
    case Shape::VDPDPD: {
        double sine = 0, cosine = 0;
        f.VDPDPD(d(0), &sine, &cosine);
        if (!store(1, &sine, 8) || !store(2, &cosine, 8))
            return Continuation::Fault;
        break;
    }
    case Shape::VFPFPF: {
        float sine = 0, cosine = 0;
        f.VFPFPF(s(0), &sine, &cosine);
        if (!store(1, &sine, 4) || !store(2, &cosine, 4))
            return Continuation::Fault;
        break;
    }
    case Shape::ID: result = std::uint32_t(f.ID(d(0))); break;
    case Shape::IF: result = std::uint32_t(f.IF(s(0))); break;
    case Shape::LD: result = std::uint64_t(f.LD(d(0))); break;
    case Shape::LF: result = std::uint64_t(f.LF(s(0))); break;
    case Shape::QD: result = std::uint64_t(f.QD(d(0))); break;
    case Shape::QF: result = std::uint64_t(f.QF(s(0))); break;
    case Shape::DDPI: {
        int exponent = 0;
        result = fromDouble(f.DDPI(d(0), &exponent));
        if (!store(1, &exponent, 4))
            return Continuation::Fault;
        break;
    }
    case Shape::FFPI: {
        int exponent = 0;
        result = fromFloat(f.FFPI(s(0), &exponent));
        if (!store(1, &exponent, 4))
            return Continuation::Fault;
        break;
    }
    case Shape::DDPD: {
        double whole = 0;
        result = fromDouble(f.DDPD(d(0), &whole));
        if (!store(1, &whole, 8))
            return Continuation::Fault;
        break;
    }
    case Shape::FFPF: {
        float whole = 0;
        result = fromFloat(f.FFPF(s(0), &whole));
        if (!store(1, &whole, 4))
            return Continuation::Fault;
        break;
    }
    case Shape::DDDPI: {
        int quotient = 0;
        result = fromDouble(f.DDDPI(d(0), d(1), &quotient));
        if (!store(2, &quotient, 4))
            return Continuation::Fault;
        break;
    }
    case Shape::FFFPI: {
        int quotient = 0;
        result = fromFloat(f.FFFPI(s(0), s(1), &quotient));
        if (!store(2, &quotient, 4))
            return Continuation::Fault;
        break;
    }
    case Shape::DS:
    case Shape::FS: {
        std::string tag;
        if (!c.readString(arg(0), tag))
            return Continuation::Fault;
        result = e.shape == Shape::DS ? fromDouble(f.DS(tag.c_str())) : fromFloat(f.FS(tag.c_str()));
        break;
    }
    }
    return Continuation::Continue;
}

} // namespace

void addMathCalls(LibcDispatcher &table) {
    for (std::size_t b = 0; b < mathTable().size(); ++b)
        if (mathTable()[b])
            table.add(Builtin(b), &mathCall);
}

} // namespace weft::interpreter
