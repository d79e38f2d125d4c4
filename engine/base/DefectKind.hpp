// SPDX-License-Identifier: MIT
// What can be wrong with the program under test (not with Weft): kinds from DefectKinds.def.
#pragma once

#include <cstdint>
#include <string_view>

namespace weft {

enum class DefectKind : std::uint8_t {
#define WEFT_DEFECT(name, text) name,
#include "engine/base/DefectKinds.def"
};

/// "assertion failure", "deadlock", ...
std::string_view defectKindName(DefectKind kind);

} // namespace weft
