// SPDX-License-Identifier: MIT
#include "views/eventstructure/DeadlockItem.hpp"

#include <QPainter>
#include <QtMath>

namespace weft::views {

namespace {
const QColor kDeadlockRed(200, 30, 30);

/// An arrow from `from` to `to` with its head at `to`.
void drawArrow(QPainter &painter, QPointF from, QPointF to, qreal head) {
    painter.drawLine(from, to);
    const qreal angle = std::atan2(to.y() - from.y(), to.x() - from.x());
    const QPointF left = to - QPointF(std::cos(angle - 0.45), std::sin(angle - 0.45)) * head;
    const QPointF right = to - QPointF(std::cos(angle + 0.45), std::sin(angle + 0.45)) * head;
    const QPointF tip[3] = {to, left, right};
    painter.drawPolygon(tip, 3);
}

/// The point of `box`'s border on the way from its centre towards `towards`.
QPointF borderTowards(const QRectF &box, QPointF towards) {
    const QPointF c = box.center(), d = towards - c;
    if (d.isNull())
        return c;
    const qreal sx = d.x() ? (box.width() / 2) / std::abs(d.x()) : 1e9;
    const qreal sy = d.y() ? (box.height() / 2) / std::abs(d.y()) : 1e9;
    return c + d * std::min({sx, sy, 1.0});
}
} // namespace

DeadlockItem::DeadlockItem(const LaneLayout &layout, QSizeF nodeSize) : m_layout(layout), m_nodeSize(nodeSize) {
    setZValue(2.5); // above the events, below the current-step ring
    setAcceptedMouseButtons(Qt::NoButton);
}

void DeadlockItem::setRequests(std::vector<BlockedRequest> requests) {
    m_requests = std::move(requests);
    layoutChanged();
    update();
}

QRectF DeadlockItem::requestRect(std::size_t i) const {
    if (i >= m_requests.size() || m_requests[i].after >= m_layout.size())
        return {};
    // One row below the thread's last event, in its lane.
    const QPointF c = m_layout.position(m_requests[i].after) + QPointF(0, m_layout.metrics().rowHeight);
    return {c.x() - m_nodeSize.width() / 2, c.y() - m_nodeSize.height() / 2, m_nodeSize.width(), m_nodeSize.height()};
}

QRectF DeadlockItem::requestOf(ThreadId t) const {
    for (std::size_t i = 0; i < m_requests.size(); ++i)
        if (m_requests[i].thread == t)
            return requestRect(i);
    return {};
}

void DeadlockItem::layoutChanged() {
    QRectF bounds;
    for (std::size_t i = 0; i < m_requests.size(); ++i)
        bounds |= requestRect(i);
    for (const BlockedRequest &r : m_requests)
        if (r.heldBy < m_layout.size())
            bounds |= QRectF(m_layout.position(r.heldBy), m_nodeSize);
    bounds = bounds.adjusted(-m_nodeSize.width(), -m_nodeSize.height(), m_nodeSize.width(), m_nodeSize.height());
    if (bounds != m_bounds) {
        prepareGeometryChange();
        m_bounds = bounds;
    }
}

void DeadlockItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) {
    if (m_requests.empty())
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QFont small = painter->font();
    small.setPixelSize(11);
    painter->setFont(small);
    for (std::size_t i = 0; i < m_requests.size(); ++i) {
        const BlockedRequest &r = m_requests[i];
        const QRectF box = requestRect(i);
        if (box.isEmpty())
            continue;
        // What holds what it wants: a dotted line to that event.
        if (r.heldBy < m_layout.size()) {
            painter->setPen(QPen(kDeadlockRed, 1, Qt::DotLine));
            painter->drawLine(box.center(), m_layout.position(r.heldBy));
        }
        // Whom it waits for: an arrow to that thread's request (the cycle), else to its holding event.
        QRectF target = requestOf(r.waitsFor);
        if (target.isEmpty() && r.heldBy < m_layout.size())
            target = QRectF(m_layout.position(r.heldBy) - QPointF(m_nodeSize.width() / 2, m_nodeSize.height() / 2),
                            m_nodeSize);
        if (!target.isEmpty() && target != box) {
            painter->setPen(QPen(kDeadlockRed, 2));
            painter->setBrush(kDeadlockRed);
            drawArrow(*painter, borderTowards(box, target.center()), borderTowards(target, box.center()), 8);
        }
    }
    for (std::size_t i = 0; i < m_requests.size(); ++i) {
        const QRectF box = requestRect(i);
        if (box.isEmpty())
            continue;
        painter->setPen(QPen(kDeadlockRed, 2, Qt::DashLine));
        painter->setBrush(QColor(255, 235, 235));
        painter->drawRoundedRect(box, 4, 4);
        painter->setPen(kDeadlockRed.darker(130));
        painter->drawText(box.adjusted(3, 0, -3, 0), Qt::AlignCenter,
                          painter->fontMetrics().elidedText(QStringLiteral("⊘ ") + m_requests[i].label, Qt::ElideRight,
                                                            int(box.width() - 6)));
    }
    painter->restore();
}

} // namespace weft::views
