// SPDX-License-Identifier: MIT
#include "views/eventstructure/EventNodesItem.hpp"

#include "views/eventstructure/EventAppearance.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

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

bool EventNodesItem::paintDots(QPainter *painter, const QStyleOptionGraphicsItem *option) {
    // Nodes smaller than 3 pixels: one pixel each, and thousands of events share a pixel. Draw each
    // pixel once per colour, in device coordinates: the cost follows the pixels, not the events.
    const QTransform t = painter->worldTransform();
    if (t.type() > QTransform::TxScale)
        return false;
    const QRect clip = t.mapRect(option->exposedRect).toAlignedRect().adjusted(-1, -1, 1, 1);
    const std::size_t width = std::size_t(std::max(0, clip.width())), height = std::size_t(std::max(0, clip.height()));
    if (width * height == 0 || width * height > (std::size_t(1) << 24))
        return false; // a huge export: plain points
    constexpr std::size_t kKinds = std::size_t(ActionKind::AwaitBlocked) + 1; // every kind (reads, writes, rwlocks too)
    static_assert(2 * kKinds < 255, "a colour code per pixel is one byte");
    m_pixelColour.assign(width * height, 0);
    std::vector<QPoint> points[kKinds][2];
    const qreal m11 = t.m11(), m22 = t.m22(), dx = t.dx(), dy = t.dy();
    for (EventId id = 0; id < m_kinds.size(); ++id) {
        if (isHidden(id))
            continue;
        const QPointF c = m_layout.position(id);
        const int x = int(std::floor(c.x() * m11 + dx)) - clip.left(), y = int(std::floor(c.y() * m22 + dy)) - clip.top();
        if (x < 0 || y < 0 || std::size_t(x) >= width || std::size_t(y) >= height)
            continue;
        const std::size_t k = std::size_t(m_kinds[id]), f = emphasis(id) == Emphasis::Faded;
        std::uint8_t &pixel = m_pixelColour[std::size_t(y) * width + std::size_t(x)];
        const auto code = std::uint8_t(1 + 2 * k + f);
        if (pixel == code)
            continue;
        pixel = code;
        points[k][f].emplace_back(x + clip.left(), y + clip.top());
    }
    painter->save();
    painter->resetTransform();
    for (std::size_t k = 0; k < kKinds; ++k)
        for (std::size_t f = 0; f < 2; ++f)
            if (!points[k][f].empty()) {
                const QColor fill = f ? faded(EventAppearance::fill(ActionKind(k))) : EventAppearance::fill(ActionKind(k));
                painter->setPen(QPen(fill.darker(130), 0));
                painter->drawPoints(points[k][f].data(), int(points[k][f].size()));
            }
    painter->restore();
    return true;
}

void EventNodesItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) {
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (widget && lod * kWidth < kDotsBelowPixels)
        return; // on screen the view's overview covers them (a 4M-event structure's dots took 150 ms)
    const QRectF visible = option->exposedRect.adjusted(-kWidth / 2, -kHeight / 2, kWidth / 2, kHeight / 2);
    if (lod < 0.2) {
        if (lod * kWidth < kDotsBelowPixels && paintDots(painter, option))
            return;
        // Far away: plain blocks, or single pixels when blocks would be dots; one call per colour.
        constexpr std::size_t kKinds =
            std::size_t(ActionKind::AwaitBlocked) + 1; // every kind (reads, writes, rwlocks too)
        const bool dots = lod * kWidth < kDotsBelowPixels;
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
    QFont font = m_labelFont;
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
        // Labels are fitted once per event: the font is in scene units, so the fit does not depend on
        // the zoom, and fitting it on every paint costs more than drawing it.
        const EventLabel &label = labelOf(id);
        font.setPointSizeF(label.pointSize);
        painter->setFont(font);
        painter->drawText(box.adjusted(3, 0, -3, 0), Qt::AlignCenter, label.lines.join(QLatin1Char('\n')));
    }
}

const EventLabel &EventNodesItem::labelOf(EventId id) const {
    if (m_labels.size() <= id)
        m_labels.resize(std::size_t{id} + 1);
    EventLabel &label = m_labels[id];
    if (label.lines.isEmpty() && m_snapshot && id < m_snapshot->events.size()) {
        const EventRecord &e = m_snapshot->events[id];
        label = EventLabel::fit(EventAppearance::actionText(e.action.kind), EventAppearance::boxObject(*m_snapshot, e),
                                m_labelFont, QSizeF(kWidth - 6, kHeight - 2));
    }
    return label;
}

} // namespace weft::views
