// SPDX-License-Identifier: MIT
// Line breakpoints as setBreakpoints gives them, per source file, with optional conditions of the form
// `NAME`, or `NAME OP VALUE` with OP one of == != < <= > >= (NAME a variable path as evaluate takes it,
// VALUE a number or the text the variables pane shows). A breakpoint stops the replay when any thread
// reaches its line (docs/dap.md, "Breakpoints").
#pragma once

#include "app/dap/Protocol.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace weft::dap {

struct Condition {
    std::string variable;
    std::string op;    ///< "" for a bare NAME (true when its value is not 0 / NULL / false)
    std::string value;
    /// Parses `text`; nullopt if it is not of a supported form.
    static std::optional<Condition> parse(const std::string &text);
    /// Whether the condition holds for `shown`, the variable's value as the variables pane shows it.
    bool holds(const std::string &shown) const;
};

struct LineBreakpoint {
    std::int64_t id = 0;
    std::uint32_t line = 0;
    std::optional<Condition> condition;
};

class Breakpoints {
public:
    /// Replaces the breakpoints of `path` with `requested` (setBreakpoints' array); returns the body's
    /// "breakpoints": each verified unless its condition cannot be parsed or the file is not the program's
    /// (`knownFile` tells).
    Json set(const std::string &path, const Json &requested, const std::function<bool(const std::string &)> &knownFile);
    bool empty() const { return m_byFile.empty(); }
    /// The breakpoint at `line` of `file` (files compared by canonical path), if any.
    const LineBreakpoint *at(const std::string &file, std::uint32_t line) const;

private:
    std::map<std::string, std::vector<LineBreakpoint>> m_byFile; ///< by canonical path
    std::int64_t m_nextId = 1;
    mutable std::map<std::string, std::string> m_canonical; ///< the source map's file names, resolved once
};

/// The canonical form of `path` (symlinks and "..": resolved when the file exists), for comparing files.
std::string canonicalPath(const std::string &path);

} // namespace weft::dap
