// SPDX-License-Identifier: MIT
#include "views/eventstructure/EventEdgesItem.hpp"

#include "views/eventstructure/EventNodesItem.hpp"
#include "views/graphics/LineBatchItem.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace weft::views {

EventEdgesItem::EventEdgesItem(const LaneLayout &layout, Kind kind) : m_layout(layout), m_kind(kind) {
    setFlag(ItemUsesExtendedStyleOption);
    switch (kind) {
    case Kind::ThreadOrder: m_pen = QPen(QColor(70, 70, 70), 1.4); break;
    case Kind::Causality: m_pen = QPen(QColor(30, 90, 220), 1.4); break;
    case Kind::Conflict: m_pen = QPen(QColor(210, 40, 40), 1.4, Qt::DashLine); break;
    }
    setZValue(kind == Kind::Conflict ? 0 : 1);
}

void EventEdgesItem::layoutChanged() {
    prepareGeometryChange();
    m_bounds = m_layout.bounds().adjusted(-EventNodesItem::kWidth, -EventNodesItem::kHeight, EventNodesItem::kWidth,
                                          EventNodesItem::kHeight);
    update();
}

QLineF EventEdgesItem::line(std::size_t index) const {
    const auto [from, to] = m_edges[index];
    const QPointF a = m_layout.position(from), b = m_layout.position(to);
    if (m_kind == Kind::Conflict) { // side to side: the two events are in different lanes
        const qreal dx = (b.x() > a.x() ? 1 : -1) * EventNodesItem::kWidth / 2;
        return {a + QPointF(dx, 0), b - QPointF(dx, 0)};
    }
    const qreal h = EventNodesItem::kHeight / 2; // from the bottom of the cause to the top of the effect
    return {a + QPointF(0, h), b - QPointF(0, h)};
}

void EventEdgesItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    m_lastDrawn = 0;
    if (lod < kMinimumDetail)
        return; // nodes a few pixels wide: the edges would only be a grey haze, at a high price
    QPen pen = m_pen;
    if (lod < 0.5) { // far away: hairlines, and no dashes (they would alias into noise)
        pen.setCosmetic(true);
        pen.setWidthF(1);
        if (lod < 0.2)
            pen.setStyle(Qt::SolidLine);
    }
    const QRectF exposed = option->exposedRect;
    std::vector<QLineF> visible, current;
    visible.reserve(m_edges.size());
    auto hidden = [&](EventId e) { return m_hidden && e < m_hidden->size() && (*m_hidden)[e]; };
    auto member = [&](EventId e) { return m_members && e < m_members->size() && (*m_members)[e]; };
    for (std::size_t i = 0; i < m_edges.size(); ++i) {
        if (m_hidden && (hidden(m_edges[i].first) || hidden(m_edges[i].second)))
            continue;
        const QLineF l = line(i);
        const qreal left = std::min(l.x1(), l.x2()), right = std::max(l.x1(), l.x2());
        const qreal top = std::min(l.y1(), l.y2()), bottom = std::max(l.y1(), l.y2());
        if (right >= exposed.left() - 2 && left <= exposed.right() + 2 && bottom >= exposed.top() - 2 &&
            top <= exposed.bottom() + 2) {
            visible.push_back(l);
            if (member(m_edges[i].first) && member(m_edges[i].second))
                current.push_back(l);
        }
    }
    // Dense (more edges than one per kDensePixels of the view) with an execution shown: its edges only;
    // the others are a wall of arrows that hides the structure.
    const QRectF device = painter->worldTransform().mapRect(exposed);
    if (m_members && !m_members->empty() && qreal(visible.size()) * kDensePixels > device.width() * device.height())
        visible.swap(current);
    m_lastDrawn = visible.size();
    painter->setPen(pen);
    painter->drawLines(visible.data(), int(visible.size()));
    if (m_kind != Kind::Conflict && lod >= 0.35)
        LineBatchItem::drawArrowheads(painter, visible, m_pen.color());
}

} // namespace weft::views
