// SPDX-License-Identifier: MIT
#include "engine/results/JsonExport.hpp"

#include <nlohmann/json.hpp>

namespace weft {

using nlohmann::json;

static json toJson(const Action &a) {
    json j{{"thread", a.thread}, {"action", std::string(actionKindName(a.kind))}};
    if (targetsThread(a.kind))
        j["target"] = a.object;
    else if (targetsSyncObject(a.kind))
        j["object"] = a.object;
    if (showsValue(a.kind))
        j["value"] = a.value;
    return j;
}

static const char *severityName(Severity s) {
    return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note";
}

std::string toJson(const ExplorationResult &result, const RunDescription &run) {
    const Statistics &s = result.statistics;
    json out;
    out["tool"] = "weft";
    out["program"] = run.program;
    out["model"] = run.model;
    out["policy"] = run.policy;
    out["complete"] = result.isComplete();
    out["stopReason"] = stopReasonName(result.stopReason);
    out["statistics"] = {{"maximalConfigurations", s.maximalConfigurations},
                         {"sleepSetBlocked", s.sleepSetBlocked},
                         {"assumeBlocked", s.assumeBlocked},
                         {"executions", s.executions},
                         {"events", s.events},
                         {"defects", s.defects},
                         {"alternativeCalls", s.alternativeCalls},
                         {"combsBuilt", s.combsBuilt},
                         {"lateClues", s.lateClues},
                         {"cpuSeconds", s.cpuSeconds},
                         {"wallSeconds", s.wallSeconds},
                         {"peakRssBytes", s.peakRssBytes}};
    json defects = json::array();
    for (const Defect &d : result.defects) {
        json trace = json::array();
        const std::size_t omitted = omittedActionsInJson(d.trace.size());
        for (std::size_t k = omitted; k < d.trace.size(); ++k)
            trace.push_back(toJson(d.trace[k]));
        json jd{{"kind", std::string(defectKindName(d.kind))},
                {"message", d.message},
                {"schedule", d.schedule.toString()},
                {"execution", d.execution},
                {"occurrences", d.occurrences},
                {"trace", std::move(trace)}};
        if (omitted)
            jd["traceOmitted"] = omitted;
        if (d.thread != kNoThread)
            jd["thread"] = d.thread;
        defects.push_back(std::move(jd));
    }
    out["defects"] = std::move(defects);
    json diagnostics = json::array();
    for (const Diagnostic &d : result.diagnostics)
        diagnostics.push_back({{"file", d.file},
                               {"line", d.line},
                               {"column", d.column},
                               {"severity", severityName(d.severity)},
                               {"message", d.text}});
    out["diagnostics"] = std::move(diagnostics);
    return out.dump(2) + "\n";
}

} // namespace weft
