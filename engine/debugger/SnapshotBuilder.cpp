// SPDX-License-Identifier: MIT
#include "engine/debugger/SnapshotBuilder.hpp"

#include "engine/unfolding/ImmediateConflicts.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace weft::debugger {

static std::uint64_t threadStepKey(ThreadId thread, EventId threadPred) {
    return (std::uint64_t{thread} << 32) | threadPred;
}

/// The message with the source files' directories left out ("lost_update.c:30:5: assertion ...").
static std::string withoutDirectories(std::string text, const std::vector<std::string> &files) {
    for (const std::string &file : files) {
        if (file.empty())
            continue;
        std::error_code error;
        const std::filesystem::path path(file);
        const std::string directories[2] = {std::filesystem::absolute(path, error).parent_path().string() + "/",
                                            path.parent_path().string() + "/"};
        for (const std::string &directory : directories)
            for (std::size_t at; directory.size() > 1 && (at = text.find(directory)) != std::string::npos;)
                text.erase(at, directory.size());
    }
    return text;
}

/// The spot of a "file:line:column" location the machine gave a defect (line 0 if it names no source file).
static program::SourceSpot spotOfLocation(const std::string &location, const program::SourceMap &map) {
    const auto column = location.rfind(':');
    const auto line = column == std::string::npos || column == 0 ? std::string::npos : location.rfind(':', column - 1);
    if (line == std::string::npos)
        return {};
    const std::string file = location.substr(0, line);
    const std::vector<std::string> &files = map.files();
    for (std::uint32_t f = 0; f < files.size(); ++f)
        if (files[f] == file)
            return {f, std::uint32_t(std::strtoul(location.c_str() + line + 1, nullptr, 10)),
                    std::uint32_t(std::strtoul(location.c_str() + column + 1, nullptr, 10))};
    return {};
}

SnapshotBuilder::SnapshotBuilder(std::uint64_t run, const Unfolding &unfolding, const ObservedExecutor &executor,
                                 const program::Program &program, Publish publish, Clock::duration interval,
                                 std::uint32_t round, Mode mode)
    : m_run(run), m_round(round), m_unfolding(unfolding), m_executor(&executor), m_mode(mode), m_program(program),
      m_publish(std::move(publish)), m_interval(interval), m_started(Clock::now()), m_lastPublish(m_started) {
    m_sourceFiles = std::make_shared<const std::vector<std::string>>(program.sourceMap.files());
    m_publishedNames = std::make_shared<const std::vector<std::string>>();
    m_publishedDefects = std::make_shared<const std::vector<DefectRecord>>();
}

double SnapshotBuilder::elapsedSeconds() const {
    return std::chrono::duration<double>(Clock::now() - m_started - m_paused).count();
}

void SnapshotBuilder::start() { publish(ExplorationPhase::Running); }

void SnapshotBuilder::onExecution(const ExecutionSummary &summary) {
    m_statistics.executions = summary.index;
    if (summary.leaf == LeafKind::SleepBlocked)
        ++m_statistics.sleepSetBlocked;
    else if (summary.leaf == LeafKind::AssumeBlocked)
        ++m_statistics.assumeBlocked;
    else
        ++m_statistics.maximalConfigurations;
    recordSpots(summary);
    if (m_treeNodes.size() == 0)
        m_treeNodes.push({}); // the root
    if (m_mode == Mode::Merged)
        m_mergedTree.add(summary, m_statistics.executions, m_treeNodes);
    else
        m_treeGrowth.add(summary, static_cast<ExplorationTree::NodeId>(m_treeNodes.size()),
                         [this](const ExplorationSnapshot::TreeNode &node) { m_treeNodes.push(node); });

    if (m_statistics.executions == 1 || Clock::now() - m_lastPublish >= m_interval)
        publish(m_phase);
}

void SnapshotBuilder::addExecution(const ObservedExecutor &worker, const ExecutionSummary &summary) {
    // Numbered in arrival order (the views place leaf k in column k); the last snapshot renumbers them.
    ExecutionSummary numbered = summary;
    numbered.index = m_statistics.executions + 1;
    m_executor = &worker;
    onExecution(numbered);
}

void SnapshotBuilder::onPaused() {
    m_pausedAt = Clock::now();
    m_phase = ExplorationPhase::Paused;
    publish(m_phase);
}

void SnapshotBuilder::onResumed() {
    m_paused += Clock::now() - m_pausedAt;
    m_phase = ExplorationPhase::Running;
    publish(m_phase);
}

