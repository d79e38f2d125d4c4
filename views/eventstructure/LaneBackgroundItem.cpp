// SPDX-License-Identifier: MIT
#include "views/eventstructure/LaneBackgroundItem.hpp"

#include "views/eventstructure/EventNodesItem.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace weft::views {

LaneBackgroundItem::LaneBackgroundItem(const LaneLayout &layout) : m_layout(layout) {
    setFlag(ItemUsesExtendedStyleOption);
    setZValue(-2);
}

QRectF LaneBackgroundItem::band(ThreadId t) const {
    return m_layout.laneRect(t).adjusted(-6, -kHeaderHeight, 6, EventNodesItem::kHeight);
}

void LaneBackgroundItem::layoutChanged() {
    prepareGeometryChange();
    QRectF r;
    for (ThreadId t = 0; t < m_layout.laneCount(); ++t)
        r = r.united(band(t));
    m_bounds = r;
    update();
}

void LaneBackgroundItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    const QColor shades[2] = {QColor(246, 247, 250), QColor(236, 239, 245)};
    QFont font = painter->font();
    font.setBold(true);
    font.setPointSizeF(11);
    painter->setFont(font);
    painter->setPen(QColor(40, 40, 40));
    for (ThreadId t = 0; t < m_layout.laneCount(); ++t) {
        const QRectF lane = band(t);
        if (!lane.intersects(option->exposedRect))
            continue;
        painter->fillRect(lane, shades[t % 2]);
        painter->drawText(QRectF(lane.left(), lane.top() + 6, lane.width(), kHeaderHeight - 12), Qt::AlignCenter,
                          QStringLiteral("T%1").arg(t));
    }
}

} // namespace weft::views
