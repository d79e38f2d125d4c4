// SPDX-License-Identifier: MIT
#include "views/graphics/LineBatchItem.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <cstdint>

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
    const qreal pad = pen.widthF() + 1;
    const QRectF exposed = option->exposedRect.adjusted(-pad, -pad, pad, pad);
    std::vector<QLineF> culled;
    const bool everything = exposed.contains(m_bounds); // the usual case while auto-fitting
    if (!everything) {
        culled.reserve(m_lines.size());
        const qreal left = exposed.left(), right = exposed.right(), top = exposed.top(), bottom = exposed.bottom();
        for (const QLineF &l : m_lines)
            if (std::max(l.x1(), l.x2()) >= left && std::min(l.x1(), l.x2()) <= right &&
                std::max(l.y1(), l.y2()) >= top && std::min(l.y1(), l.y2()) <= bottom)
                culled.push_back(l);
    }
    const std::vector<QLineF> &visible = everything ? m_lines : culled;
    if (pen.isCosmetic() && pen.widthF() <= 1 && (std::abs(t.m11()) < 0.5 || std::abs(t.m22()) < 0.5)) {
        // Zoomed out: many lines land on the same pixels (a tree thousands of executions wide). Draw
        // each distinct pixel line once; painting costs pixels, so this is most of the time saved.
        // Map with the plain affine formula (no QTransform dispatch per point), then sort and drop
        // duplicates: cheaper than a hash set for tens of thousands of lines.
        const qreal m11 = t.m11(), m22 = t.m22(), dx = t.dx(), dy = t.dy();
        auto pack = [](int v) { return std::uint64_t(std::uint16_t(std::clamp(v, -32768, 32767))); };
        auto unpack = [](std::uint64_t key, int shift) { return int(std::int16_t(std::uint16_t(key >> shift))); };
        std::vector<std::uint64_t> keys;
        keys.reserve(visible.size());
        const bool scaleOnly = t.type() <= QTransform::TxScale; // zoom and pan only
        for (const QLineF &l : visible) {
            const QLineF d = scaleOnly ? QLineF(l.x1() * m11 + dx, l.y1() * m22 + dy, l.x2() * m11 + dx, l.y2() * m22 + dy)
                                       : t.map(l);
            keys.push_back(pack(qRound(d.x1())) | pack(qRound(d.y1())) << 16 | pack(qRound(d.x2())) << 32 |
                           pack(qRound(d.y2())) << 48);
        }
        std::sort(keys.begin(), keys.end());
        keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        std::vector<QLine> device;
        device.reserve(keys.size());
        for (std::uint64_t k : keys)
            device.emplace_back(unpack(k, 0), unpack(k, 16), unpack(k, 32), unpack(k, 48));
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
