// SPDX-License-Identifier: MIT
#include "views/eventstructure/CurrentEventItem.hpp"

#include <QPainter>

#include <algorithm>

namespace weft::views {

CurrentEventItem::CurrentEventItem(const LaneLayout &layout, QSizeF nodeSize) : m_layout(layout), m_nodeSize(nodeSize) {
    setZValue(3); // above the events
    setAcceptedMouseButtons(Qt::NoButton); // clicks go to the event underneath
}

void CurrentEventItem::setEvent(EventId id, const QColor &colour) {
    if (id == m_event && colour == m_colour)
        return;
    m_event = id;
    m_colour = colour;
    update(); // the ring's size is in pixels: repaint what this item covers, old ring and new
}

QRectF CurrentEventItem::nodeRect() const {
    if (m_event == kNoEvent || m_event >= m_layout.size())
        return {};
    const QPointF c = m_layout.position(m_event);
    return {c.x() - m_nodeSize.width() / 2, c.y() - m_nodeSize.height() / 2, m_nodeSize.width(), m_nodeSize.height()};
}

void CurrentEventItem::layoutChanged() {
    // The whole structure: a ring of a fixed size in pixels covers many scene units when zoomed out.
    const QRectF bounds = m_layout.bounds().adjusted(-m_nodeSize.width(), -m_nodeSize.height(), m_nodeSize.width(),
                                                     m_nodeSize.height());
    if (bounds != m_bounds) {
        prepareGeometryChange();
        m_bounds = bounds;
    }
    if (m_event != kNoEvent)
        update();
}

void CurrentEventItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) {
    const QRectF node = nodeRect();
    if (node.isEmpty())
        return;
    QRectF box = painter->worldTransform().mapRect(node);
    box.setSize(box.size().expandedTo(QSizeF(kMinimumBox, kMinimumBox)));
    box.moveCenter(painter->worldTransform().map(node.center()));
    box.adjust(-kRingWidth, -kRingWidth, kRingWidth, kRingWidth);
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(m_colour, kRingWidth));
    painter->setBrush(Qt::NoBrush);
    const qreal radius = std::min<qreal>(8, box.height() / 2);
    painter->drawRoundedRect(box, radius, radius);
    // An arrow from the left pointing at the ring.
    const qreal y = box.center().y(), tip = box.left() - kRingWidth;
    const QPointF arrow[3] = {{tip, y}, {tip - 12, y - 8}, {tip - 12, y + 8}};
    painter->setPen(QPen(m_colour.darker(130), 1));
    painter->setBrush(m_colour);
    painter->drawPolygon(arrow, 3);
    painter->restore();
}

} // namespace weft::views
