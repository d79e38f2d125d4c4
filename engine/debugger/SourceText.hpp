// SPDX-License-Identifier: MIT
// The text of the program's source files, read once, for traces that show each step's line.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace weft::debugger {

class SourceText {
public:
    /// Line `line` (1-based) of `file`, without leading blanks; "" if unreadable.
    const std::string &line(const std::string &file, unsigned line);

private:
    std::map<std::string, std::vector<std::string>> m_files;
};

} // namespace weft::debugger
