// SPDX-License-Identifier: MIT
// printf's formatting for the interpreted program: conversions d i u o x X c s f F e E g G a A p %
// with flags, width, precision and length modifiers, reading %s strings through the checked Memory.
#pragma once

#include "engine/interpreter/Memory.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace weft::interpreter {

struct PrintfError {
    bool memory = false; ///< a %s argument is not a valid string (see `fault`)
    MemoryFault fault;
    std::string text;    ///< otherwise: what is wrong with the format or the arguments
};

/// Appends the formatted text to `out`; false with `error` filled when the call is invalid.
/// `args` are the variadic arguments as the registers hold them (doubles as bit patterns).
bool formatPrintf(const Memory &memory, const std::string &format, const std::vector<std::uint64_t> &args,
                  std::size_t firstArg, std::string &out, PrintfError &error);

} // namespace weft::interpreter
