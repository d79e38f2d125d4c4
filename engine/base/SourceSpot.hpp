// SPDX-License-Identifier: MIT
// A position in a source file of the program under test, as the results and the views show it; the
// file is an index into the program's list of files (program::SourceMap::files()).
#pragma once

#include <cstdint>

namespace weft {

/// A position in a source file; line 0 = unknown.
struct SourceSpot {
    std::uint32_t file = 0;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

} // namespace weft
