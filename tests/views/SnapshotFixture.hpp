// SPDX-License-Identifier: MIT
// Hand-made ExplorationSnapshots for the view tests: events, conflicts and tree nodes appended to
// logs the way the session's SnapshotBuilder does, published as immutable snapshots.
#pragma once

#include "engine/results/ExplorationSnapshot.hpp"
#include "engine/results/ExplorationTree.hpp"

#include <bit>
#include <memory>

namespace weft::views::test {

class SnapshotFixture {
public:
    explicit SnapshotFixture(std::uint64_t run = 1) : m_run(run) {}

    /// Adds an event; returns its id.
    EventId event(ThreadId thread, ActionKind kind, EventId threadPred, EventId otherPred = kNoEvent,
                  ObjectId object = 0) {
        EventRecord r;
        r.id = static_cast<EventId>(m_events.size());
        r.thread = thread;
        r.threadPred = threadPred;
        r.otherPred = otherPred;
        std::uint32_t depth = 0;
        for (EventId p : {threadPred, otherPred})
            if (p != kNoEvent)
                depth = std::max(depth, m_events[p].depth);
        r.depth = depth + 1;
        r.action = Action{kind, thread, object, 0};
        if (isObjectTreeKind(kind)) {
            r.objectName = 0;
            m_names = {"'m'"};
        }
        r.spot = SourceSpot{1, 10 + r.id, 5};
        m_events.push(r);
        return r.id;
    }
    void conflict(EventId a, EventId b) { m_conflicts.push({std::min(a, b), std::max(a, b)}); }

    /// One finished execution along `trail` (the ExplorationTree protocol).
    void execution(std::vector<EventId> trail, std::uint32_t branchDepth, LeafKind leaf,
                   DefectKind defect = DefectKind::AssertionFailure) {
        ExecutionSummary s;
        s.index = ++m_executions;
        s.leaf = leaf;
        s.defect = defect;
        s.branchDepth = branchDepth;
        s.trail = trail;
        m_tree.add(s);
        for (std::size_t n = m_nodes.size(); n < m_tree.nodes().size(); ++n)
            m_nodes.push(m_tree.nodes()[n]);
    }

    /// `rows` rows of lock events on `threads` threads, each caused by its own thread's previous event
    /// and by the previous thread's event of its row (a dense grid of cross-thread causality).
    void lockGrid(ThreadId threads, int rows) {
        std::vector<EventId> last(threads, kNoEvent);
        for (int i = 0; i < rows; ++i)
            for (ThreadId t = 0; t < threads; ++t)
                last[t] = event(t, ActionKind::MutexLock, last[t], t > 0 ? last[t - 1] : kNoEvent, 7);
    }

    /// A full binary tree of 2^depth executions explored depth-first over 2 * depth lock events
    /// (execution i takes the alternative at the highest bit where i differs from i - 1); `leafOf(i)`
    /// gives each leaf's kind.
    template <typename LeafOf> void fullBinaryTree(int depth, LeafOf &&leafOf) {
        for (int i = 0; i < 2 * depth; ++i)
            event(0, ActionKind::MutexLock, kNoEvent, kNoEvent, 7);
        for (std::uint32_t i = 0; i < (1u << depth); ++i) {
            std::vector<EventId> trail;
            for (int d = 0; d < depth; ++d)
                trail.push_back(EventId(2 * d + ((i >> (depth - 1 - d)) & 1)));
            const std::uint32_t branch = i > 0 ? std::uint32_t(depth - std::bit_width(i ^ (i - 1))) : 0;
            execution(trail, branch, leafOf(i));
        }
    }

    std::shared_ptr<const ExplorationSnapshot> snapshot(ExplorationPhase phase = ExplorationPhase::Running) {
        auto s = std::make_shared<ExplorationSnapshot>();
        s->run = m_run;
        s->serial = ++m_serial;
        s->phase = phase;
        s->events = m_events.view();
        s->conflicts = m_conflicts.view();
        s->tree = m_nodes.view();
        s->objectNames = std::make_shared<const std::vector<std::string>>(m_names);
        s->sourceFiles = std::make_shared<const std::vector<std::string>>(std::vector<std::string>{"", "/x/prog.c"});
        s->defects = std::make_shared<const std::vector<DefectRecord>>();
        s->statistics.executions = m_executions;
        s->statistics.events = m_events.size();
        return s;
    }

    const ExplorationTree &tree() const { return m_tree; }

private:
    std::uint64_t m_run;
    std::uint64_t m_serial = 0;
    std::uint64_t m_executions = 0;
    AppendLog<EventRecord> m_events;
    AppendLog<ConflictRecord> m_conflicts;
    AppendLog<ExplorationSnapshot::TreeNode> m_nodes;
    ExplorationTree m_tree;
    std::vector<std::string> m_names;
};

} // namespace weft::views::test
