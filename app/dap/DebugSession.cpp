// SPDX-License-Identifier: MIT
#include "app/dap/DebugSession.hpp"

#include "app/cli/CommandLine.hpp"
#include "app/dap/Server.hpp"
#include "engine/debugger/Replay.hpp"
#include "engine/frontend/CCompiler.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace weft::dap {

namespace {

constexpr const char *kProgressId = "weft-explore";

/// "assertion failure" -> "assertion-failure": the exception filter id of a defect kind.
std::string filterId(DefectKind kind) {
    std::string id(defectKindName(kind));
    for (char &c : id)
        if (c == ' ')
            c = '-';
    return id;
}

std::vector<DefectKind> allDefectKinds() {
    return {
#define WEFT_DEFECT(name, text) DefectKind::name,
#include "engine/base/DefectKinds.def"
    };
}

/// The launch request's arguments as the `weft explore` command line, so both validate alike.
std::vector<std::string> exploreArguments(const Arguments &args, const std::string &program) {
    std::vector<std::string> argv = {"explore", program};
    const std::string model = args.string("model", "sync");
    if (model != "sync" && model != "sc")
        throw RequestError(kBadArguments, "'model' must be \"sync\" or \"sc\", not \"" + model + "\"");
    argv.insert(argv.end(), {"--model", model});
    const std::string policy = args.string("policy", "optimal");
    if (policy == "optimal" || policy == "sdpor") {
        argv.push_back("--" + policy);
    } else if (policy.starts_with("k-partial")) {
        std::string k = policy.substr(9);
        k.erase(0, k.find_first_not_of(' '));
        int n = 0;
        if (k.empty() || k.find_first_not_of("0123456789") != std::string::npos || (n = std::atoi(k.c_str())) < 1)
            throw RequestError(kBadArguments, "'policy' must be \"optimal\", \"k-partial N\" (N >= 1) or \"sdpor\", not \"" +
                                                  policy + "\"");
        argv.insert(argv.end(), {"-k", std::to_string(n)});
    } else {
        throw RequestError(kBadArguments, "'policy' must be \"optimal\", \"k-partial N\" (N >= 1) or \"sdpor\", not \"" +
                                              policy + "\"");
    }
    for (const std::string &d : args.strings("defines"))
        argv.insert(argv.end(), {"-D", d});
    for (const std::string &i : args.strings("includes"))
        argv.insert(argv.end(), {"-I", i});
    if (args.has("std"))
        argv.insert(argv.end(), {"--std", args.string("std")});
    if (args.has("timeout")) {
        std::ostringstream s;
        s << args.number("timeout", 0);
        argv.insert(argv.end(), {"--timeout", s.str()});
    }
    if (args.has("maxExecutions"))
        argv.insert(argv.end(), {"--max-executions", std::to_string(args.integer("maxExecutions", 0))});
    if (args.has("nondet"))
        argv.insert(argv.end(), {"--nondet", args.string("nondet")});
    return argv;
}

} // namespace

DebugSession::DebugSession(Client &client) : m_client(client) {
    for (DefectKind kind : allDefectKinds())
        m_defectFilters.insert(filterId(kind));
}

DebugSession::~DebugSession() { shutDown(); }

void DebugSession::shutDown() { m_exploration.reset(); }

