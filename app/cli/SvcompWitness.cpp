// SPDX-License-Identifier: MIT
#include "app/cli/SvcompWitness.hpp"

#include <map>

namespace weft::cli {

namespace {

std::string escaped(const std::string &text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c; break;
        }
    }
    return out;
}

std::string key(const char *id, const char *name, const char *type, const char *on, const char *fallback = nullptr) {
    std::string k = std::string("  <key id=\"") + id + "\" attr.name=\"" + name + "\" attr.type=\"" + type +
                    "\" for=\"" + on + "\"";
    if (!fallback)
        return k + "/>\n";
    return k + ">\n    <default>" + fallback + "</default>\n  </key>\n";
}

std::string data(const char *key, const std::string &value) {
    return std::string("<data key=\"") + key + "\">" + escaped(value) + "</data>";
}

} // namespace

std::string violationWitness(const WitnessInfo &info, const debugger::TracedExecution &trace,
                             const std::vector<std::string> &resultFunctions) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
                      "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
                      "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n";
    out += key("witness-type", "witness-type", "string", "graph");
    out += key("sourcecodelang", "sourcecodelang", "string", "graph");
    out += key("producer", "producer", "string", "graph");
    out += key("specification", "specification", "string", "graph");
    out += key("programfile", "programfile", "string", "graph");
    out += key("programhash", "programhash", "string", "graph");
    out += key("architecture", "architecture", "string", "graph");
    out += key("creationtime", "creationtime", "string", "graph");
    out += key("entry", "isEntryNode", "boolean", "node", "false");
    out += key("violation", "isViolationNode", "boolean", "node", "false");
    out += key("startline", "startline", "int", "edge");
    out += key("threadId", "threadId", "string", "edge");
    out += key("createThread", "createThread", "string", "edge");
    out += key("assumption", "assumption", "string", "edge");
    out += key("assumption.resultfunction", "assumption.resultfunction", "string", "edge");
    out += " <graph edgedefault=\"directed\">\n";
    out += "  " + data("witness-type", "violation_witness") + "\n";
    out += "  " + data("sourcecodelang", "C") + "\n";
    out += "  " + data("producer", "Weft") + "\n";
    out += "  " + data("specification", info.specification) + "\n";
    out += "  " + data("programfile", info.programFile) + "\n";
    out += "  " + data("programhash", info.programHash) + "\n";
    out += "  " + data("architecture", info.architecture) + "\n";
    out += "  " + data("creationtime", info.creationTime) + "\n";

    // Witness thread ids: main is 0, every other thread gets the next number when it is created.
    std::map<ThreadId, unsigned> ids{{ThreadNaming::kMain, 0}};
    auto idOf = [&](ThreadId t) {
        auto [at, added] = ids.try_emplace(t, unsigned(ids.size()));
        return at->second;
    };
    // Node n + 1 is where step n leads; a step without a source line (a thread's start) has no startline.
    std::string edges;
    unsigned node = 0;
    for (std::size_t i = 0; i < trace.steps.size(); ++i) {
        const debugger::TraceStep &s = trace.steps[i];
        std::string edge = "  <edge source=\"N" + std::to_string(node) + "\" target=\"N" + std::to_string(node + 1) + "\">";
        if (s.spot.line)
            edge += data("startline", std::to_string(s.spot.line));
        edge += data("threadId", std::to_string(idOf(s.action.thread)));
        if (s.action.kind == ActionKind::ThreadCreate)
            edge += data("createThread", std::to_string(idOf(ThreadId(s.action.object))));
        // An input's value, as validators replay it: the result of the call on this line.
        if (s.action.kind == ActionKind::NondetChoice && i < resultFunctions.size() && !resultFunctions[i].empty())
            edge += data("assumption", "\\result == " + std::to_string(s.action.value) + ";") +
                    data("assumption.resultfunction", resultFunctions[i]);
        edges += edge + "</edge>\n";
        ++node;
    }
    if (trace.faultSpot.line) {
        edges += "  <edge source=\"N" + std::to_string(node) + "\" target=\"N" + std::to_string(node + 1) + "\">" +
                 data("startline", std::to_string(trace.faultSpot.line)) +
                 data("threadId", std::to_string(idOf(trace.execution.fault ? trace.execution.fault->thread
                                                                             : ThreadNaming::kMain))) +
                 "</edge>\n";
        ++node;
    }
    for (unsigned n = 0; n <= node; ++n) {
        out += "  <node id=\"N" + std::to_string(n) + "\">";
        if (n == 0)
            out += data("entry", "true");
        if (n == node)
            out += data("violation", "true");
        out += "</node>\n";
    }
    out += edges;
    out += " </graph>\n</graphml>\n";
    return out;
}

} // namespace weft::cli
