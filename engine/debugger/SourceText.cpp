// SPDX-License-Identifier: MIT
#include "engine/debugger/SourceText.hpp"

#include <fstream>

namespace weft::debugger {

const std::string &SourceText::line(const std::string &file, unsigned line) {
    static const std::string kNone;
    auto [it, inserted] = m_files.try_emplace(file);
    if (inserted) {
        std::ifstream in(file);
        for (std::string text; std::getline(in, text);) {
            const auto first = text.find_first_not_of(" \t");
            it->second.push_back(first == std::string::npos ? std::string() : text.substr(first));
        }
    }
    return line >= 1 && line <= it->second.size() ? it->second[line - 1] : kNone;
}

} // namespace weft::debugger