const std::map<std::string, DebugSession::Handler> &DebugSession::handlers() {
    static const std::map<std::string, Handler> table = {
        {"initialize", &DebugSession::initialize},
        {"launch", &DebugSession::launch},
        {"attach", &DebugSession::attach},
        {"configurationDone", &DebugSession::configurationDone},
        {"setBreakpoints", &DebugSession::setBreakpoints},
        {"setExceptionBreakpoints", &DebugSession::setExceptionBreakpoints},
        {"cancel", &DebugSession::cancel},
        {"pause", &DebugSession::pause},
        {"terminate", &DebugSession::terminate},
        {"disconnect", &DebugSession::disconnect},
        {"source", &DebugSession::source},
        {"threads", &DebugSession::threads},
        {"stackTrace", &DebugSession::stackTrace},
        {"scopes", &DebugSession::scopes},
        {"variables", &DebugSession::variables},
        {"evaluate", &DebugSession::evaluate},
        {"exceptionInfo", &DebugSession::exceptionInfo},
        {"next", &DebugSession::next},
        {"stepIn", &DebugSession::stepIn},
        {"stepOut", &DebugSession::stepOut},
        {"stepBack", &DebugSession::stepBack},
        {"continue", &DebugSession::continueRequest},
        {"reverseContinue", &DebugSession::reverseContinue},
        {"weft/executions", &DebugSession::executions},
        {"weft/selectExecution", &DebugSession::selectExecution},
        {"weft/alternatives", &DebugSession::alternatives},
        {"weft/exploreWith", &DebugSession::exploreWith},
        {"weft/eventStructure", &DebugSession::eventStructure},
    };
    return table;
}

DebugSession::Outcome DebugSession::handle(const std::string &command, const Arguments &args) {
    const auto it = handlers().find(command);
    if (it == handlers().end())
        throw RequestError(kUnknownCommand, "unknown command '" + command + "'");
    if (!m_initialized && command != "initialize" && command != "disconnect")
        throw RequestError(kOutOfOrder, "the first request must be 'initialize', not '" + command + "'");
    static const std::set<std::string> beforeLaunch = {"initialize", "launch", "attach", "configurationDone",
                                                       "setBreakpoints", "setExceptionBreakpoints", "cancel",
                                                       "disconnect", "terminate", "threads", "source"};
    if (!m_launched && !beforeLaunch.contains(command))
        throw RequestError(kOutOfOrder, "'" + command + "' needs a launched program: send 'launch' first");
    return (this->*(it->second))(args);
}

DebugSession::Outcome DebugSession::initialize(const Arguments &args) {
    if (m_initialized)
        throw RequestError(kOutOfOrder, "'initialize' was already sent");
    m_initialized = true;
    m_progressReporting = args.boolean("supportsProgressReporting", false);
    if (!args.boolean("linesStartAt1", true) || !args.boolean("columnsStartAt1", true))
        throw RequestError(kBadArguments, "weft dap numbers lines and columns from 1 (linesStartAt1 and "
                                          "columnsStartAt1 must be true)");
    if (args.string("pathFormat", "path") != "path")
        throw RequestError(kBadArguments, "weft dap gives sources as file paths (pathFormat must be \"path\")");
    Json filters = Json::array();
    for (DefectKind kind : allDefectKinds())
        filters.push_back({{"filter", filterId(kind)},
                           {"label", std::string(defectKindName(kind))},
                           {"description", "Stop at the first interleaving that shows a " + std::string(defectKindName(kind))},
                           {"default", true}});
    Json capabilities = {{"supportsConfigurationDoneRequest", true},
                         {"supportsStepBack", true},
                         {"supportsExceptionInfoRequest", true},
                         {"exceptionBreakpointFilters", std::move(filters)},
                         {"supportsTerminateRequest", true},
                         {"supportsCancelRequest", true},
                         {"supportsConditionalBreakpoints", true},
                         {"supportsEvaluateForHovers", true},
                         {"supportsSteppingGranularity", false},
                         {"supportsRestartRequest", false},
                         {"supportsSetVariable", false}};
    return {std::move(capabilities), {}, false};
}

DebugSession::Outcome DebugSession::attach(const Arguments &) {
    throw RequestError(kOutOfOrder, "weft dap does not attach to running programs: use 'launch' with a C file");
}

