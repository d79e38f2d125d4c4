// SPDX-License-Identifier: MIT
#include "engine/debugger/ResultsJson.hpp"

#include "engine/debugger/SourceText.hpp"

#include <nlohmann/json.hpp>
#include <unistd.h>

namespace weft::debugger {

std::vector<TracedExecution> traceDefects(const ExplorationResult &result, const program::Program &program,
                                          const interpreter::InterpreterOptions &options) {
    std::vector<TracedExecution> traces;
    traces.reserve(result.defects.size());
    for (const Defect &d : result.defects)
        traces.push_back(traceSchedule(program, options, d.schedule));
    return traces;
}

std::string relativeToWorkingDirectory(std::string text) {
    static const std::string cwd = [] {
        char buffer[4096];
        return getcwd(buffer, sizeof buffer) ? std::string(buffer) + "/" : std::string();
    }();
    for (std::size_t at; !cwd.empty() && (at = text.find(cwd)) != std::string::npos;)
        text.erase(at, cwd.size());
    return text;
}

std::string spotText(const program::Program &program, program::SourceSpot spot) {
    return spot.line ? relativeToWorkingDirectory(program.sourceMap.format(spot)) : std::string();
}

std::string defectLocation(const Defect &defect, const program::Program &program, const TracedExecution &trace) {
    return !defect.location.empty() ? relativeToWorkingDirectory(defect.location) : spotText(program, trace.faultSpot);
}

std::string resultsJson(const ExplorationResult &result, const program::Program &program, const RunDescription &run,
                        const std::vector<TracedExecution> &traces) {
    nlohmann::json j = nlohmann::json::parse(toJson(result, run));
    SourceText source;
    for (std::size_t i = 0; i < traces.size() && i < j["defects"].size() && i < result.defects.size(); ++i) {
        nlohmann::json steps = nlohmann::json::array();
        const std::vector<TraceStep> &all = traces[i].steps;
        // As `trace` (toJson): its last actions, so that steps[i] still describes trace[i].
        for (std::size_t k = omittedActionsInJson(all.size()); k < all.size(); ++k) {
            const TraceStep &s = all[k];
            const std::string file = s.spot.line ? program.sourceMap.fileName(s.spot.file) : std::string();
            steps.push_back({{"thread", s.action.thread},
                             {"action", std::string(actionKindName(s.action.kind))},
                             {"object", s.object},
                             {"file", file},
                             {"line", s.spot.line},
                             {"column", s.spot.column},
                             {"source", s.spot.line ? source.line(file, s.spot.line) : std::string()}});
        }
        j["defects"][i]["steps"] = std::move(steps);
        if (const std::string where = defectLocation(result.defects[i], program, traces[i]); !where.empty())
            j["defects"][i]["location"] = where;
        j["defects"][i]["output"] = traces[i].output;
    }
    return j.dump(2) + "\n";
}

std::string resultsJson(const ExplorationResult &result, const program::Program &program, const RunDescription &run,
                        const interpreter::InterpreterOptions &options) {
    return resultsJson(result, program, run, traceDefects(result, program, options));
}

std::string resultsJson(const ExplorationSnapshot &snapshot, const program::Program &program, const RunDescription &run,
                        const interpreter::InterpreterOptions &options) {
    if (snapshot.result)
        return resultsJson(*snapshot.result, program, run, options);
    // Still running (or failed): the snapshot's counters and defects, each traced to fill its actions.
    ExplorationResult result;
    result.stopReason = snapshot.stopReason;
    result.statistics = snapshot.statistics;
    result.diagnostics = snapshot.diagnostics;
    if (snapshot.defects)
        for (const DefectRecord &d : *snapshot.defects) {
            Defect defect;
            defect.kind = d.kind;
            defect.thread = d.thread;
            defect.message = d.message;
            defect.identity = d.message;
            if (auto s = Schedule::parse(d.schedule))
                defect.schedule = *s;
            defect.execution = d.execution;
            defect.occurrences = d.occurrences;
            result.defects.push_back(std::move(defect));
        }
    const std::vector<TracedExecution> traces = traceDefects(result, program, options);
    for (std::size_t i = 0; i < traces.size(); ++i)
        result.defects[i].trace = traces[i].execution.actions;
    return resultsJson(result, program, run, traces);
}

RunDescription describeRun(const std::string &file, const interpreter::InterpreterOptions &options,
                           const std::string &policy) {
    return {file, options.model == interpreter::MemoryModel::Sc ? "sc" : "sync", policy};
}

} // namespace weft::debugger
