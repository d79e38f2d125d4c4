// SPDX-License-Identifier: MIT
// What of a value comes from memory never written (--uninit report), bit for bit as the value itself
// (so a bit-field written next to unwritten ones stays defined), and the address of an undefined byte
// it was read from, which the uninitialised-read defect names. Kept per register.
#pragma once

#include <cstdint>

namespace weft::interpreter {

struct RegisterShadow {
    std::uint64_t origin = 0; ///< the address of an undefined byte the value was computed from
    std::uint64_t bits = 0;   ///< the value's undefined bits (0: the value is defined)

    /// Whichever operand is undefined first gives the origin; every bit of the result is undefined.
    static RegisterShadow any(const RegisterShadow &a, const RegisterShadow &b, const RegisterShadow &c) {
        const std::uint64_t origin = a.bits ? a.origin : b.bits ? b.origin : c.origin;
        return (a.bits | b.bits | c.bits) ? RegisterShadow{origin, ~std::uint64_t{0}} : RegisterShadow{};
    }
    /// The same value with other undefined bits (the origin stays while some remain).
    RegisterShadow withBits(std::uint64_t b) const { return b ? RegisterShadow{origin, b} : RegisterShadow{}; }
};

} // namespace weft::interpreter