DebugSession::Outcome DebugSession::launch(const Arguments &args) {
    if (m_launched)
        throw RequestError(kOutOfOrder, "the program was already launched");
    std::string program = args.requiredString("program");
    if (const std::string cwd = args.string("cwd"); !cwd.empty() && std::filesystem::path(program).is_relative())
        program = (std::filesystem::path(cwd) / program).string();
    auto commandLine = cli::parseCommandLine(exploreArguments(args, program));
    if (!commandLine) {
        std::string text = commandLine.error().front().text;
        if (const std::size_t hint = text.find(" (see weft --help)"); hint != std::string::npos)
            text.erase(hint);
        throw RequestError(kBadArguments, "launch: " + text);
    }
    auto loaded = debugger::loadProgram(program, commandLine->defines, commandLine->includeDirs, commandLine->standard);
    if (!loaded)
        throw RequestError(kLaunchFailed, program + " cannot be debugged:\n" + frontend::formatDiagnostics(loaded.error()));
    m_launched = true;
    m_programPath = program;
    m_stopOnEntry = args.boolean("stopOnEntry", false);
    m_noDebug = args.boolean("noDebug", false);
    const std::vector<Diagnostic> warnings = loaded->warnings;
    m_program = std::make_shared<const debugger::LoadedProgram>(std::move(*loaded));
    m_settings.exploration = commandLine->exploration;
    // One job (docs/dap.md): the session stops at the first defect the exploration shows, which with several
    // workers would depend on which of them ran first.
    m_settings.exploration.jobs = 1;
    m_settings.interpreter = commandLine->interpreter;
    m_settings.run = 1;
    m_exploration = std::make_unique<debugger::LiveExploration>(m_program, m_settings, [this](debugger::SnapshotPtr s) {
        bool queue = false;
        {
            const std::lock_guard lock(m_pendingMutex);
            queue = !m_pending;
            m_pending = std::move(s);
        }
        if (queue) // at most one task in the inbox: a slow client sees fewer, fresher snapshots
            m_client.post([this] { takeSnapshot(); });
    });
    Outcome outcome;
    outcome.after = [this, warnings] {
        if (!warnings.empty())
            m_client.sendEvent("output", {{"category", "stderr"}, {"output", frontend::formatDiagnostics(warnings)}});
        if (m_progressReporting) {
            m_progressStarted = true;
            m_client.sendEvent("progressStart", {{"progressId", kProgressId},
                                                 {"title", "Exploring " + std::filesystem::path(m_programPath).filename().string()},
                                                 {"cancellable", true},
                                                 {"message", "starting"}});
        }
        m_client.sendEvent("initialized");
    };
    return outcome;
}

DebugSession::Outcome DebugSession::configurationDone(const Arguments &) {
    m_configured = true;
    return {Json::object(), [this] { stopIfReady(); }, false};
}

DebugSession::Outcome DebugSession::setBreakpoints(const Arguments &args) {
    const Json &source = args.json().contains("source") ? args.json()["source"] : Json();
    if (!source.is_object() || !source.contains("path") || !source["path"].is_string())
        throw RequestError(kBadArguments, "setBreakpoints needs 'source' with a 'path'");
    const std::string path = source["path"].get<std::string>();
    auto known = [this](const std::string &file) {
        if (!m_program)
            return true; // verified again when the program is there: assume the client knows its file
        const std::string wanted = canonicalPath(file);
        for (const std::string &f : m_program->program.sourceMap.files())
            if (!f.empty() && canonicalPath(f) == wanted)
                return true;
        return false;
    };
    return {{{"breakpoints", m_breakpoints.set(path, args.array("breakpoints"), known)}}, {}, false};
}

DebugSession::Outcome DebugSession::setExceptionBreakpoints(const Arguments &args) {
    std::set<std::string> filters;
    std::set<std::string> known;
    for (DefectKind kind : allDefectKinds())
        known.insert(filterId(kind));
    for (const std::string &f : args.strings("filters")) {
        if (!known.contains(f))
            throw RequestError(kBadArguments, "unknown exception filter '" + f + "'");
        filters.insert(f);
    }
    m_defectFilters = std::move(filters);
    return {};
}

