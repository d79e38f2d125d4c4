// SPDX-License-Identifier: MIT
// The exploration observer of a GUI session: on the worker thread it keeps the counters, the
// exploration tree, the defects and the new events of the unfolding (with their immediate conflicts,
// object names and source spots), and at most every `interval` hands an immutable ExplorationSnapshot
// to `publish`. It is also where the worker waits while paused. Lives on the exploration worker.
#pragma once

#include "app/session/ObservedExecutor.hpp"
#include "app/session/PauseGate.hpp"
#include "engine/explorer/ExplorationObserver.hpp"
#include "engine/explorer/ExplorationTree.hpp"
#include "engine/unfolding/Unfolding.hpp"
#include "engine/results/ExplorationSnapshot.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <stop_token>
#include <unordered_map>

namespace weft::session {

class SnapshotBuilder final : public ExplorationObserver {
public:
    using Snapshot = std::shared_ptr<const ExplorationSnapshot>;
    using Publish = std::function<void(Snapshot)>;
    using Clock = std::chrono::steady_clock;

    /// `unfolding` and `executor` are the exploration's own (read between executions only).
    SnapshotBuilder(std::uint64_t run, const Unfolding &unfolding, const ObservedExecutor &executor,
                    const program::Program &program, PauseGate &gate, std::stop_token stop, Publish publish,
                    Clock::duration interval = std::chrono::milliseconds(50));

    void onExecution(const ExecutionSummary &summary) override;

    /// Publishes the first (empty) snapshot.
    void start();
    /// Publishes the last snapshot: everything explored, with the result's statistics and defects.
    void finish(const ExplorationResult &result);

private:
    void publish(ExplorationPhase phase, const ExplorationResult *result = nullptr);
    void convertNewEvents();
    void recordSpots(const ExecutionSummary &summary);
    void recordDefect(const ExecutionSummary &summary);
    std::uint32_t nameOf(ObjectId object);
    double elapsedSeconds() const;

    std::uint64_t m_run;
    const Unfolding &m_unfolding;
    const ObservedExecutor &m_executor;
    const program::Program &m_program;
    PauseGate &m_gate;
    std::stop_token m_stop;
    Publish m_publish;
    Clock::duration m_interval;

    Clock::time_point m_started;
    Clock::duration m_paused{};
    Clock::time_point m_lastPublish;
    std::uint64_t m_serial = 0;
    Statistics m_statistics;

    ExplorationTree::Growth m_treeGrowth; // the nodes go straight to m_treeNodes
    AppendLog<EventRecord> m_events;
    AppendLog<ConflictRecord> m_conflicts;
    AppendLog<ExplorationSnapshot::TreeNode> m_treeNodes;
    /// Source spots by event, and by (thread, thread predecessor): where the thread's next action is.
    std::vector<program::SourceSpot> m_eventSpots;
    std::unordered_map<std::uint64_t, program::SourceSpot> m_spotAfter;

    std::vector<std::string> m_names;
    std::unordered_map<ObjectId, std::uint32_t> m_nameIndex;
    std::shared_ptr<const std::vector<std::string>> m_publishedNames;
    std::shared_ptr<const std::vector<std::string>> m_sourceFiles;

    std::vector<DefectRecord> m_defects;
    std::map<std::pair<DefectKind, std::string>, std::size_t> m_defectIndex;
    std::shared_ptr<const std::vector<DefectRecord>> m_publishedDefects;
    bool m_defectsChanged = false;
};

} // namespace weft::session
