// SPDX-License-Identifier: MIT
// Weft's own requests (docs/dap.md, "Custom requests"): the executions explored so far, loading one,
// the events that could have happened instead at a step, "explore with this event", and the event
// structure as JSON an extension can draw.
#include "app/dap/DebugSession.hpp"

#include "app/dap/Server.hpp"
#include "engine/debugger/EventChoice.hpp"
#include "engine/debugger/Replay.hpp"

#include <algorithm>

namespace weft::dap {

namespace {

const char *leafName(LeafKind kind) {
    switch (kind) {
    case LeafKind::Maximal: return "maximal";
    case LeafKind::SleepBlocked: return "sleep-set blocked";
    case LeafKind::Defect: return "defect";
    case LeafKind::AssumeBlocked: return "assume-blocked";
    }
    return "maximal";
}

Json eventJson(const ExplorationSnapshot &s, const EventRecord &e) {
    Json j = {{"id", e.id},
              {"thread", e.thread},
              {"action", std::string(actionKindName(e.action.kind))},
              {"object", s.objectText(e)},
              {"depth", e.depth}};
    if (e.threadPred != kNoEvent)
        j["threadPredecessor"] = e.threadPred;
    if (e.otherPred != kNoEvent)
        j["otherPredecessor"] = e.otherPred;
    if (e.spot.line && s.sourceFiles && e.spot.file < s.sourceFiles->size()) {
        j["file"] = (*s.sourceFiles)[e.spot.file];
        j["line"] = e.spot.line;
    }
    return j;
}

std::uint64_t requiredCount(const Arguments &args, const char *field) {
    const std::int64_t n = args.requiredInteger(field);
    if (n < 0)
        throw RequestError(kBadArguments, std::string("argument '") + field + "' must not be negative");
    return std::uint64_t(n);
}

} // namespace

DebugSession::Outcome DebugSession::executions(const Arguments &args) {
    const ExplorationSnapshot &s = snapshot();
    const std::int64_t start = std::max<std::int64_t>(0, args.integer("start", 0));
    const std::int64_t count = std::max<std::int64_t>(0, args.integer("count", 1000));
    std::map<std::uint64_t, const DefectRecord *> defects;
    if (s.defects)
        for (const DefectRecord &d : *s.defects)
            defects.emplace(d.execution, &d);
    Json list = Json::array();
    std::uint64_t total = 0;
    for (std::size_t n = 0; n < s.tree.size(); ++n) {
        const ExplorationSnapshot::TreeNode &node = s.tree[n];
        if (!node.isLeaf)
            continue;
        const std::uint64_t index = total++;
        if (index < std::uint64_t(start) || index >= std::uint64_t(start + count))
            continue;
        Json j = {{"execution", node.execution}, {"leaf", leafName(node.leaf)}, {"events", s.pathTo(ExplorationSnapshot::NodeId(n)).size()}};
        if (node.leaf == LeafKind::Defect)
            j["defectKind"] = std::string(defectKindName(node.defect));
        if (const auto it = defects.find(node.execution); it != defects.end())
            j["defect"] = {{"kind", std::string(defectKindName(it->second->kind))},
                           {"message", it->second->message},
                           {"location", it->second->location}};
        list.push_back(std::move(j));
    }
    Json body = {{"executions", std::move(list)},
                 {"total", total},
                 {"finished", s.isFinished()},
                 {"statistics", {{"executions", s.statistics.executions},
                             {"maximalConfigurations", s.statistics.maximalConfigurations},
                             {"sleepSetBlocked", s.statistics.sleepSetBlocked},
                             {"events", s.statistics.events},
                             {"defects", s.statistics.defects}}}};
    if (m_replay)
        body["loaded"] = m_execution;
    return {std::move(body), {}, false};
}

DebugSession::Outcome DebugSession::selectExecution(const Arguments &args) {
    const ExplorationSnapshot &s = snapshot();
    const std::uint64_t execution = requiredCount(args, "execution");
    const auto node = s.leafOf(execution);
    if (node == ExplorationTree::kRoot || execution == 0)
        throw RequestError(kNotAvailable, "there is no execution " + std::to_string(execution) + " (yet)");
    std::vector<EventId> events = s.pathTo(node);
    Schedule schedule;
    for (EventId e : events)
        schedule.append(s.events[e].action);
    // A defect's schedule may go beyond the tree's path (what free mode did): use it when known.
    if (s.defects)
        for (const DefectRecord &d : *s.defects)
            if (d.execution == execution)
                if (auto parsed = Schedule::parse(d.schedule))
                    schedule = *parsed;
    const bool defect = s.tree[node].leaf == LeafKind::Defect;
    load(schedule, std::move(events), execution);
    if (defect)
        m_replay->runToEnd();
    Json body = {{"execution", execution}, {"events", m_replay->eventCount()}, {"schedule", schedule.toString()}};
    return {std::move(body),
            [this, defect, execution] {
                defect ? stoppedAtEnd() : stopped("entry", "Execution " + std::to_string(execution) + ", at its start");
            },
            false};
}

DebugSession::Outcome DebugSession::alternatives(const Arguments &args) {
    const ExplorationSnapshot &s = snapshot();
    const debugger::Replay &r = replay();
    const std::size_t step = std::size_t(args.has("step") ? requiredCount(args, "step") : r.position());
    Json list = Json::array();
    Json body = {{"step", step}};
    if (step < m_events.size() && m_events[step] < s.events.size()) {
        const EventId here = m_events[step];
        body["event"] = eventJson(s, s.events[here]);
        for (EventId other : debugger::immediateConflicts(s, here))
            if (std::find(m_events.begin(), m_events.end(), other) == m_events.end())
                list.push_back(eventJson(s, s.events[other]));
    }
    body["alternatives"] = std::move(list);
    return {std::move(body), {}, false};
}

DebugSession::Outcome DebugSession::exploreWith(const Arguments &args) {
    const ExplorationSnapshot &s = snapshot();
    replay();
    const std::uint64_t e = requiredCount(args, "event");
    if (e >= s.events.size())
        throw RequestError(kNotAvailable, "there is no event " + std::to_string(e) + " (yet)");
    const EventId event = EventId(e);
    debugger::ChosenRun run = debugger::configurationWith(s, m_events, event);
    const std::size_t kept = run.events.size() - debugger::causalPast(s, event).size();
    const std::string schedule = run.schedule.toString();
    load(run.schedule, run.events, 0);
    const auto row = std::find(m_events.begin(), m_events.end(), event);
    if (row != m_events.end())
        m_replay->runTo(std::size_t(row - m_events.begin()));
    Json body = {{"event", event}, {"kept", kept}, {"events", m_replay->eventCount()}, {"schedule", schedule}};
    return {std::move(body),
            [this, event, kept] {
                stopped("goto", "Now exploring with event " + std::to_string(event) + ": its causes, " +
                                    std::to_string(kept) + " compatible events of the previous run, then a free run; the "
                                                           "event is the next step");
            },
            false};
}

DebugSession::Outcome DebugSession::eventStructure(const Arguments &args) {
    const ExplorationSnapshot &s = snapshot();
    const std::uint64_t limit = args.has("maxEvents") ? requiredCount(args, "maxEvents") : 20000;
    const std::size_t shown = std::min<std::size_t>(s.events.size(), limit);
    Json events = Json::array();
    for (std::size_t i = 0; i < shown; ++i)
        events.push_back(eventJson(s, s.events[i]));
    Json conflicts = Json::array();
    for (std::size_t i = 0; i < s.conflicts.size(); ++i) {
        const ConflictRecord &c = s.conflicts[i];
        if (c.later < shown)
            conflicts.push_back({c.earlier, c.later});
    }
    Json body = {{"events", std::move(events)},
                 {"conflicts", std::move(conflicts)},
                 {"totalEvents", s.events.size()},
                 {"truncated", shown < s.events.size()},
                 {"finished", s.isFinished()}};
    if (m_replay) {
        body["execution"] = m_events;
        if (m_replay->position() < m_events.size() && !m_replay->atEnd())
            body["next"] = m_events[m_replay->position()];
    }
    return {std::move(body), {}, false};
}

} // namespace weft::dap
