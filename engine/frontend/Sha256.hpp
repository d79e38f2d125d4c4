// SPDX-License-Identifier: MIT
// SHA-256 of a byte string as 64 lower-case hex digits (LLVM's implementation): the program hash
// SV-COMP witnesses carry. Any thread.
#pragma once

#include <string>
#include <string_view>

namespace weft::frontend {

std::string sha256Hex(std::string_view data);

} // namespace weft::frontend
