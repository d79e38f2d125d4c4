// SPDX-License-Identifier: MIT
#include "views/graphics/LineBatchItem.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_set>

namespace weft::views {

LineBatchItem::LineBatchItem(std::vector<QLineF> lines, QPen pen, bool arrowheads, QGraphicsItem *parent)
    : QGraphicsItem(parent), m_lines(std::move(lines)), m_pen(std::move(pen)), m_arrowheads(arrowheads) {
    // Not QRectF::united: it ignores the empty rectangles of vertical, horizontal and dot lines.
    qreal x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    for (std::size_t i = 0; i < m_lines.size(); ++i) {
        const QLineF &l = m_lines[i];
        if (i == 0) {
            x0 = x1 = l.x1();
            y0 = y1 = l.y1();
        }
        x0 = std::min({x0, l.x1(), l.x2()});
        x1 = std::max({x1, l.x1(), l.x2()});
        y0 = std::min({y0, l.y1(), l.y2()});
        y1 = std::max({y1, l.y1(), l.y2()});
    }
    const qreal pad = m_pen.widthF() + 8;
    m_bounds = QRectF(QPointF(x0, y0), QPointF(x1, y1)).adjusted(-pad, -pad, pad, pad);
    setFlag(ItemUsesExtendedStyleOption); // exposedRect: paint only the visible lines
}

void LineBatchItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QTransform t = painter->worldTransform();
    if (std::min(std::abs(t.m11()), std::abs(t.m22())) < m_minimumScale)
        return;
    QPen pen = m_pen;
    if (lod < 0.5 && !pen.isCosmetic()) {
        // Far away: hairlines, no dashes (they would alias into noise).
        pen.setCosmetic(true);
        pen.setWidthF(1);
        if (lod < 0.2)
            pen.setStyle(Qt::SolidLine);
    }
    painter->setPen(pen);
    const QRectF exposed = option->exposedRect;
    std::vector<QLineF> visible;
    visible.reserve(m_lines.size());
    const qreal pad = pen.widthF() + 1;
    for (const QLineF &l : m_lines)
        if (exposed.intersects(QRectF(l.p1(), l.p2()).normalized().adjusted(-pad, -pad, pad, pad)))
            visible.push_back(l);
    if (pen.isCosmetic() && pen.widthF() <= 1 && (std::abs(t.m11()) < 0.5 || std::abs(t.m22()) < 0.5)) {
        // Zoomed out: many lines land on the same pixels (a tree thousands of executions wide). Draw
        // each distinct pixel line once; painting costs pixels, so this is most of the time saved.
        std::unordered_set<std::uint64_t> seen;
        seen.reserve(visible.size());
        std::vector<QLine> device;
        auto pack = [](int v) { return std::uint64_t(std::uint16_t(std::clamp(v, -32768, 32767))); };
        for (const QLineF &l : visible) {
            const QLine d = t.map(l).toLine();
            if (seen.insert(pack(d.x1()) | pack(d.y1()) << 16 | pack(d.x2()) << 32 | pack(d.y2()) << 48).second)
                device.push_back(d);
        }
        painter->save();
        painter->resetTransform();
        painter->drawLines(device.data(), int(device.size()));
        painter->restore();
    } else {
        painter->drawLines(visible.data(), static_cast<int>(visible.size()));
    }
    if (!m_arrowheads || lod < 0.35)
        return;
    drawArrowheads(painter, visible, m_pen.color());
}

void LineBatchItem::drawArrowheads(QPainter *painter, const std::vector<QLineF> &lines, const QColor &colour) {
    painter->setPen(Qt::NoPen);
    painter->setBrush(colour);
    constexpr qreal kLength = 8, kHalfWidth = 3.5;
    for (const QLineF &l : lines) {
        const qreal length = l.length();
        if (length < 1)
            continue;
        const QPointF dir = (l.p2() - l.p1()) / length;
        const QPointF normal(-dir.y(), dir.x());
        const QPointF base = l.p2() - dir * kLength;
        const QPointF head[3] = {l.p2(), base + normal * kHalfWidth, base - normal * kHalfWidth};
        painter->drawPolygon(head, 3);
    }
}

} // namespace weft::views
