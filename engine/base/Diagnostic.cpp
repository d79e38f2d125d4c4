// SPDX-License-Identifier: MIT
#include "engine/base/Diagnostic.hpp"

namespace weft {

std::string Diagnostic::format() const {
    std::string out;
    if (!file.empty()) {
        out += file;
        if (line) {
            out += ':' + std::to_string(line);
            if (column)
                out += ':' + std::to_string(column);
        }
        out += ": ";
    }
    switch (severity) {
    case Severity::Note: out += "note: "; break;
    case Severity::Warning: out += "warning: "; break;
    case Severity::Error: out += "error: "; break;
    }
    return out + text;
}

} // namespace weft