DebugSession::Outcome DebugSession::cancel(const Arguments &args) {
    // Requests are answered in order and none is still running when this one is read: only the
    // exploration (its progress) can be cancelled.
    if (args.string("progressId") == kProgressId && m_exploration)
        m_exploration->cancel();
    return {};
}

DebugSession::Outcome DebugSession::pause(const Arguments &) {
    if (m_hasStopped)
        return {};
    m_pauseRequested = true;
    return {Json::object(), [this] { stopIfReady(); }, false};
}

DebugSession::Outcome DebugSession::terminate(const Arguments &) {
    if (m_exploration)
        m_exploration->cancel();
    return {Json::object(), [this] { m_client.sendEvent("terminated"); }, false};
}

DebugSession::Outcome DebugSession::disconnect(const Arguments &) {
    shutDown();
    return {Json::object(), {}, true};
}

DebugSession::Outcome DebugSession::source(const Arguments &args) {
    const Json &source = args.json().contains("source") ? args.json()["source"] : Json();
    const std::string path = source.is_object() ? source.value("path", std::string()) : std::string();
    if (path.empty())
        throw RequestError(kNotAvailable, "weft dap gives every source by its path: no sourceReference is known");
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw RequestError(kNotAvailable, "cannot read '" + path + "'");
    std::ostringstream text;
    text << file.rdbuf();
    return {{{"content", text.str()}, {"mimeType", "text/x-c"}}, {}, false};
}

void DebugSession::takeSnapshot() {
    {
        const std::lock_guard lock(m_pendingMutex);
        m_snapshot = std::move(m_pending);
        m_pending.reset();
    }
    if (!m_snapshot)
        return;
    const bool finished = m_snapshot->isFinished();
    reportProgress(finished && !m_finished);
    m_finished = m_finished || finished;
    stopIfReady();
}

