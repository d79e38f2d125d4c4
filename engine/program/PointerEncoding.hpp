// SPDX-License-Identifier: MIT
// How the interpreter represents a pointer in 64 bits: owner (14) | object number (22) | offset (28,
// biased by 2^27). Object identities are stable across interleavings because each thread numbers its own.
#pragma once

#include <cstdint>

namespace weft::program {

inline constexpr unsigned kOffsetBits = 28;
inline constexpr unsigned kObjectBits = 22;
inline constexpr unsigned kOwnerBits = 14;
/// The largest object (and the reach of an offset either way): 128 MiB.
inline constexpr std::int64_t kOffsetBias = std::int64_t{1} << (kOffsetBits - 1);
inline constexpr std::uint64_t kMaxObjectSize = std::uint64_t{1} << (kOffsetBits - 1);
inline constexpr std::uint32_t kMaxObjectsPerOwner = std::uint32_t{1} << kObjectBits;

/// Owner 0 holds the null object (number 0) and the globals (numbers 1..); thread t owns t + 1;
/// the last owner names functions (number = function index).
inline constexpr std::uint32_t kGlobalOwner = 0;
inline constexpr std::uint32_t kFunctionOwner = (std::uint32_t{1} << kOwnerBits) - 1;
inline constexpr std::uint32_t kMaxThreadOwners = kFunctionOwner - 1;

struct DecodedPointer {
    std::uint32_t owner = 0;
    std::uint32_t object = 0;
    std::int64_t offset = 0;
    friend bool operator==(const DecodedPointer &, const DecodedPointer &) = default;
};

/// The pointer to byte `offset` of object (owner, object); arithmetic on the result stays within
/// the object while |offset| < 2^27, so out-of-bounds pointers still name their object.
constexpr std::uint64_t encodePointer(std::uint32_t owner, std::uint32_t object, std::int64_t offset = 0) {
    return ((std::uint64_t(owner) << (kObjectBits + kOffsetBits)) | (std::uint64_t(object) << kOffsetBits)) +
           std::uint64_t(kOffsetBias + offset);
}

constexpr DecodedPointer decodePointer(std::uint64_t p) {
    return {std::uint32_t(p >> (kObjectBits + kOffsetBits)),
            std::uint32_t((p >> kOffsetBits) & (kMaxObjectsPerOwner - 1)),
            std::int64_t(p & ((std::uint64_t{1} << kOffsetBits) - 1)) - kOffsetBias};
}

constexpr std::uint64_t globalPointer(std::uint32_t globalIndex) { return encodePointer(kGlobalOwner, globalIndex + 1); }
constexpr std::uint64_t functionPointer(std::uint32_t functionIndex) { return encodePointer(kFunctionOwner, functionIndex); }
constexpr std::uint32_t threadOwner(std::uint32_t thread) { return thread + 1; }

/// The object key of atomic sections (README "SV-COMP harness"): the implicit global lock in the sync
/// model, the one location of every section and of what sections touch in the sc model. A function
/// pointer no function has, so it never names real memory.
inline constexpr std::uint64_t kAtomicSectionKey = encodePointer(kFunctionOwner, kMaxObjectsPerOwner - 1);

} // namespace weft::program
