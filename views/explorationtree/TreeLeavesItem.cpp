// SPDX-License-Identifier: MIT
#include "views/explorationtree/TreeLeavesItem.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace weft::views {

TreeLeavesItem::TreeLeavesItem(qreal columnWidth) : m_columnWidth(columnWidth) {
    setFlag(ItemUsesExtendedStyleOption);
    setZValue(2);
}

void TreeLeavesItem::setBounds(const QRectF &bounds) {
    if (bounds == m_bounds)
        return;
    prepareGeometryChange();
    m_bounds = bounds;
}

void TreeLeavesItem::setChosen(std::uint64_t execution) {
    m_chosen = execution;
    update();
}

QColor TreeLeavesItem::colour(LeafKind kind) {
    switch (kind) {
    case LeafKind::Maximal: return QColor(40, 160, 70);
    case LeafKind::SleepBlocked: return QColor(150, 150, 150);
    case LeafKind::Defect: return QColor(215, 40, 40);
    case LeafKind::AssumeBlocked: return QColor(200, 160, 40);
    }
    return Qt::black;
}

void TreeLeavesItem::paintSymbol(QPainter *painter, LeafKind kind, const QRectF &box) {
    painter->setPen(QPen(colour(kind).darker(140), 1));
    painter->setBrush(colour(kind));
    switch (kind) {
    case LeafKind::Maximal: painter->drawEllipse(box); break;
    case LeafKind::SleepBlocked: painter->drawRect(box.adjusted(1, 1, -1, -1)); break;
    case LeafKind::Defect: {
        const QPointF c = box.center();
        const qreal r = box.width() / 2 + 1;
        const QPointF diamond[4] = {c + QPointF(0, -r), c + QPointF(r, 0), c + QPointF(0, r), c + QPointF(-r, 0)};
        painter->drawPolygon(diamond, 4);
        break;
    }
    case LeafKind::AssumeBlocked: { // a triangle pointing down: the run was cut short
        const QPointF triangle[3] = {box.topLeft(), box.topRight(), QPointF(box.center().x(), box.bottom())};
        painter->drawPolygon(triangle, 3);
        break;
    }
    }
}

std::pair<std::uint64_t, std::uint64_t> TreeLeavesItem::executionsBetween(qreal left, qreal right) const {
    // The leaf of execution k stands in column k - 1.
    const qreal first = std::max<qreal>(0, std::floor(left / m_columnWidth));
    const qreal last = std::max<qreal>(0, std::ceil(right / m_columnWidth));
    const auto begin = std::min<std::uint64_t>(m_leaves.size(), std::uint64_t(first)) + 1;
    const auto end = std::min<std::uint64_t>(m_leaves.size(), std::uint64_t(last) + 1) + 1;
    return {begin, std::max(begin, end)};
}

std::uint64_t TreeLeavesItem::leafAt(QPointF scenePos, const QTransform &device) const {
    const QPointF at = device.map(scenePos);
    const qreal reach = kSize / 2 + 2; // pixels
    const qreal sx = std::abs(device.m11()) > 0 ? std::abs(device.m11()) : 1;
    const auto [begin, end] = executionsBetween(scenePos.x() - reach / sx, scenePos.x() + reach / sx);
    std::uint64_t best = 0;
    qreal bestDistance = reach;
    for (std::uint64_t e = begin; e < end; ++e) {
        const QPointF d = device.map(m_leaves[e - 1].pos) - at;
        const qreal distance = std::max(std::abs(d.x()), std::abs(d.y()));
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = e;
        }
    }
    return best;
}

void TreeLeavesItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    const QTransform t = painter->worldTransform();
    const qreal sx = std::abs(t.m11()) > 0 ? std::abs(t.m11()) : 1;
    const QRectF exposed = option->exposedRect;
    const auto [begin, end] = executionsBetween(exposed.left() - kSize / sx, exposed.right() + kSize / sx);
    painter->save();
    painter->resetTransform(); // symbols are drawn in pixels
    painter->setRenderHint(QPainter::Antialiasing);
    qreal lastX[4] = {-1e9, -1e9, -1e9, -1e9}; // by kind: maximal, sleep-set blocked, defect, assume-blocked
    for (std::uint64_t e = begin; e < end; ++e) {
        const Leaf &leaf = m_leaves[e - 1];
        const QPointF d = t.map(leaf.pos);
        // Thousands of leaves per pixel: draw one symbol of each kind per pixel column.
        qreal &last = lastX[std::size_t(leaf.kind)];
        if (d.x() - last < 1 && e != m_chosen)
            continue;
        last = d.x();
        const QRectF box(d.x() - kSize / 2, d.y() - kSize / 2, kSize, kSize);
        paintSymbol(painter, leaf.kind, box);
        if (e == m_chosen) {
            painter->setPen(QPen(QColor(20, 60, 200), 2));
            painter->setBrush(Qt::NoBrush);
            painter->drawEllipse(box.adjusted(-3, -3, 3, 3));
        }
    }
    painter->restore();
}

} // namespace weft::views
