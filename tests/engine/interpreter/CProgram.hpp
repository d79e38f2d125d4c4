// SPDX-License-Identifier: MIT
// Test helpers: compile a C file with the frontend, lower it, and run or explore it with the
// interpreter (ScheduledExecutor + Explorer). Shared by the interpreter and lowering suites.
#pragma once

#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/frontend/CCompiler.hpp"
#include "engine/interpreter/Interpreter.hpp"
#include "engine/program/Lowering.hpp"
#include "tests/ScratchFiles.hpp"

#include <QDir>
#include <QTemporaryDir>
#include <QtGlobal>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace weft::testing {

/// Compiles and lowers `file`; the error side holds the compiler's or the lowering's diagnostics.
inline Expected<program::Program> loadC(const std::string &file, std::vector<std::string> defines = {}) {
    frontend::CompileOptions options{file};
    options.defines = std::move(defines);
    auto unit = frontend::compileC(options);
    if (!unit)
        return Unexpected(unit.error());
    return program::lowerModule(*unit->module);
}

/// The diagnostics of a failed load, one per line (for QVERIFY2 messages).
inline std::string diagnosticsOf(const Expected<program::Program> &p) {
    return p ? std::string() : frontend::formatDiagnostics(p.error());
}

inline std::string readText(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// One instance of a tests/programs/<name>/expected.json oracle.
struct OracleInstance {
    QString name;                 ///< "<dir> <defines...>", a QtTest row name
    std::string file;             ///< the C file
    std::vector<std::string> defines;
    nlohmann::json oracle;        ///< the whole expected.json
    nlohmann::json instance;      ///< its instance
};

/// Every instance of every expected.json under `programs` that lists "instances", in directory order.
inline std::vector<OracleInstance> oracleInstances(const std::string &programs) {
    std::vector<OracleInstance> out;
    const QDir root(QString::fromStdString(programs));
    for (const QString &dir : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const std::string expected = programs + "/" + dir.toStdString() + "/expected.json";
        if (!QFile::exists(QString::fromStdString(expected)))
            continue;
        const auto oracle = nlohmann::json::parse(readText(expected));
        if (!oracle.contains("instances"))
            continue;
        for (const auto &instance : oracle["instances"]) {
            OracleInstance o{dir, programs + "/" + dir.toStdString() + "/" + oracle["program"].get<std::string>(), {}, oracle, instance};
            for (const auto &d : instance["defines"]) {
                o.defines.push_back(d.get<std::string>());
                o.name += " " + QString::fromStdString(o.defines.back());
            }
            out.push_back(std::move(o));
        }
    }
    return out;
}

/// A scratch directory for inline C sources (call reset() from init()).
class ScratchSources : public ScratchFiles {
public:
    /// Writes, compiles and lowers `text`; a failure aborts the test with the diagnostics.
    program::Program load(const std::string &name, const std::string &text) const {
        auto p = loadC(write(name, text));
        if (!p)
            qFatal("%s", diagnosticsOf(p).c_str());
        return std::move(*p);
    }
};

/// One execution in free mode (lowest thread first), with the program's output.
struct SingleRun {
    Execution execution;
    std::string output;
};

inline SingleRun runOnce(const program::Program &p, const Schedule &schedule = {},
                         interpreter::InterpreterOptions options = {}) {
    interpreter::Interpreter machine(p, options);
    ScheduledExecutor executor(machine);
    SingleRun run{executor.run(schedule), {}};
    run.output = machine.output();
    return run;
}

/// How often defects of `kind` occurred in `r` (every occurrence of each).
inline std::uint64_t occurrences(const ExplorationResult &r, DefectKind kind) {
    std::uint64_t n = 0;
    for (const Defect &d : r.defects)
        n += d.kind == kind ? d.occurrences : 0;
    return n;
}

/// Explores every interleaving (optimal policy unless told otherwise).
inline ExplorationResult explore(const program::Program &p, ExplorationOptions options = {},
                                 interpreter::InterpreterOptions interpreterOptions = {}) {
    interpreter::Interpreter machine(p, interpreterOptions);
    ScheduledExecutor executor(machine);
    Explorer explorer(executor, options);
    return explorer.run();
}

} // namespace weft::testing
