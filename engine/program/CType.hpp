// SPDX-License-Identifier: MIT
// The shape of a C type from the debug info, as a debugger shows values: scalars, pointers, arrays
// with their element type, structs and unions with their fields. Typedefs, const and volatile are
// stripped (the spelled name stays with the variable or field). Plain data, in SourceMap::types.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace weft::program {

/// Index into SourceMap::types; kNoType = no type known (only a spelled name).
inline constexpr std::uint32_t kNoType = ~std::uint32_t{0};

/// A field of a struct or union (a DW_TAG_member).
struct CField {
    std::string name; ///< "" for an anonymous struct or union member
    std::string type; ///< C spelling, e.g. "counter_t", "struct node *"
    std::uint32_t typeIndex = kNoType;
    std::uint64_t offset = 0;   ///< in bytes from the start of the enclosing object
    std::uint8_t bitOffset = 0; ///< bitfields: first bit within the byte at `offset`
    std::uint8_t bitSize = 0;   ///< bitfields: width in bits; 0 = not a bitfield
};

struct CType {
    enum class Kind : std::uint8_t {
        Scalar,  ///< integer, character, boolean or floating point
        Pointer, ///< any pointer (values print as "→ 'name'"; `element` is its target's type)
        Array,
        Struct,
        Union,
        Enum,
        Other, ///< functions, void, incomplete types: no value to show
    };
    enum class Encoding : std::uint8_t { Signed, Unsigned, Float, Bool, SignedChar, UnsignedChar };

    Kind kind = Kind::Other;
    Encoding encoding = Encoding::Signed; ///< scalars and enums
    std::string name;       ///< C spelling without typedefs, e.g. "struct node", "int [3][4]"
    std::uint64_t size = 0; ///< in bytes
    std::string element;    ///< arrays: the element's spelled type; pointers: the target's
    std::uint32_t elementIndex = kNoType; ///< arrays: the element's type; pointers: the target's (heap names)
    std::uint64_t count = 0;              ///< arrays: number of elements (0 = unknown or flexible)
    std::vector<CField> fields;           ///< structs and unions, in declaration order
    std::vector<std::pair<std::string, std::int64_t>> enumerators; ///< enums

    bool isAggregate() const {
        return kind == Kind::Array || kind == Kind::Struct || kind == Kind::Union;
    }
};

} // namespace weft::program
