// SPDX-License-Identifier: MIT
// The binary tree of Explore calls growing live: inner nodes as dots joined by branch lines (left child
// straight down, right child = alternative via an elbow into a new column) in one TreeBranchesItem, and
// every leaf in one TreeLeavesItem. Each snapshot adds only the new nodes, at most 5 times a second and
// in time-boxed slices of the event loop (SliceScheduler). Clicking a leaf selects its execution. GUI
// thread only.
#pragma once

#include "views/explorationtree/ExplorationTreeLayout.hpp"
#include "engine/results/ExplorationSnapshot.hpp"

#include <QGraphicsScene>

#include <memory>
#include <vector>

namespace weft::views {

class SliceScheduler;
class TreeBranchesItem;
class TreeLeavesItem;
class VisitedRunsItem;

class ExplorationTreeScene final : public QGraphicsScene {
    Q_OBJECT
public:
    static constexpr std::size_t kSlice = 20000; ///< at most this many nodes per slice
    /// New snapshots are taken in at most this often, less often for large trees.
    static constexpr int kBatchIntervalMilliseconds = 200;
    static constexpr qreal kColumnWidth = 18;
    static constexpr qreal kRowHeight = 16;

    explicit ExplorationTreeScene(QObject *parent = nullptr);

    void setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot);
    void clearTree();

    std::size_t drawnNodes() const { return m_layout.size(); }
    std::size_t leafCount() const;
    bool isUpToDate() const { return !m_snapshot || m_layout.size() == m_snapshot->tree.size(); }
    /// The leaf of `execution` (1-based, at most leafCount()): kind, node and position.
    LeafKind leafKind(std::uint64_t execution) const;
    /// What went wrong in `execution`, a Defect leaf (its end, else its first report).
    DefectKind leafDefect(std::uint64_t execution) const;
    /// The defect kinds of the leaves drawn so far, in DefectKinds.def order (the legend's entries).
    const std::vector<DefectKind> &defectKinds() const { return m_defectKinds; }
    ExplorationTree::NodeId leafNode(std::uint64_t execution) const;
    QPointF leafPosition(std::uint64_t execution) const;
    /// The execution whose leaf is under `scenePos` as `view` shows it, or 0.
    std::uint64_t leafAt(QPointF scenePos, const QTransform &device) const;
    /// The branches as drawn (one entry per column).
    const TreeBranchesItem &branches() const { return *m_branches; }
    QString leafToolTip(std::uint64_t execution) const;
    /// Marks this execution's leaf as the chosen one (0: none).
    void setChosenExecution(std::uint64_t execution);
    std::uint64_t chosenExecution() const;
    QPointF positionOf(ExplorationTree::NodeId node) const;

    /// A run the debugger replayed that no explored execution is: drawn as its own leaf, right of the
    /// explored ones, once per distinct run. `events`: its events the snapshot knows; `length`: its
    /// steps. Returns its number (1-based), and marks it as the chosen one (no execution chosen).
    std::size_t addVisitedRun(std::vector<EventId> events, std::size_t length);
    std::size_t visitedRunCount() const;
    /// The chosen visited run (0: none; choosing an execution un-chooses it).
    std::size_t chosenVisitedRun() const;
    /// The tree node where visited run `run` leaves the explored paths (the deepest node whose path
    /// from the root is all events of the run) and its leaf's position.
    ExplorationTree::NodeId visitedRunBranch(std::size_t run) const { return m_visited[run - 1].branch; }
    QPointF visitedRunPosition(std::size_t run) const;

Q_SIGNALS:
    /// The user clicked the leaf of `execution`; `node` is its node in the snapshot's tree.
    void leafActivated(quint64 execution, quint32 node);
    void upToDate();
    /// A leaf of a defect kind not drawn before was drawn, the first visited run added, or the tree
    /// was cleared: what the legend lists changed.
    void legendChanged();

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void helpEvent(QGraphicsSceneHelpEvent *event) override;

private:
    bool drawSlice();
    void placeVisitedRuns();
    QRectF treeBounds() const;
    static QTransform deviceTransform(QWidget *viewport);

    std::shared_ptr<const ExplorationSnapshot> m_snapshot;
    ExplorationTreeLayout m_layout;
    TreeBranchesItem *m_branches;
    TreeLeavesItem *m_leaves;
    SliceScheduler *m_scheduler;
    std::vector<DefectKind> m_defectKinds;
    struct VisitedRun {
        std::vector<EventId> events; ///< sorted
        std::size_t length = 0;
        ExplorationTree::NodeId branch = ExplorationTree::kRoot;
    };
    std::vector<VisitedRun> m_visited;
    VisitedRunsItem *m_visitedItem;
};

} // namespace weft::views
