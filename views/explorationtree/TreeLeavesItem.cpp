// SPDX-License-Identifier: MIT
#include "views/explorationtree/TreeLeavesItem.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace weft::views {

static constexpr std::size_t kDefectKinds = 0
#define WEFT_DEFECT(name, text) +1
#include "engine/base/DefectKinds.def"
    ;

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

TreeLeavesItem::Look TreeLeavesItem::look(LeafKind kind, DefectKind defect) {
    switch (kind) {
    case LeafKind::Maximal: return {Shape::Disc, QColor(40, 160, 70)};
    case LeafKind::SleepBlocked: return {Shape::Square, QColor(150, 150, 150)};
    case LeafKind::AssumeBlocked: return {Shape::TriangleDown, QColor(200, 160, 40)}; // the run was cut short
    case LeafKind::Defect: break;
    }
    // Warm colours, each kind its own shape as well (told apart without colour vision too).
    switch (defect) {
    case DefectKind::AssertionFailure: return {Shape::Diamond, QColor(215, 40, 40)};
    case DefectKind::DataRace: return {Shape::TriangleUp, QColor(220, 30, 160)};
    case DefectKind::Deadlock: return {Shape::Octagon, QColor(120, 10, 30)};
    case DefectKind::UndefinedBehaviour: return {Shape::Cross, QColor(170, 70, 0)}; // memory errors
    case DefectKind::UninitialisedRead: return {Shape::Hexagon, QColor(250, 110, 80)};
    case DefectKind::Livelock: return {Shape::Ring, QColor(190, 0, 110)};
    default: return {Shape::Diamond, QColor(140, 40, 90)}; // abort, exit code, bounds, ...
    }
}

/// The corners of a regular polygon of `n` sides inside `box`, the first at `start` degrees.
static QPolygonF regular(const QRectF &box, int n, qreal start) {
    QPolygonF polygon;
    const qreal r = box.width() / 2 + 0.5;
    for (int k = 0; k < n; ++k) {
        const qreal a = (start + 360.0 * k / n) * 3.14159265358979 / 180;
        polygon << box.center() + QPointF(r * std::cos(a), r * std::sin(a));
    }
    return polygon;
}

void TreeLeavesItem::paintSymbol(QPainter *painter, LeafKind kind, const QRectF &box, DefectKind defect) {
    const Look l = look(kind, defect);
    painter->setPen(QPen(l.colour.darker(140), 1));
    painter->setBrush(l.colour);
    const QPointF c = box.center();
    switch (l.shape) {
    case Shape::Disc: painter->drawEllipse(box); break;
    case Shape::Square: painter->drawRect(box.adjusted(1, 1, -1, -1)); break;
    case Shape::TriangleDown: {
        const QPointF triangle[3] = {box.topLeft(), box.topRight(), QPointF(c.x(), box.bottom())};
        painter->drawPolygon(triangle, 3);
        break;
    }
    case Shape::TriangleUp: {
        const QPointF triangle[3] = {box.bottomLeft(), box.bottomRight(), QPointF(c.x(), box.top() - 1)};
        painter->drawPolygon(triangle, 3);
        break;
    }
    case Shape::Diamond: {
        const qreal r = box.width() / 2 + 1;
        const QPointF diamond[4] = {c + QPointF(0, -r), c + QPointF(r, 0), c + QPointF(0, r), c + QPointF(-r, 0)};
        painter->drawPolygon(diamond, 4);
        break;
    }
    case Shape::Octagon: painter->drawPolygon(regular(box, 8, 22.5)); break;
    case Shape::Hexagon: painter->drawPolygon(regular(box, 6, 0)); break;
    case Shape::Cross: {
        // A thick X: two bars, filled.
        painter->setPen(QPen(l.colour, 3.5, Qt::SolidLine, Qt::FlatCap));
        painter->drawLine(box.topLeft(), box.bottomRight());
        painter->drawLine(box.topRight(), box.bottomLeft());
        break;
    }
    case Shape::Ring:
        painter->setPen(QPen(l.colour, 3));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(box.adjusted(1.5, 1.5, -1.5, -1.5));
        break;
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
    // By look: the four leaf kinds, then a Defect leaf's by its defect kind.
    constexpr std::size_t kLeafKinds = 4;
    qreal lastX[kLeafKinds + kDefectKinds];
    std::fill(std::begin(lastX), std::end(lastX), -1e9);
    for (std::uint64_t e = begin; e < end; ++e) {
        const Leaf &leaf = m_leaves[e - 1];
        const QPointF d = t.map(leaf.pos);
        // Thousands of leaves per pixel: draw one symbol of each look per pixel column.
        qreal &last =
            lastX[leaf.kind == LeafKind::Defect ? kLeafKinds + std::size_t(leaf.defect) : std::size_t(leaf.kind)];
        if (d.x() - last < 1 && e != m_chosen)
            continue;
        last = d.x();
        const QRectF box(d.x() - kSize / 2, d.y() - kSize / 2, kSize, kSize);
        paintSymbol(painter, leaf.kind, box, leaf.defect);
        if (e == m_chosen) {
            painter->setPen(QPen(QColor(20, 60, 200), 2));
            painter->setBrush(Qt::NoBrush);
            painter->drawEllipse(box.adjusted(-3, -3, 3, 3));
        }
    }
    painter->restore();
}

} // namespace weft::views