void SnapshotBuilder::recordSpots(const ExecutionSummary &summary) {
    // Positions before branchDepth replayed events whose spots were recorded by an earlier execution.
    if (m_eventSpots.size() < m_unfolding.size())
        m_eventSpots.resize(m_unfolding.size());
    for (std::size_t i = summary.branchDepth; i < summary.trail.size(); ++i) {
        const program::SourceSpot spot = m_executor->spotAt(i);
        if (spot.line == 0)
            continue;
        const EventId e = summary.trail[i];
        if (m_eventSpots[e].line != 0)
            continue; // an event's spot follows from its history: the same in every execution
        m_eventSpots[e] = spot;
        const Event &ev = m_unfolding.event(e);
        m_spotAfter.try_emplace(threadStepKey(ev.thread(), ev.threadPred), spot);
    }
}

void SnapshotBuilder::onDefect(const Defect &defect, std::uint64_t distinct) {
    m_statistics.defects = distinct;
    recordDefect(defect);
}

void SnapshotBuilder::addDefect(const ObservedExecutor &worker, const Defect &defect, std::uint64_t execution) {
    // A worker's own count of occurrences and its ticket number mean nothing here: count every report, and
    // number it as the execution that the views will show.
    m_executor = &worker;
    Defect numbered = defect;
    numbered.execution = execution;
    const auto it = m_defectIndex.find({defect.kind, defect.identity});
    numbered.occurrences =
        it != m_defectIndex.end() && it->second < m_defects.size() ? m_defects[it->second].occurrences + 1 : 1;
    recordDefect(numbered);
    m_statistics.defects = m_defectIndex.size();
}

void SnapshotBuilder::recordDefect(const Defect &defect) {
    auto [it, inserted] = m_defectIndex.try_emplace({defect.kind, defect.identity}, m_defects.size());
    if (!inserted) {
        if (it->second < m_defects.size()) {
            m_defects[it->second].occurrences = defect.occurrences;
            m_defectsChanged = true;
        }
        return;
    }
    if (m_defects.size() >= 256) { // as many as the explorer keeps by default; all are counted
        it->second = std::size_t(-1);
        return;
    }
    // Called right after the execution that showed it: the executor still holds that execution.
    const auto &fault = m_executor->fault();
    const bool endedIt = fault && fault->kind == defect.kind && fault->message == defect.message;
    DefectRecord d;
    d.kind = defect.kind;
    d.thread = defect.thread;
    d.message = withoutDirectories(defect.message, *m_sourceFiles);
    d.spot = !defect.location.empty() ? spotOfLocation(defect.location, m_program.sourceMap)
             : endedIt                ? m_executor->faultSpot()
                                      : program::SourceSpot{};
    d.location = !defect.location.empty() ? defect.location
                 : d.spot.line            ? m_program.sourceMap.format(d.spot)
                                          : std::string();
    if (d.kind == DefectKind::Deadlock && endedIt) { // no one place: where each waiting thread stands, in the message's order
        for (const program::SourceSpot &s : m_executor->blockedSpots())
            if (s.line)
                d.location += (d.location.empty() ? "" : ", ") + m_program.sourceMap.fileName(s.file) + ":" +
                              std::to_string(s.line);
    }
    d.location = withoutDirectories(d.location, *m_sourceFiles);
    d.schedule = defect.schedule.toString();
    d.execution = defect.execution;
    d.occurrences = defect.occurrences;
    m_defects.push_back(std::move(d));
    m_defectsChanged = true;
}

std::uint32_t SnapshotBuilder::nameOf(ObjectId object) {
    auto [it, inserted] = m_nameIndex.try_emplace(object, static_cast<std::uint32_t>(m_names.size()));
    if (inserted) {
        const std::string &first = m_executor->firstName(object);
        m_names.push_back(first.empty() ? m_executor->machine().describeAddress(object) : first);
    }
    return it->second;
}

