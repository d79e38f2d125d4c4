// SPDX-License-Identifier: MIT
#include "views/explorationtree/TreeBranchesItem.hpp"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace weft::views {

static const QColor kChainColour = TreeBranchesItem::chainColour();
static const QColor kElbowColour = TreeBranchesItem::elbowColour();
static const QColor kDotColour = TreeBranchesItem::chainColour().darker(130);
static constexpr int kShift = 1 << 24; ///< added before truncating to int, so truncation is floor

TreeBranchesItem::TreeBranchesItem(qreal columnWidth, qreal rowHeight)
    : m_columnWidth(columnWidth), m_rowHeight(rowHeight) {
    setFlag(ItemUsesExtendedStyleOption); // exposedRect: paint only the visible part
    setAcceptedMouseButtons(Qt::NoButton);
}

void TreeBranchesItem::append(TreeCell cell, TreeCell parent, bool isLeaf, bool dataBranch) {
    if (cell.column == m_columns.size()) { // the first node of a new column
        Column c;
        c.top = c.bottom = cell.row;
        if (cell.column > 0) {
            c.parentColumn = parent.column;
            c.elbowRow = parent.row;
            c.dataBranch = dataBranch;
        }
        m_columns.push_back(c);
    }
    Column &c = m_columns[cell.column];
    c.bottom = cell.row;
    m_maxRow = std::max(m_maxRow, cell.row);
    c.endsInLeaf = isLeaf;
}

void TreeBranchesItem::setBounds(const QRectF &bounds) {
    if (bounds == m_bounds)
        return;
    prepareGeometryChange();
    m_bounds = bounds;
}

std::vector<int> TreeBranchesItem::rowPositions(qreal rowPixels, qreal offset) const {
    std::vector<int> y(std::size_t(m_maxRow) + 2);
    for (std::size_t r = 0; r < y.size(); ++r)
        y[r] = int(std::lround(qreal(r) * rowPixels + offset));
    return y;
}

void TreeBranchesItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    if (m_columns.empty())
        return;
    const QTransform t = painter->worldTransform();
    // Everything is drawn in device pixels: one-pixel lines on the raster engine's fast path.
    const QRect clip = t.mapRect(option->exposedRect).toAlignedRect().adjusted(-2, -2, 2, 2);
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::Antialiasing, false);
    if (std::abs(t.m11()) * m_columnWidth < 2)
        paintMerged(painter, t, clip);
    else
        paintColumns(painter, t, clip);
    painter->restore();
}

void TreeBranchesItem::paintColumns(QPainter *painter, const QTransform &t, const QRect &clip) {
    const qreal sx = t.m11() * m_columnWidth, sy = t.m22() * m_rowHeight, dx = t.dx(), dy = t.dy();
    const qreal shiftedDx = dx + 0.5 + kShift; // rounding without a call: see paintMerged
    auto x = [&](std::uint32_t column) { return int(column * sx + shiftedDx) - kShift; };
    const std::vector<int> rowY = rowPositions(sy, dy);
    auto y = [&](std::uint32_t row) { return rowY[row]; };
    std::vector<QLine> chains, elbows, dataElbows;
    std::vector<QPoint> dots;
    const bool withDots = std::abs(t.m11()) >= kDotScale && std::abs(t.m22()) >= kDotScale;
    for (std::uint32_t i = 0; i < m_columns.size(); ++i) {
        const Column &c = m_columns[i];
        const int cx = x(i);
        // An elbow may cross the view with both ends outside it: test every column (cheap).
        if (c.elbowRow != kNoRow) {
            const int px = x(c.parentColumn), ey = y(c.elbowRow);
            std::vector<QLine> &to = c.dataBranch ? dataElbows : elbows;
            if (cx >= clip.left() && px <= clip.right() && ey >= clip.top() && ey <= clip.bottom())
                to.emplace_back(px, ey, cx, ey);
            if (cx >= clip.left() && cx <= clip.right())
                to.emplace_back(cx, ey, cx, y(c.top));
        }
        if (cx < clip.left() || cx > clip.right())
            continue;
        const int top = y(c.top), bottom = y(c.bottom);
        if (bottom < clip.top() || top > clip.bottom())
            continue;
        if (c.bottom > c.top)
            chains.emplace_back(cx, top, cx, bottom);
        if (withDots) {
            const std::uint32_t last = c.endsInLeaf ? c.bottom : c.bottom + 1; // leaves have symbols
            for (std::uint32_t r = c.top; r < last; ++r)
                if (const int ry = y(r); ry >= clip.top() && ry <= clip.bottom())
                    dots.emplace_back(cx, ry);
        }
    }
    painter->setPen(QPen(kChainColour, 1));
    painter->drawLines(chains.data(), int(chains.size()));
    painter->setPen(QPen(kElbowColour, 1));
    painter->drawLines(elbows.data(), int(elbows.size()));
    painter->setPen(QPen(dataBranchColour(), 1));
    painter->drawLines(dataElbows.data(), int(dataElbows.size()));
    if (!dots.empty()) {
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->setPen(QPen(kDotColour, 5, Qt::SolidLine, Qt::RoundCap));
        painter->drawPoints(dots.data(), int(dots.size()));
    }
}

