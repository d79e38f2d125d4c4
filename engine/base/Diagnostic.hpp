// SPDX-License-Identifier: MIT
// A message about the user's input (program, options, schedule) with its location, as data.
#pragma once

#include <string>
#include <vector>

namespace weft {

enum class Severity { Note, Warning, Error };

/// One diagnostic: where (file:line:column, any part may be unknown) and what.
struct Diagnostic {
    std::string file;
    unsigned line = 0;
    unsigned column = 0;
    Severity severity = Severity::Error;
    std::string text;
    /// Suggested edits, in Clang's parseable form: fix-it:"file":{l1:c1-l2:c2}:"replacement".
    std::vector<std::string> fixIts{};
    /// Weft's own failure on this input (the compiler crashed), not a mistake in it: CLI exit code 3.
    bool internal = false;

    static Diagnostic error(std::string text) { return {{}, 0, 0, Severity::Error, std::move(text)}; }
    static Diagnostic warning(std::string text) { return {{}, 0, 0, Severity::Warning, std::move(text)}; }
    /// "file:line:column: error: text", leaving out the parts that are unknown.
    std::string format() const;
};

} // namespace weft
