// SPDX-License-Identifier: MIT
#include "views/eventstructure/EventNodesItem.hpp"

#include "views/eventstructure/EventAppearance.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace weft::views {

EventNodesItem::EventNodesItem(const LaneLayout &layout) : m_layout(layout) {
    setFlag(ItemUsesExtendedStyleOption); // exposedRect: paint only what is visible
    setZValue(2);
}

void EventNodesItem::layoutChanged() {
    prepareGeometryChange();
    m_bounds = m_layout.bounds().adjusted(-kWidth / 2, -kHeight, kWidth / 2, kHeight);
    update();
}

void EventNodesItem::setHighlighted(std::vector<bool> members) {
    m_highlighted = std::move(members);
    update();
}

EventNodesItem::Emphasis EventNodesItem::emphasis(EventId id) const {
    if (m_highlighted.empty())
        return Emphasis::Normal;
    return id < m_highlighted.size() && m_highlighted[id] ? Emphasis::Highlighted : Emphasis::Faded;
}

/// `colour` mixed with white: what a faded event looks like (no per-item opacity needed).
static QColor faded(const QColor &colour) {
    return QColor((colour.red() + 3 * 255) / 4, (colour.green() + 3 * 255) / 4, (colour.blue() + 3 * 255) / 4);
}

void EventNodesItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF visible = option->exposedRect.adjusted(-kWidth / 2, -kHeight / 2, kWidth / 2, kHeight / 2);
    if (lod < 0.2) {
        // Far away: plain blocks, or single pixels when blocks would be dots; one call per colour.
        constexpr std::size_t kKinds = std::size_t(ActionKind::BarrierPass) + 1;
        const bool dots = lod * kWidth < 3;
        std::vector<QRectF> blocks[kKinds][2];
        std::vector<QPointF> points[kKinds][2];
        for (EventId id = 0; id < m_kinds.size(); ++id) {
            const QPointF c = m_layout.position(id);
            if (!visible.contains(c) || isHidden(id))
                continue;
            const std::size_t k = std::size_t(m_kinds[id]), f = emphasis(id) == Emphasis::Faded;
            if (dots)
                points[k][f].push_back(c);
            else
                blocks[k][f].emplace_back(c.x() - kWidth / 2, c.y() - kHeight / 2, kWidth, kHeight);
        }
        for (std::size_t k = 0; k < kKinds; ++k)
            for (std::size_t f = 0; f < 2; ++f) {
                const QColor fill = f ? faded(EventAppearance::fill(ActionKind(k))) : EventAppearance::fill(ActionKind(k));
                if (!points[k][f].empty()) {
                    QPen pen(fill.darker(130), 0); // cosmetic single pixels
                    painter->setPen(pen);
                    painter->drawPoints(points[k][f].data(), int(points[k][f].size()));
                }
                if (!blocks[k][f].empty()) {
                    painter->setPen(Qt::NoPen);
                    painter->setBrush(fill);
                    painter->drawRects(blocks[k][f].data(), int(blocks[k][f].size()));
                }
            }
        return;
    }
    const QPen normalPen(QColor(60, 60, 60), 1.0), fadedPen(QColor(200, 200, 200), 1.0);
    const QPen highlightPen(QColor(20, 60, 200), 2.5);
    QFont font = painter->font();
    font.setPointSizeF(8);
    painter->setFont(font);
    const QFontMetrics metrics(font);
    for (EventId id = 0; id < m_kinds.size(); ++id) {
        const QPointF c = m_layout.position(id);
        if (!visible.contains(c) || isHidden(id))
            continue;
        const Emphasis e = emphasis(id);
        const QColor fill = e == Emphasis::Faded ? faded(EventAppearance::fill(m_kinds[id]))
                                                 : EventAppearance::fill(m_kinds[id]);
        const QRectF box(c.x() - kWidth / 2, c.y() - kHeight / 2, kWidth, kHeight);
        painter->setPen(e == Emphasis::Highlighted ? highlightPen : e == Emphasis::Faded ? fadedPen : normalPen);
        painter->setBrush(fill);
        painter->drawRoundedRect(box, 5, 5);
        if (lod < 0.45 || !m_snapshot || id >= m_snapshot->events.size())
            continue;
        painter->setPen(e == Emphasis::Faded ? QColor(150, 150, 150) : QColor(Qt::black));
        const QString label = EventAppearance::label(*m_snapshot, m_snapshot->events[id]);
        painter->drawText(box.adjusted(3, 0, -3, 0), Qt::AlignCenter | Qt::TextSingleLine,
                          metrics.elidedText(label, Qt::ElideRight, int(box.width() - 6)));
    }
}

} // namespace weft::views
