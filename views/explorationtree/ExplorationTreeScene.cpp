// SPDX-License-Identifier: MIT
#include "views/explorationtree/ExplorationTreeScene.hpp"

#include "views/explorationtree/TreeBranchesItem.hpp"
#include "views/explorationtree/TreeLeavesItem.hpp"
#include "views/graphics/SliceScheduler.hpp"

#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QToolTip>

namespace weft::views {

ExplorationTreeScene::ExplorationTreeScene(QObject *parent)
    : QGraphicsScene(parent), m_branches(new TreeBranchesItem(kColumnWidth, kRowHeight)),
      m_leaves(new TreeLeavesItem(kColumnWidth)),
      m_scheduler(new SliceScheduler([this] { return drawSlice(); },
                                     // A wide tree costs more to repaint: take new snapshots in less often (up to 1 s).
                                     [this] { return std::min(1000, kBatchIntervalMilliseconds + int(leafCount() / 200)); },
                                     this)) {
    setItemIndexMethod(NoIndex); // two large items
    addItem(m_branches);
    addItem(m_leaves);
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
}

void ExplorationTreeScene::setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot) {
    if (!snapshot)
        return;
    if (m_snapshot && !m_snapshot->isContinuedBy(*snapshot))
        clearTree();
    m_snapshot = std::move(snapshot);
    if (isUpToDate())
        Q_EMIT upToDate();
    else
        m_scheduler->schedule();
}

std::size_t ExplorationTreeScene::leafCount() const { return m_leaves->count(); }
LeafKind ExplorationTreeScene::leafKind(std::uint64_t execution) const { return m_leaves->leaf(execution).kind; }
ExplorationTree::NodeId ExplorationTreeScene::leafNode(std::uint64_t execution) const {
    return m_leaves->leaf(execution).node;
}
QPointF ExplorationTreeScene::leafPosition(std::uint64_t execution) const { return m_leaves->leaf(execution).pos; }
std::uint64_t ExplorationTreeScene::chosenExecution() const { return m_leaves->chosen(); }
void ExplorationTreeScene::setChosenExecution(std::uint64_t execution) { m_leaves->setChosen(execution); }

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
    case LeafKind::Defect: return tr("Execution %1: defect").arg(execution);
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
    for (; n < limit && !m_scheduler->isSliceOver(n - from); ++n) {
        const ExplorationSnapshot::TreeNode &node = tree[n];
        const TreeCell cell = m_layout.add(node);
        const TreeCell parent = n != ExplorationTree::kRoot ? m_layout.cell(node.parent) : TreeCell{};
        const bool dataBranch = node.afterAlternative && node.event != kNoEvent &&
                                node.event < m_snapshot->events.size() &&
                                m_snapshot->events[node.event].action.kind == ActionKind::NondetChoice;
        m_branches->append(cell, parent, node.isLeaf, dataBranch);
        if (node.isLeaf)
            m_leaves->append({positionOf(static_cast<ExplorationTree::NodeId>(n)), static_cast<ExplorationTree::NodeId>(n),
                              node.leaf});
    }
    const QRectF bounds(-kColumnWidth, -kRowHeight, (m_layout.columns() + 1) * kColumnWidth,
                        (m_layout.rows() + 1) * kRowHeight);
    m_branches->setBounds(bounds);
    m_branches->update();
    m_leaves->setBounds(bounds);
    m_leaves->update();
    if (bounds != sceneRect())
        setSceneRect(bounds);
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
    const QString text = leafToolTip(leafAt(event->scenePos(), deviceTransform(event->widget())));
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->screenPos(), text, event->widget());
    event->accept();
}

} // namespace weft::views