void SnapshotBuilder::convertNewEvents() {
    if (m_eventSpots.size() < m_unfolding.size())
        m_eventSpots.resize(m_unfolding.size());
    for (EventId e = static_cast<EventId>(m_events.size()); e < m_unfolding.size(); ++e) {
        const Event &ev = m_unfolding.event(e);
        EventRecord r;
        r.id = e;
        r.threadPred = ev.threadPred;
        r.otherPred = ev.otherPred;
        r.thread = ev.thread();
        // Causal depth: 1 + the largest of the predecessors' (converted before: ids are topological).
        const std::span<const EventId> extras = m_unfolding.extraPredecessors(e);
        r.depth = 0;
        for (EventId p : {ev.threadPred, ev.otherPred})
            if (p != kNoEvent)
                r.depth = std::max(r.depth, m_events[p].depth);
        for (EventId x : extras)
            r.depth = std::max(r.depth, m_events[x].depth);
        ++r.depth;
        r.extraBegin = static_cast<std::uint32_t>(m_extraPreds.size());
        r.extraCount = static_cast<std::uint32_t>(extras.size());
        for (EventId x : extras)
            m_extraPreds.push(x);
        r.action = ev.action;
        if (namesMemoryObject(ev.kind()))
            r.objectName = nameOf(ev.action.object);
        r.spot = m_eventSpots[e];
        if (r.spot.line == 0) {
            // Never executed (a conflicting extension): the thread stands where its sibling did.
            auto it = m_spotAfter.find(threadStepKey(ev.thread(), ev.threadPred));
            if (it != m_spotAfter.end())
                r.spot = it->second;
        }
        m_events.push(r);
        for (EventId c : earlierImmediateConflicts(m_unfolding, e))
            m_conflicts.push({c, e});
    }
}

void SnapshotBuilder::publish(ExplorationPhase phase, const ExplorationResult *result) {
    convertNewEvents();
    auto snapshot = std::make_shared<ExplorationSnapshot>();
    snapshot->run = m_run;
    snapshot->round = m_round;
    snapshot->serial = ++m_serial;
    snapshot->phase = phase;
    if (result) {
        snapshot->stopReason = result->stopReason;
        snapshot->diagnostics = result->diagnostics;
        if (result->stopReason != StopReason::InternalError)
            snapshot->result = std::make_shared<const ExplorationResult>(*result);
    }
    m_statistics.events = m_unfolding.size();
    m_statistics.wallSeconds = elapsedSeconds();
    snapshot->statistics = m_statistics;
    snapshot->events = m_events.view();
    snapshot->extraPredecessors = m_extraPreds.view();
    snapshot->conflicts = m_conflicts.view();
    snapshot->tree = m_treeNodes.view();
    snapshot->treeGeneration = m_treeGeneration;
    if (m_publishedNames->size() != m_names.size())
        m_publishedNames = std::make_shared<const std::vector<std::string>>(m_names);
    snapshot->objectNames = m_publishedNames;
    snapshot->sourceFiles = m_sourceFiles;
    if (m_defectsChanged) {
        m_publishedDefects = std::make_shared<const std::vector<DefectRecord>>(m_defects);
        m_defectsChanged = false;
    }
    snapshot->defects = m_publishedDefects;
    m_lastPublish = Clock::now();
    m_publish(std::move(snapshot));
}

void SnapshotBuilder::finish(const ExplorationResult &result) {
    // The explorer's own accounts are authoritative; keep the locations found on the way.
    std::vector<DefectRecord> defects;
    for (const Defect &d : result.defects) {
        DefectRecord r;
        auto it = m_defectIndex.find({d.kind, d.identity});
        if (it != m_defectIndex.end() && it->second < m_defects.size())
            r = m_defects[it->second];
        r.kind = d.kind;
        r.thread = d.thread;
        r.message = withoutDirectories(d.message, *m_sourceFiles);
        r.execution = d.execution;
        r.occurrences = d.occurrences;
        // Merged, the occurrence kept is one job's (the DFS-earliest), not the first that arrived.
        if (r.schedule.empty() || m_mode == Mode::Merged)
            r.schedule = d.schedule.toString();
        defects.push_back(std::move(r));
    }
    m_defects = std::move(defects);
    m_defectsChanged = true;
    m_statistics = result.statistics; // publish() sets events and the elapsed time (pauses excluded)
    if (m_mode == Mode::Merged) {
        // One job's tree: the same nodes in DFS order, executions numbered as the result numbers its defects.
        m_treeNodes = m_mergedTree.inDfsOrder(m_treeNodes);
        ++m_treeGeneration;
    }
    publish(ExplorationPhase::Finished, &result);
}

void SnapshotBuilder::fail(const std::string &what) {
    ExplorationResult result;
    result.stopReason = StopReason::InternalError;
    result.statistics = m_statistics;
    result.diagnostics.push_back(Diagnostic::error("internal error: " + what));
    publish(ExplorationPhase::Finished, &result);
}

} // namespace weft::debugger