void DebugSession::reportProgress(bool final) {
    const ExplorationSnapshot &s = *m_snapshot;
    const Statistics &st = s.statistics;
    if (final) {
        std::string summary = "weft: " + st.summary();
        if (s.stopReason != StopReason::Completed)
            summary += std::string(" (incomplete: ") + stopReasonName(s.stopReason) + ")";
        for (const Diagnostic &d : s.diagnostics)
            summary += "\nweft: " + d.format();
        if (m_progressStarted)
            m_client.sendEvent("progressEnd", {{"progressId", kProgressId}, {"message", summary}});
        m_client.sendEvent("output", {{"category", "console"}, {"output", summary + "\n"}});
        return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (!m_progressStarted || now - m_lastProgress < std::chrono::milliseconds(250))
        return;
    m_lastProgress = now;
    m_client.sendEvent("progressUpdate", {{"progressId", kProgressId},
                                          {"message", std::to_string(st.executions) + " executions, " +
                                                          std::to_string(st.events) + " events, " +
                                                          std::to_string(st.defects) + " defects"}});
}

bool DebugSession::defectStops(DefectKind kind) const { return m_defectFilters.contains(filterId(kind)); }

void DebugSession::stopIfReady() {
    if (m_hasStopped || !m_configured || !m_snapshot)
        return;
    const ExplorationSnapshot &s = *m_snapshot;
    if (m_noDebug) { // the summary (reportProgress) is all there is to show
        if (s.isFinished()) {
            m_hasStopped = true;
            m_client.sendEvent("terminated");
        }
        return;
    }
    // The first defect whose kind the exception filters select.
    if (s.defects)
        for (const DefectRecord &d : *s.defects) {
            if (!defectStops(d.kind))
                continue;
            const auto schedule = Schedule::parse(d.schedule);
            if (!schedule)
                continue;
            const auto node = s.leafOf(d.execution);
            load(*schedule, node == ExplorationTree::kRoot ? std::vector<EventId>() : s.pathTo(node), d.execution);
            if (m_stopOnEntry) {
                stopped("entry", "Execution " + std::to_string(d.execution) + " shows a " +
                                     std::string(defectKindName(d.kind)) + ": " + d.message);
            } else {
                m_replay->runToEnd();
                stopped("exception", d.message, std::string(defectKindName(d.kind)));
            }
            return;
        }
    const auto first = s.leafOf(1);
    if (first != ExplorationTree::kRoot && (s.isFinished() || m_pauseRequested)) {
        std::vector<EventId> events = s.pathTo(first);
        Schedule schedule;
        for (EventId e : events)
            schedule.append(s.events[e].action);
        load(schedule, std::move(events), 1);
        stopped(m_pauseRequested ? "pause" : "entry",
                s.isFinished() ? "No defect found: execution 1, at its start" : "Execution 1, at its start");
        return;
    }
    if (s.isFinished()) { // nothing was explored at all (cancelled at once, or Weft failed)
        m_hasStopped = true;
        m_client.sendEvent("output", {{"category", "stderr"}, {"output", "weft: no execution to show\n"}});
        m_client.sendEvent("terminated");
    }
}

void DebugSession::load(const Schedule &schedule, std::vector<EventId> events, std::uint64_t execution) {
    m_replay.reset();
    m_replay = std::make_unique<debugger::Replay>(m_program->program, schedule, m_settings.interpreter);
    if (events.size() > m_replay->eventCount())
        events.clear();
    m_events = std::move(events);
    m_execution = execution;
    m_outputSent = 0;
    m_hasStopped = true;
    m_refs.invalidate();
    m_client.sendEvent("output", {{"category", "console"},
                                  {"output", (execution ? "weft: execution " + std::to_string(execution)
                                                        : std::string("weft: a chosen run")) +
                                                 " loaded (" + std::to_string(m_replay->eventCount()) + " events)\n"}});
}

ThreadId DebugSession::focusThread() const {
    const debugger::Replay &r = *m_replay;
    if (r.runningThread() != kNoThread)
        return r.runningThread();
    if (r.faultedThread() != kNoThread)
        return r.faultedThread();
    return r.eventCount() ? r.trace().steps.back().action.thread : 0;
}

void DebugSession::stopped(const std::string &reason, const std::string &description, const std::string &text) {
    m_refs.invalidate();
    const std::string &output = m_replay->machine().output();
    if (output.size() > m_outputSent) {
        m_client.sendEvent("output", {{"category", "stdout"}, {"output", output.substr(m_outputSent)}});
        m_outputSent = output.size();
    }
    Json body = {{"reason", reason}, {"threadId", dapThreadId(focusThread())}, {"allThreadsStopped", true}};
    if (!description.empty())
        body["description"] = description;
    if (!text.empty())
        body["text"] = text;
    m_client.sendEvent("stopped", std::move(body));
}

void DebugSession::stoppedAtEnd() {
    const debugger::Replay &r = *m_replay;
    const std::string message = r.endMessage();
    if (r.endsInDefect() && !message.empty()) {
        stopped("exception", message, std::string(defectKindName(endDefectKind(r))));
        return;
    }
    stopped("end", "End of the interleaving (" + std::to_string(r.eventCount()) + " events): every thread finished");
}

DefectKind DebugSession::endDefectKind(const debugger::Replay &replay) {
    const Execution &e = replay.trace().execution;
    return e.end == ExecutionEnd::Deadlock ? DefectKind::Deadlock
           : e.fault                       ? e.fault->kind
                                           : DefectKind::StepBound; // a limit reached without a fault record
}

debugger::Replay &DebugSession::replay() {
    if (!m_replay)
        throw RequestError(kOutOfOrder, "no interleaving is loaded yet: wait for the 'stopped' event");
    return *m_replay;
}

const ExplorationSnapshot &DebugSession::snapshot() const {
    if (!m_snapshot)
        throw RequestError(kOutOfOrder, "the exploration has not reported anything yet");
    return *m_snapshot;
}

} // namespace weft::dap
