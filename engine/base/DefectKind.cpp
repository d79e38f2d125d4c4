// SPDX-License-Identifier: MIT
#include "engine/base/DefectKind.hpp"

namespace weft {

std::string_view defectKindName(DefectKind kind) {
    switch (kind) {
#define WEFT_DEFECT(name, text) case DefectKind::name: return text;
#include "engine/base/DefectKinds.def"
    }
    return "?";
}

} // namespace weft
