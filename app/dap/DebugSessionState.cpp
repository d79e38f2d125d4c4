// SPDX-License-Identifier: MIT
// DebugSession's requests that read the stopped replay: threads, stackTrace, scopes, variables,
// evaluate, exceptionInfo.
#include "app/dap/DebugSession.hpp"

#include "engine/debugger/Replay.hpp"

namespace weft::dap {

DebugSession::Outcome DebugSession::threads(const Arguments &) {
    if (!m_replay) // exploring: the program's threads are only known once an interleaving is loaded
        return {{{"threads", Json::array({{{"id", dapThreadId(0)}, {"name", "T0 (exploring)"}}})}}, {}, false};
    return {m_refs.threads(*m_replay), {}, false};
}

DebugSession::Outcome DebugSession::stackTrace(const Arguments &args) {
    const ThreadId thread = weftThreadId(args.requiredInteger("threadId"));
    return {m_refs.stackTrace(replay(), thread, args.integer("startFrame", 0), args.integer("levels", 0)), {}, false};
}

DebugSession::Outcome DebugSession::scopes(const Arguments &args) {
    return {m_refs.scopes(replay(), args.requiredInteger("frameId")), {}, false};
}

DebugSession::Outcome DebugSession::variables(const Arguments &args) {
    return {m_refs.variables(replay(), args.requiredInteger("variablesReference"), args.integer("start", 0),
                             args.integer("count", 0)),
            {},
            false};
}

DebugSession::Outcome DebugSession::evaluate(const Arguments &args) {
    const std::string expression = args.requiredString("expression");
    std::optional<std::int64_t> frame;
    if (args.has("frameId"))
        frame = args.integer("frameId", 0);
    return {m_refs.evaluate(replay(), expression, frame), {}, false};
}

DebugSession::Outcome DebugSession::exceptionInfo(const Arguments &args) {
    const debugger::Replay &r = replay();
    args.requiredInteger("threadId");
    if (!r.atEnd() || !r.endsInDefect())
        throw RequestError(kNotAvailable, "the replay does not stand at a defect");
    const DefectKind kind = endDefectKind(r);
    const std::string where = r.faultSpot().line ? r.program().sourceMap.format(r.faultSpot()) : std::string();
    Json details = {{"message", r.endMessage()}, {"typeName", std::string(defectKindName(kind))}};
    if (!where.empty())
        details["stackTrace"] = where;
    return {{{"exceptionId", std::string(defectKindName(kind))},
             {"description", r.endMessage()},
             {"breakMode", "always"},
             {"details", std::move(details)}},
            {},
            false};
}

} // namespace weft::dap
