// SPDX-License-Identifier: MIT
// Nondeterministic inputs explored (--nondet explore:LO..HI, README "SV-COMP harness"): each
// __VERIFIER_nondet_* call is a `nondet` event whose value is the choice, on a per-thread object
// whose id carries the call's domain, so the unfolding, the enumerator and a schedule's reader
// all know the alternatives from the action alone (engine/unfolding/README.md, "Nondeterministic
// choices").
#pragma once

#include "engine/action/Action.hpp"

#include <cstdint>

namespace weft {

/// The values one call can return: bool 0..1, char -128..127, unsigned char 0..255, anything else
/// the --nondet range.
enum class NondetKind : std::uint8_t { Range, Bool, Char, UChar };

struct NondetDomain {
    std::int64_t lo = 0;
    std::int64_t hi = 0;
    /// An input's domain (a range, char, unsigned char): tried in the order of at(), not upwards.
    bool inputOrder = false;
    std::uint64_t size() const { return std::uint64_t(hi - lo) + 1; }
    /// The i-th value the exploration tries (i < size()). An input holding 0 and 1: 1, 0, 2, 3, ..., hi, then
    /// -1, -2, ..., lo: a test of truth takes the true branch first (an `if (nondet())` retry loop leaves at
    /// once), loop bounds come small first, and negative values, four billion when read as unsigned, last.
    /// Anything else (bool, a timeout, a lock's failure: 0 is the usual case) from lo upwards.
    std::int64_t at(std::uint64_t i) const {
        if (!inputOrder || lo > 0 || hi < 1)
            return lo + std::int64_t(i);
        if (i <= 1)
            return 1 - std::int64_t(i);
        return std::int64_t(i) <= hi ? std::int64_t(i) : hi - std::int64_t(i);
    }
    /// The value a choice takes when nothing says otherwise (free mode, a schedule step without one).
    std::int64_t first() const { return at(0); }
};

/// The bounds a --nondet range may have (the object id stores them in 16 bits each).
inline constexpr std::int64_t kNondetRangeMin = -32768;
inline constexpr std::int64_t kNondetRangeMax = 32767;

/// The object of `thread`'s choices of `kind` (a range's bounds included). Layout: tag 0xFE (8 bits),
/// kind (4), thread (20), lo (16), hi (16); never a memory address (the tag is in the function
/// owner's space) nor a model program's small object number.
inline ObjectId nondetObject(ThreadId thread, NondetKind kind, std::int64_t lo, std::int64_t hi) {
    return (ObjectId{0xFE} << 56) | (ObjectId(kind) << 52) | (ObjectId(thread & 0xFFFFF) << 32) |
           (ObjectId(std::uint16_t(std::int16_t(lo))) << 16) | ObjectId(std::uint16_t(std::int16_t(hi)));
}

inline bool isNondetObject(ObjectId object) { return (object >> 56) == 0xFE; }

inline NondetKind nondetKindOf(ObjectId object) { return NondetKind((object >> 52) & 0xF); }

inline NondetDomain nondetDomain(ObjectId object) {
    switch (nondetKindOf(object)) {
    case NondetKind::Bool: return {0, 1};
    case NondetKind::Char: return {-128, 127, true};
    case NondetKind::UChar: return {0, 255, true};
    case NondetKind::Range: break;
    }
    return {std::int16_t(std::uint16_t(object >> 16)), std::int16_t(std::uint16_t(object)), true};
}

} // namespace weft
