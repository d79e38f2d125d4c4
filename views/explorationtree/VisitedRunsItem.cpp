// SPDX-License-Identifier: MIT
#include "views/explorationtree/VisitedRunsItem.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace weft::views {

VisitedRunsItem::VisitedRunsItem() { setZValue(3); }

void VisitedRunsItem::setRuns(std::vector<Run> runs) {
    prepareGeometryChange();
    m_runs = std::move(runs);
    m_bounds = QRectF();
    for (const Run &r : m_runs)
        m_bounds |= QRectF(r.branch, r.leaf).normalized().adjusted(-1, -1, 1, 1);
    update();
}

void VisitedRunsItem::setChosen(std::size_t run) {
    m_chosen = run;
    update();
}

std::size_t VisitedRunsItem::runAt(QPointF scenePos, const QTransform &device) const {
    const QPointF at = device.map(scenePos);
    for (std::size_t k = 0; k < m_runs.size(); ++k) {
        const QPointF d = device.map(m_runs[k].leaf) - at;
        if (std::max(std::abs(d.x()), std::abs(d.y())) <= kSize / 2 + 2)
            return k + 1;
    }
    return 0;
}

void VisitedRunsItem::paintSymbol(QPainter *painter, const QRectF &box) {
    painter->setPen(QPen(lineColour().darker(150), 2));
    painter->setBrush(Qt::white);
    painter->drawEllipse(box.adjusted(1, 1, -1, -1));
}

void VisitedRunsItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) {
    const QTransform t = painter->worldTransform();
    painter->save();
    painter->resetTransform(); // in pixels, like the explored leaves
    painter->setRenderHint(QPainter::Antialiasing);
    for (std::size_t k = 0; k < m_runs.size(); ++k) {
        const QPointF from = t.map(m_runs[k].branch), to = t.map(m_runs[k].leaf);
        // An elbow out of the explored tree, then straight down: dashed, for it was not explored.
        painter->setPen(QPen(lineColour(), 1.5, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        const QPointF corner(to.x(), from.y());
        painter->drawLine(from, corner);
        painter->drawLine(corner, to);
        const QRectF box(to.x() - kSize / 2, to.y() - kSize / 2, kSize, kSize);
        paintSymbol(painter, box);
        if (k + 1 == m_chosen) {
            painter->setPen(QPen(QColor(20, 60, 200), 2));
            painter->setBrush(Qt::NoBrush);
            painter->drawEllipse(box.adjusted(-3, -3, 3, 3));
        }
    }
    painter->restore();
}

} // namespace weft::views
