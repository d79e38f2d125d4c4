// SPDX-License-Identifier: MIT
#include "engine/program/SourceMap.hpp"

#include <algorithm>

namespace weft::program {

std::uint32_t SourceMap::addFile(const std::string &name) {
    auto it = std::find(m_files.begin(), m_files.end(), name);
    if (it != m_files.end())
        return std::uint32_t(it - m_files.begin());
    m_files.push_back(name);
    return std::uint32_t(m_files.size() - 1);
}

SourceSpot SourceMap::spotOf(std::uint32_t function, std::uint32_t pc) const {
    if (function >= functions.size() || pc >= functions[function].spots.size())
        return {};
    return functions[function].spots[pc];
}

std::string SourceMap::format(SourceSpot spot) const {
    if (spot.line == 0 || spot.file >= m_files.size())
        return {};
    std::string out = m_files[spot.file] + ':' + std::to_string(spot.line);
    if (spot.column)
        out += ':' + std::to_string(spot.column);
    return out;
}

} // namespace weft::program
