// SPDX-License-Identifier: MIT
// Many lines of one style as a single scene item (thread order, causality, conflicts, tree branches):
// thousands of edges cost a few items instead of thousands. Arrowheads are drawn at the end of each
// line when zoomed in far enough. GUI thread only.
#pragma once

#include <QGraphicsItem>
#include <QPen>

#include <vector>

namespace weft::views {

class LineBatchItem final : public QGraphicsItem {
public:
    LineBatchItem(std::vector<QLineF> lines, QPen pen, bool arrowheads, QGraphicsItem *parent = nullptr);

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    std::size_t lineCount() const { return m_lines.size(); }
    const std::vector<QLineF> &lines() const { return m_lines; }
    const QPen &pen() const { return m_pen; }
    /// When either axis is scaled below this the batch is not drawn at all (e.g. the tree's node dots).
    void setMinimumScale(qreal scale) { m_minimumScale = scale; }

    /// A filled arrowhead at the end (p2) of each line.
    static void drawArrowheads(QPainter *painter, const std::vector<QLineF> &lines, const QColor &colour);

private:
    std::vector<QLineF> m_lines;
    QPen m_pen;
    bool m_arrowheads;
    qreal m_minimumScale = 0;
    QRectF m_bounds;
};

} // namespace weft::views
