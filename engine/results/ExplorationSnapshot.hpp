// SPDX-License-Identifier: MIT
// What the views draw of an exploration: counters, the exploration tree, the events of the unfolding
// with their immediate conflicts, and the defects, as an immutable value the session publishes from
// its worker (at most ~20 times a second). Qt-free; read it on any thread, never modify it.
#pragma once

#include "engine/action/Action.hpp"
#include "engine/base/DefectKind.hpp"
#include "engine/base/Diagnostic.hpp"
#include "engine/base/SourceSpot.hpp"
#include "engine/results/AppendLog.hpp"
#include "engine/results/ExplorationResult.hpp"
#include "engine/results/ExplorationTree.hpp"

#include <memory>
#include <string>
#include <vector>

namespace weft {

/// One event of the unfolding as the views need it (a copy; ids are the engine's EventIds).
struct EventRecord {
    static constexpr std::uint32_t kNoName = 0xffffffffu;

    EventId id = kNoEvent;
    EventId threadPred = kNoEvent;
    EventId otherPred = kNoEvent;
    ThreadId thread = kNoThread;
    std::uint32_t extraBegin = 0;    ///< its other predecessors (sc: the reads a write follows) are
    std::uint32_t extraCount = 0;    ///< ExplorationSnapshot::extraPredecessors[extraBegin, +extraCount)
    std::uint32_t depth = 0;         ///< causality depth (1 + the deeper predecessor)
    Action action;
    std::uint32_t objectName = kNoName; ///< index into ExplorationSnapshot::objectNames
    SourceSpot spot;        ///< where the thread stood (line 0: unknown, e.g. never executed)
};

/// Two events in immediate conflict; `later` is the larger id (the log is ordered by it).
struct ConflictRecord {
    EventId earlier = kNoEvent;
    EventId later = kNoEvent;
};

/// A distinct defect (kind + message) with where it happened and how to replay it.
struct DefectRecord {
    DefectKind kind = DefectKind::AssertionFailure;
    ThreadId thread = kNoThread;
    std::string message;
    std::string location;        ///< "file:line:column" of the fault, or empty
    SourceSpot spot;
    std::string schedule;        ///< Schedule::toString() of the execution that showed it
    std::uint64_t execution = 0; ///< first execution that showed it (1-based)
    std::uint64_t occurrences = 1;
};

enum class ExplorationPhase : std::uint8_t {
    Running,
    Paused,
    Finished, ///< completed, cancelled or bounded: see stopReason
};

struct ExplorationSnapshot {
    using TreeNode = ExplorationTree::Node;
    using NodeId = ExplorationTree::NodeId;

    std::uint64_t run = 0;    ///< which exploration of the session (a new one restarts the views)
    /// Which round of the run (debugger::SectionRounds: under sc, a run with atomic sections may explore
    /// again once it has learnt what they touch); a new round restarts the views like a new run.
    std::uint32_t round = 1;
    std::uint64_t serial = 0; ///< publication number within the round
    ExplorationPhase phase = ExplorationPhase::Running;
    StopReason stopReason = StopReason::Completed; ///< meaningful once Finished
    /// executions, maximalConfigurations, sleepSetBlocked, events, defects, wallSeconds (elapsed,
    /// pauses excluded) are live; the rest is filled when Finished.
    Statistics statistics;

    AppendLog<EventRecord>::View events;       ///< events[i].id == i
    AppendLog<EventId>::View extraPredecessors; ///< see EventRecord::extraBegin
    AppendLog<ConflictRecord>::View conflicts; ///< each immediate conflict once, by `later`
    AppendLog<TreeNode>::View tree;            ///< ExplorationTree nodes, tree[0] the root
    /// Changes when `tree` is a new log rather than an extension of the last one: a run with several jobs
    /// shows its executions as they arrive, and its last snapshot lays them out in one job's order.
    std::uint32_t treeGeneration = 0;
    std::shared_ptr<const std::vector<std::string>> objectNames; ///< "'m'", "'servers'+8", ...
    std::shared_ptr<const std::vector<std::string>> sourceFiles; ///< SourceSpot::file indexes it
    std::shared_ptr<const std::vector<DefectRecord>> defects;
    std::vector<Diagnostic> diagnostics; ///< problems with the exploration itself
    /// Once Finished: the explorer's own result (what `weft explore` reports); null before, or when
    /// the run ended in an internal error.
    std::shared_ptr<const ExplorationResult> result;

    bool isFinished() const { return phase == ExplorationPhase::Finished; }
    /// Whether `later` continues this snapshot's exploration (same run and round): its logs extend ours.
    bool isContinuedBy(const ExplorationSnapshot &later) const { return run == later.run && round == later.round; }
    /// The same for the tree alone.
    bool isTreeContinuedBy(const ExplorationSnapshot &later) const {
        return isContinuedBy(later) && treeGeneration == later.treeGeneration;
    }
    /// Every immediate causal predecessor of `e` the unfolding has (thread, other, extra ones).
    std::vector<EventId> predecessors(EventId e) const;
    /// "'m'" for a synchronisation object, "T2" for a create/join target, "" otherwise.
    std::string objectText(const EventRecord &e) const;
    /// The events from the root to `node`, in trail order.
    std::vector<EventId> pathTo(NodeId node) const;
    /// The leaf node of execution `execution` (1-based), or kRoot if it is not in the snapshot.
    NodeId leafOf(std::uint64_t execution) const;
};

} // namespace weft
