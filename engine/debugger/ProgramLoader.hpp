// SPDX-License-Identifier: MIT
// Loads the user's C (or .ll/.bc) file into a runnable Program: in-process compile, then lowering.
// Compile errors and unsupported constructs come back as diagnostics with file:line.
#pragma once

#include "engine/base/Expected.hpp"
#include "engine/program/Program.hpp"

#include <string>
#include <vector>

namespace weft::debugger {

struct LoadedProgram {
    program::Program program;
    std::vector<Diagnostic> warnings;
};

/// arbitraryLocals: integer locals read before written are nondet values (SV-COMP; CompileOptions).
Expected<LoadedProgram> loadProgram(const std::string &file, const std::vector<std::string> &defines = {},
                                    const std::vector<std::string> &includeDirs = {},
                                    const std::string &standard = "gnu17", bool arbitraryLocals = false);

} // namespace weft::debugger
