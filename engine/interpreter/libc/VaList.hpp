// SPDX-License-Identifier: MIT
// The arguments a va_list made by va_start still holds (VariadicCalls.cpp), for the v*printf forms.
#pragma once

#include "engine/interpreter/BuiltinCall.hpp"

#include <vector>

namespace weft::interpreter {

/// The arguments left in the va_list at `vaList`, one 64-bit slot each; false with the defect raised
/// (an invalid pointer, or a va_list va_start did not set up).
bool vaListArguments(BuiltinCall &call, std::uint64_t vaList, std::vector<std::uint64_t> &out);

} // namespace weft::interpreter
