// SPDX-License-Identifier: MIT
// sscanf's parsing for the interpreted program: conversions d i u o x X f F e E g G a s c [..] n p %,
// assignment suppression (*), widths and length modifiers (hh h l ll j z t L). Pure: it says what to
// store where; the caller writes through the checked Memory. The "C" locale.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace weft::interpreter {

/// One assignment: `bytes` to the pointer passed as variadic argument `argument` (0-based).
struct ScanStore {
    std::size_t argument = 0;
    std::vector<std::uint8_t> bytes;
};

struct ScanResult {
    int assigned = 0;           ///< what sscanf returns: conversions assigned, or -1 (EOF) on input
                                ///< failure before the first conversion
    std::vector<ScanStore> stores;
    std::string error;          ///< a malformed format or too few arguments (undefined behaviour)
};

/// Scans `input` as sscanf(input, format, ...) with `argumentCount` pointer arguments.
ScanResult scanString(const std::string &input, const std::string &format, std::size_t argumentCount);

} // namespace weft::interpreter
