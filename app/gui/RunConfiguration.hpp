// SPDX-License-Identifier: MIT
// How one file is compiled and explored in the desktop app: -D, -I, --std, the event model, races, nondet
// values, the exploration policy, bounds and jobs (what `weft explore` takes on its command line). Remembered
// per file in QSettings; summarised for the status bar.
#pragma once

#include "engine/explorer/ExplorationOptions.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace weft::gui {

struct RunConfiguration {
    Q_DECLARE_TR_FUNCTIONS(RunConfiguration)

public:
    std::vector<std::string> defines;     ///< NAME[=VALUE]
    std::vector<std::string> includeDirs; ///< directories
    std::string standard = "gnu17";
    interpreter::InterpreterOptions interpreter; ///< model, races, nondet
    ExplorationOptions exploration = defaultExploration(); ///< policy, timeout, maximal executions, jobs

    /// The exploration options of a file never configured: `weft explore`'s default jobs (min(CPUs, 8)).
    static ExplorationOptions defaultExploration();

    /// The configuration saved for `file` (an absolute path), if any.
    static std::optional<RunConfiguration> saved(const QString &file);
    /// Remembers this configuration for `file`.
    void save(const QString &file) const;

    /// One line for the status bar: the model and policy always, the rest when not the default
    /// ("sc · optimal · -D N=2 · races fatal").
    QString summary() const;
    /// The same as `weft explore` options ("--model sc -D N=2 --races fatal"), for tooltips and copying.
    QString commandLine() const;

    /// Whether compiling differs (defines, includes, standard): the program must be loaded again.
    bool compilesLike(const RunConfiguration &other) const {
        return defines == other.defines && includeDirs == other.includeDirs && standard == other.standard;
    }
    bool operator==(const RunConfiguration &other) const;

    /// "optimal", "2-partial", "source-DPOR".
    static QString policyName(const AltPolicy &policy);
};

/// Splits "N=2 'X=a b'" as a shell would (quotes group); joinArguments quotes what needs it.
std::vector<std::string> splitArguments(const QString &text);
QString joinArguments(const std::vector<std::string> &arguments);

} // namespace weft::gui
