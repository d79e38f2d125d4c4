// SPDX-License-Identifier: MIT
// SV-COMP task definitions (format 2.0, also 1.0): the input file, the properties with their expected
// verdicts and the data model, read from a TASK.yml; and the properties Weft knows, from a .prp file
// or a name. Bad files come back as Diagnostics with file and line (exit code 2). No exploration here.
#pragma once

#include "engine/base/Expected.hpp"

#include <optional>
#include <string>
#include <vector>

namespace weft::cli {

/// The SV-COMP properties by what they check. Termination, overflow and memcleanup are known to be
/// properties, but Weft cannot check them (verdict unknown).
enum class SvcompProperty { UnreachCall, NoDataRace, ValidMemsafety, Termination, NoOverflow, ValidMemcleanup };

/// "unreach-call", "no-data-race", ...
std::string svcompPropertyName(SvcompProperty p);
/// The property a .prp text states (its LTL formula), or nullopt.
std::optional<SvcompProperty> propertyOfSpecification(const std::string &text);
/// A property named on the command line ("unreach-call", ...) or a FILE.prp (read, else named by
/// its file name); the error names what was expected.
Expected<SvcompProperty> parseSvcompProperty(const std::string &nameOrFile);

struct SvcompTaskProperty {
    SvcompProperty property = SvcompProperty::UnreachCall;
    std::string propertyFile;               ///< as the task gives it, resolved against the task's folder
    std::optional<bool> expectedVerdict;    ///< true / false, if the task gives one
};

struct SvcompTask {
    std::string taskFile;                   ///< empty when a C file was given directly
    std::vector<std::string> inputFiles;    ///< resolved against the task's folder
    std::vector<SvcompTaskProperty> properties;
    std::string dataModel = "LP64";         ///< ILP32 or LP64
    std::string language = "C";
};

/// Reads a task definition. Errors: unreadable or malformed YAML, a missing or unknown field value,
/// an input file that does not exist, a property file that is neither readable nor a known name.
Expected<SvcompTask> readSvcompTask(const std::string &path);

} // namespace weft::cli