void TreeBranchesItem::paintMerged(QPainter *painter, const QTransform &t, const QRect &clip) {
    const qreal sx = t.m11() * m_columnWidth, sy = t.m22() * m_rowHeight, dx = t.dx(), dy = t.dy();
    // This loop visits every column: no rounding calls in it. x: floor as a truncation of a value
    // made positive; y: a table of the (few) rows.
    const qreal shiftedDx = dx + kShift;
    auto x = [&](std::uint32_t column) { return int(column * sx + shiftedDx) - kShift; };
    const std::vector<int> rowY = rowPositions(sy, dy);
    auto y = [&](std::uint32_t row) { return rowY[row]; };
    const int width = clip.width(), height = clip.height();
    if (width <= 0 || height <= 0)
        return;
    // Per pixel column: the span of the chains that land there (they overlap: one line each).
    std::vector<int> chainTop(std::size_t(width), INT32_MAX), chainBottom(std::size_t(width), INT32_MIN);
    // Elbow stubs (one row down at a pixel) marked in a bitmap; long elbows merged per pixel row.
    m_marks.assign(std::size_t(width) * std::size_t(height), 0);
    std::vector<std::uint64_t> spans; // (y, x1, x2), sorted below to merge overlaps
    for (std::uint32_t i = 0; i < m_columns.size(); ++i) {
        const Column &c = m_columns[i];
        const int cx = x(i);
        if (c.elbowRow != kNoRow) {
            const int px = x(c.parentColumn), ey = y(c.elbowRow);
            if (ey >= clip.top() && ey <= clip.bottom() && cx >= clip.left() && px <= clip.right()) {
                if (px != cx)
                    spans.push_back(std::uint64_t(ey - clip.top()) << 40 |
                                    std::uint64_t(std::max(px, clip.left()) - clip.left()) << 20 |
                                    std::uint64_t(std::min(cx, clip.right()) - clip.left()));
                if (cx <= clip.right())
                    m_marks[std::size_t(ey - clip.top()) * std::size_t(width) + std::size_t(cx - clip.left())] = 1;
            }
        }
        if (cx < clip.left() || cx > clip.right())
            continue;
        const std::size_t at = std::size_t(cx - clip.left());
        chainTop[at] = std::min(chainTop[at], y(c.top));
        chainBottom[at] = std::max(chainBottom[at], y(c.bottom));
    }
    std::vector<QLine> chains, elbows;
    for (int i = 0; i < width; ++i)
        if (chainTop[std::size_t(i)] <= chainBottom[std::size_t(i)])
            chains.emplace_back(clip.left() + i, chainTop[std::size_t(i)], clip.left() + i, chainBottom[std::size_t(i)]);
    const int rowStep = std::max(1, int(std::lround(sy))); // an elbow's stub goes one row down
    for (int r = 0; r < height; ++r)
        for (int i = 0; i < width; ++i)
            if (m_marks[std::size_t(r) * std::size_t(width) + std::size_t(i)])
                elbows.emplace_back(clip.left() + i, clip.top() + r, clip.left() + i, clip.top() + r + rowStep);
    std::sort(spans.begin(), spans.end());
    for (std::size_t i = 0; i < spans.size();) {
        const auto row = int(spans[i] >> 40);
        int from = int(spans[i] >> 20 & 0xFFFFF), to = int(spans[i] & 0xFFFFF);
        std::size_t j = i + 1;
        for (; j < spans.size() && int(spans[j] >> 40) == row && int(spans[j] >> 20 & 0xFFFFF) <= to + 1; ++j)
            to = std::max(to, int(spans[j] & 0xFFFFF));
        elbows.emplace_back(clip.left() + from, clip.top() + row, clip.left() + to, clip.top() + row);
        i = j;
    }
    painter->setPen(QPen(kChainColour, 1));
    painter->drawLines(chains.data(), int(chains.size()));
    painter->setPen(QPen(kElbowColour, 1));
    painter->drawLines(elbows.data(), int(elbows.size()));
}

} // namespace weft::views
