// SPDX-License-Identifier: MIT
// The exploration observer of a live exploration (GUI, DAP): on the worker thread it keeps the counters,
// the exploration tree, the defects the explorer reports (non-fatal race reports included) and the new
// events of the unfolding (with all their predecessors, immediate conflicts, object names and source
// spots), and at most every `interval` hands an immutable ExplorationSnapshot to `publish`. It never
// blocks: pauses happen in the explorer (PauseControl). Lives on the exploration worker. With several jobs
// (Mode::Merged) it is not the explorer's observer: ParallelSnapshots fills the display unfolding it reads
// and hands it each worker's executions and defects (engine/explorer/README.md, "Live views with several jobs").
#pragma once

#include "engine/debugger/MergedTree.hpp"
#include "engine/debugger/ObservedExecutor.hpp"
#include "engine/explorer/ExplorationObserver.hpp"
#include "engine/results/ExplorationSnapshot.hpp"
#include "engine/results/ExplorationTree.hpp"
#include "engine/unfolding/Unfolding.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <unordered_map>

namespace weft::debugger {

class SnapshotBuilder final : public ExplorationObserver {
public:
    using Snapshot = std::shared_ptr<const ExplorationSnapshot>;
    using Publish = std::function<void(Snapshot)>;
    using Clock = std::chrono::steady_clock;
    /// OneJob: the explorer's observer. Merged: several workers' executions, arriving in any order.
    enum class Mode : std::uint8_t { OneJob, Merged };

    /// `unfolding` and `executor` are the exploration's own (read between executions only); merged, `unfolding`
    /// is the display structure and `executor` the first worker's.
    SnapshotBuilder(std::uint64_t run, const Unfolding &unfolding, const ObservedExecutor &executor,
                    const program::Program &program, Publish publish,
                    Clock::duration interval = std::chrono::milliseconds(50), std::uint32_t round = 1,
                    Mode mode = Mode::OneJob);

    void onDefect(const Defect &defect, std::uint64_t distinct) override;
    void onExecution(const ExecutionSummary &summary) override;
    void onPaused() override;
    void onResumed() override;

    /// Merged: a defect of the execution `worker` just ran (its trail not reported yet), which will be `execution`.
    void addDefect(const ObservedExecutor &worker, const Defect &defect, std::uint64_t execution);
    /// Merged: an execution `worker` ran; the trail is in display ids, `summary.path` its path code.
    void addExecution(const ObservedExecutor &worker, const ExecutionSummary &summary);
    /// Merged: executions reported so far (the next one is this + 1).
    std::uint64_t executions() const { return m_statistics.executions; }
    /// Merged: publishes what is there now (another worker paused after an execution not published yet).
    void publishNow() { publish(m_phase); }

    /// Publishes the first (empty) snapshot.
    void start();
    /// Publishes the last snapshot: everything explored, with the result's statistics and defects.
    void finish(const ExplorationResult &result);
    /// Publishes the last snapshot of a run that Weft itself failed (StopReason::InternalError, `what`
    /// in the diagnostics), keeping what was found so far.
    void fail(const std::string &what);

private:
    void publish(ExplorationPhase phase, const ExplorationResult *result = nullptr);
    void convertNewEvents();
    void recordSpots(const ExecutionSummary &summary);
    void recordDefect(const Defect &defect);
    std::uint32_t nameOf(ObjectId object);
    double elapsedSeconds() const;

    std::uint64_t m_run;
    std::uint32_t m_round;
    const Unfolding &m_unfolding;
    const ObservedExecutor *m_executor; ///< the one that ran the execution being reported (merged: a worker's)
    Mode m_mode;
    const program::Program &m_program;
    Publish m_publish;
    Clock::duration m_interval;

    Clock::time_point m_started;
    Clock::duration m_paused{};
    Clock::time_point m_pausedAt;
    Clock::time_point m_lastPublish;
    std::uint64_t m_serial = 0;
    ExplorationPhase m_phase = ExplorationPhase::Running;
    Statistics m_statistics;

    ExplorationTree::Growth m_treeGrowth; // the nodes go straight to m_treeNodes
    MergedTree m_mergedTree; // merged: instead of m_treeGrowth
    std::uint32_t m_treeGeneration = 0;
    AppendLog<EventRecord> m_events;
    AppendLog<EventId> m_extraPreds;
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
    std::map<std::pair<DefectKind, std::string>, std::size_t> m_defectIndex; ///< by kind and identity
    std::shared_ptr<const std::vector<DefectRecord>> m_publishedDefects;
    bool m_defectsChanged = false;
};

} // namespace weft::debugger
