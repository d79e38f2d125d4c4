// SPDX-License-Identifier: MIT
#include "views/explorationtree/ExplorationTreeScene.hpp"

#include "views/defects/DefectsModel.hpp"
#include "views/explorationtree/TreeBranchesItem.hpp"
#include "views/explorationtree/TreeLeavesItem.hpp"
#include "views/explorationtree/VisitedRunsItem.hpp"
#include "views/graphics/SliceScheduler.hpp"

#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QToolTip>

#include <algorithm>

namespace weft::views {

ExplorationTreeScene::ExplorationTreeScene(QObject *parent)
    : QGraphicsScene(parent), m_branches(new TreeBranchesItem(kColumnWidth, kRowHeight)),
      m_leaves(new TreeLeavesItem(kColumnWidth)), m_visitedItem(new VisitedRunsItem),
      m_scheduler(new SliceScheduler(
          [this] { return drawSlice(); },
          // A wide tree costs more to repaint: take new snapshots in less often (up to 1 s).
          [this] { return std::min(1000, kBatchIntervalMilliseconds + int(leafCount() / 200)); }, this)) {
    setItemIndexMethod(NoIndex); // a few large items
    addItem(m_branches);
    addItem(m_leaves);
    addItem(m_visitedItem);
}

void ExplorationTreeScene::clearTree() {
    delete m_branches;
    delete m_leaves;
    m_branches = new TreeBranchesItem(kColumnWidth, kRowHeight);
    m_leaves = new TreeLeavesItem(kColumnWidth);
    addItem(m_branches);
    addItem(m_leaves);
    m_layout = ExplorationTreeLayout();
    m_snapshot.reset();
    m_scheduler->reset();
    setSceneRect(QRectF());
    m_visitedItem->setChosen(0);
    m_visitedItem->setRuns({});
    if (!m_defectKinds.empty() || !m_visited.empty()) {
        m_defectKinds.clear();
        m_visited.clear();
        Q_EMIT legendChanged();
    }
}

void ExplorationTreeScene::setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot) {
    if (!snapshot)
        return;
    if (m_snapshot && !m_snapshot->isTreeContinuedBy(*snapshot))
        clearTree();
    m_snapshot = std::move(snapshot);
    if (isUpToDate())
        Q_EMIT upToDate();
    else
        m_scheduler->schedule();
}

std::size_t ExplorationTreeScene::leafCount() const { return m_leaves->count(); }
LeafKind ExplorationTreeScene::leafKind(std::uint64_t execution) const { return m_leaves->leaf(execution).kind; }
DefectKind ExplorationTreeScene::leafDefect(std::uint64_t execution) const { return m_leaves->leaf(execution).defect; }
ExplorationTree::NodeId ExplorationTreeScene::leafNode(std::uint64_t execution) const {
    return m_leaves->leaf(execution).node;
}
QPointF ExplorationTreeScene::leafPosition(std::uint64_t execution) const { return m_leaves->leaf(execution).pos; }
std::uint64_t ExplorationTreeScene::chosenExecution() const { return m_leaves->chosen(); }
void ExplorationTreeScene::setChosenExecution(std::uint64_t execution) {
    m_leaves->setChosen(execution);
    m_visitedItem->setChosen(0);
}

std::size_t ExplorationTreeScene::visitedRunCount() const { return m_visited.size(); }
std::size_t ExplorationTreeScene::chosenVisitedRun() const { return m_visitedItem->chosen(); }
QPointF ExplorationTreeScene::visitedRunPosition(std::size_t run) const { return m_visitedItem->runs()[run - 1].leaf; }

std::size_t ExplorationTreeScene::addVisitedRun(std::vector<EventId> events, std::size_t length) {
    std::sort(events.begin(), events.end());
    m_leaves->setChosen(0);
    for (std::size_t k = 0; k < m_visited.size(); ++k)
        if (m_visited[k].events == events && m_visited[k].length == length) {
            m_visitedItem->setChosen(k + 1);
            return k + 1;
        }
    // Where it leaves the explored paths: the deepest drawn node whose every step is an event of the
    // run (nodes come parents first, so one pass finds them all).
    VisitedRun run{std::move(events), length, ExplorationTree::kRoot};
    if (m_snapshot) {
        std::vector<char> onRun(m_layout.size(), 0);
        onRun[ExplorationTree::kRoot] = 1;
        std::uint32_t deepest = 0;
        for (std::size_t n = 1; n < m_layout.size(); ++n) {
            const ExplorationSnapshot::TreeNode &node = m_snapshot->tree[n];
            if (node.isLeaf || !onRun[node.parent] ||
                !std::binary_search(run.events.begin(), run.events.end(), node.event))
                continue;
            onRun[n] = 1;
            if (m_layout.cell(ExplorationTree::NodeId(n)).row > deepest) {
                deepest = m_layout.cell(ExplorationTree::NodeId(n)).row;
                run.branch = ExplorationTree::NodeId(n);
            }
        }
    }
    m_visited.push_back(std::move(run));
    placeVisitedRuns();
    m_visitedItem->setChosen(m_visited.size());
    if (m_visited.size() == 1)
        Q_EMIT legendChanged();
    return m_visited.size();
}

