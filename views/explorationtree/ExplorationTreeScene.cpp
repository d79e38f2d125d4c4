// SPDX-License-Identifier: MIT
#include "views/explorationtree/ExplorationTreeScene.hpp"

#include "views/explorationtree/TreeLeavesItem.hpp"
#include "views/graphics/LineBatchItem.hpp"

#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QTimer>
#include <QToolTip>

namespace weft::views {

ExplorationTreeScene::ExplorationTreeScene(QObject *parent)
    : QGraphicsScene(parent), m_leaves(new TreeLeavesItem(kColumnWidth)) {
    setItemIndexMethod(NoIndex); // few, large items
    addItem(m_leaves);
}

void ExplorationTreeScene::clearTree() {
    removeItem(m_leaves);
    clear();
    delete m_leaves;
    m_leaves = new TreeLeavesItem(kColumnWidth);
    addItem(m_leaves);
    m_layout = ExplorationTreeLayout();
    m_snapshot.reset();
    m_catchingUp = false;
    m_sinceBatch.invalidate();
    setSceneRect(QRectF());
}

void ExplorationTreeScene::setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot) {
    if (!snapshot)
        return;
    if (m_snapshot && m_snapshot->run != snapshot->run)
        clearTree();
    m_snapshot = std::move(snapshot);
    if (isUpToDate())
        Q_EMIT upToDate();
    else
        scheduleSlice();
}

void ExplorationTreeScene::scheduleSlice() {
    if (m_sliceScheduled)
        return;
    m_sliceScheduled = true;
    int delay = 0;
    if (!m_catchingUp && m_sinceBatch.isValid()) {
        const int interval = std::min(1000, kBatchIntervalMilliseconds + int(leafCount() / 100));
        delay = std::max<int>(0, interval - int(m_sinceBatch.elapsed()));
    }
    QTimer::singleShot(delay, this, &ExplorationTreeScene::drawSlice);
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
    }
    return {};
}

void ExplorationTreeScene::drawSlice() {
    m_sliceScheduled = false;
    if (!m_snapshot)
        return;
    if (!m_catchingUp) {
        m_catchingUp = true;
        m_sinceBatch.start();
    }
    const auto &tree = m_snapshot->tree;
    const std::size_t from = m_layout.size();
    const std::size_t limit = std::min(tree.size(), from + kSlice);
    QElapsedTimer clock;
    clock.start();
    std::vector<QLineF> left, right, dots;
    std::size_t n = from;
    for (; n < limit && (n % 256 != 255 || clock.elapsed() < kSliceMilliseconds); ++n) {
        const ExplorationSnapshot::TreeNode &node = tree[n];
        m_layout.add(node);
        const auto id = static_cast<ExplorationTree::NodeId>(n);
        const QPointF at = positionOf(id);
        if (n != ExplorationTree::kRoot) {
            const QPointF parent = positionOf(node.parent);
            if (parent.x() == at.x()) {
                left.emplace_back(parent, at);
            } else { // a right child: along the parent's row, then down
                right.emplace_back(parent, QPointF(at.x(), parent.y()));
                right.emplace_back(QPointF(at.x(), parent.y()), at);
            }
        }
        if (node.isLeaf)
            m_leaves->append({at, id, node.leaf});
        else
            dots.emplace_back(at, at); // a zero-length line with a round cap is a dot
    }
    // Cosmetic pens: the tree is often scaled differently along each axis. One pixel wide: the raster
    // engine draws those on its fast path (wider cosmetic lines go through the stroker).
    auto pen = [](QColor colour, qreal width, Qt::PenCapStyle cap = Qt::SquareCap) {
        QPen p(colour, width, Qt::SolidLine, cap);
        p.setCosmetic(true);
        return p;
    };
    if (!left.empty())
        addItem(new LineBatchItem(std::move(left), pen(QColor(110, 110, 110), 1), false));
    if (!right.empty())
        addItem(new LineBatchItem(std::move(right), pen(QColor(230, 140, 30), 1), false));
    if (!dots.empty()) {
        auto *item = new LineBatchItem(std::move(dots), pen(QColor(80, 80, 80), 5, Qt::RoundCap), false);
        item->setZValue(1);
        item->setMinimumScale(0.6); // dots closer than ~10 pixels would only blur the branches
        addItem(item);
    }
    const QRectF bounds(-kColumnWidth, -kRowHeight, (m_layout.columns() + 1) * kColumnWidth,
                        (m_layout.rows() + 1) * kRowHeight);
    m_leaves->setBounds(bounds);
    m_leaves->update();
    if (bounds != sceneRect())
        setSceneRect(bounds);
    if (isUpToDate()) {
        m_catchingUp = false;
        Q_EMIT upToDate();
    } else {
        scheduleSlice();
    }
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