QRectF ExplorationTreeScene::treeBounds() const {
    std::uint32_t rows = m_layout.rows();
    for (const VisitedRun &r : m_visited)
        rows = std::max(rows, std::uint32_t(r.length + 1));
    return QRectF(-kColumnWidth, -kRowHeight, (m_layout.columns() + m_visited.size() + 1) * kColumnWidth,
                  (rows + 1) * kRowHeight);
}

void ExplorationTreeScene::placeVisitedRuns() {
    // Right of every explored column (the tree grows rightwards while exploring: they move along).
    std::vector<VisitedRunsItem::Run> runs;
    for (std::size_t k = 0; k < m_visited.size(); ++k)
        runs.push_back({positionOf(m_visited[k].branch), QPointF(qreal(m_layout.columns() + k) * kColumnWidth,
                                                                 qreal(m_visited[k].length + 1) * kRowHeight)});
    m_visitedItem->setRuns(std::move(runs));
    const QRectF bounds = treeBounds();
    if (bounds != sceneRect())
        setSceneRect(bounds);
}

QPointF ExplorationTreeScene::positionOf(ExplorationTree::NodeId node) const {
    const TreeCell c = m_layout.cell(node);
    return {c.column * kColumnWidth, c.row * kRowHeight};
}

QString ExplorationTreeScene::leafToolTip(std::uint64_t execution) const {
    if (execution == 0 || execution > leafCount())
        return {};
    switch (leafKind(execution)) {
    case LeafKind::Maximal: return tr("Execution %1: maximal configuration").arg(execution);
    case LeafKind::SleepBlocked: return tr("Execution %1: sleep-set blocked (redundant)").arg(execution);
    case LeafKind::Defect:
        return tr("Execution %1: defect (%2)").arg(execution).arg(DefectsModel::kindText(leafDefect(execution)));
    case LeafKind::AssumeBlocked:
        return tr("Execution %1: assume-blocked (a false assumption stopped a thread)").arg(execution);
    }
    return {};
}

bool ExplorationTreeScene::drawSlice() {
    if (!m_snapshot)
        return true;
    const auto &tree = m_snapshot->tree;
    const std::size_t from = m_layout.size();
    const std::size_t limit = std::min(tree.size(), from + kSlice);
    std::size_t n = from;
    bool newDefectKind = false;
    for (; n < limit && !m_scheduler->isSliceOver(n - from); ++n) {
        const ExplorationSnapshot::TreeNode &node = tree[n];
        const TreeCell cell = m_layout.add(node);
        const TreeCell parent = n != ExplorationTree::kRoot ? m_layout.cell(node.parent) : TreeCell{};
        const bool dataBranch = node.afterAlternative && node.event != kNoEvent &&
                                node.event < m_snapshot->events.size() &&
                                m_snapshot->events[node.event].action.kind == ActionKind::NondetChoice;
        m_branches->append(cell, parent, node.isLeaf, dataBranch);
        if (node.isLeaf) {
            m_leaves->append({positionOf(static_cast<ExplorationTree::NodeId>(n)),
                              static_cast<ExplorationTree::NodeId>(n), node.leaf, node.defect});
            if (node.leaf == LeafKind::Defect) {
                const auto at = std::lower_bound(m_defectKinds.begin(), m_defectKinds.end(), node.defect);
                if (at == m_defectKinds.end() || *at != node.defect) {
                    m_defectKinds.insert(at, node.defect);
                    newDefectKind = true;
                }
            }
        }
    }
    const QRectF bounds = treeBounds();
    m_branches->setBounds(bounds);
    m_branches->update();
    m_leaves->setBounds(bounds);
    m_leaves->update();
    if (bounds != sceneRect())
        setSceneRect(bounds);
    if (!m_visited.empty())
        placeVisitedRuns();
    if (newDefectKind)
        Q_EMIT legendChanged();
    if (!isUpToDate())
        return false;
    Q_EMIT upToDate();
    return true;
}

std::uint64_t ExplorationTreeScene::leafAt(QPointF scenePos, const QTransform &device) const {
    return m_leaves->leafAt(scenePos, device);
}

QTransform ExplorationTreeScene::deviceTransform(QWidget *viewport) {
    // Leaves are drawn in pixels: hit-test them in the coordinates of the view that was clicked.
    if (viewport)
        if (auto *view = qobject_cast<QGraphicsView *>(viewport->parentWidget()))
            return view->viewportTransform();
    return {};
}

void ExplorationTreeScene::mousePressEvent(QGraphicsSceneMouseEvent *event) {
    const std::uint64_t execution = leafAt(event->scenePos(), deviceTransform(event->widget()));
    if (execution != 0 && event->button() == Qt::LeftButton) {
        setChosenExecution(execution);
        Q_EMIT leafActivated(execution, leafNode(execution));
        event->accept();
        return;
    }
    QGraphicsScene::mousePressEvent(event);
}

void ExplorationTreeScene::helpEvent(QGraphicsSceneHelpEvent *event) {
    QString text = leafToolTip(leafAt(event->scenePos(), deviceTransform(event->widget())));
    if (const std::size_t run = m_visitedItem->runAt(event->scenePos(), deviceTransform(event->widget())))
        text = tr("A run replayed in the debugger, not among the explored executions (%n step(s))", nullptr,
                  int(m_visited[run - 1].length));
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->screenPos(), text, event->widget());
    event->accept();
}

} // namespace weft::views
