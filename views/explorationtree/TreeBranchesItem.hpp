// SPDX-License-Identifier: MIT
// The branches of the exploration tree as one scene item, stored per column (one column per
// execution, ExplorationTreeLayout): a grey line down the column's chain of steps, and for every
// column but the first an orange elbow from the node it branches off (along that node's row, then one
// row down). Painting costs one pass over the columns and then at most a few lines per pixel column:
// zoomed out, the columns that share a pixel column merge into one line, so a tree 100,000 executions
// wide repaints in milliseconds. Node dots are drawn only when zoomed in. GUI thread only.
#pragma once

#include "views/explorationtree/ExplorationTreeLayout.hpp"

#include <QColor>
#include <QGraphicsItem>

#include <cstdint>
#include <vector>

namespace weft::views {

class TreeBranchesItem final : public QGraphicsItem {
public:
    /// Below this scale on either axis node dots are not drawn (closer than ~10 pixels they would
    /// only blur the branches).
    static constexpr qreal kDotScale = 0.6;
    static constexpr std::uint32_t kNoRow = UINT32_MAX;

    struct Column {
        std::uint32_t parentColumn = 0; ///< the column of the node it branches off
        std::uint32_t elbowRow = kNoRow; ///< that node's row (kNoRow: the first column, no elbow)
        std::uint32_t top = 0;           ///< rows of its own nodes, top..bottom
        std::uint32_t bottom = 0;
        bool endsInLeaf = false;
        bool dataBranch = false; ///< its first node is another value of a nondet choice
    };

    TreeBranchesItem(qreal columnWidth, qreal rowHeight);

    /// Adds the next node at `cell` (in ExplorationTreeLayout order); `parent` is its parent's cell
    /// (ignored for the root). `dataBranch`: the node starts a column as another value of a nondet
    /// choice (its elbow is drawn in the data-branch colour).
    void append(TreeCell cell, TreeCell parent, bool isLeaf, bool dataBranch = false);
    /// The colour of data-branch elbows (also the legend's).
    static QColor dataBranchColour() { return {140, 80, 200}; }
    /// The chains of steps and the elbows of a branch. Blues, unlike every leaf kind (green, grey, red,
    /// gold): merged far out into bands, the branches never look like leaves (grey bands once read as
    /// "sleep-set blocked").
    static QColor chainColour() { return {40, 90, 170}; }
    static QColor elbowColour() { return {40, 160, 220}; }
    const std::vector<Column> &columns() const { return m_columns; }
    void setBounds(const QRectF &bounds);

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    /// Far out (columns narrower than ~2 pixels): the columns of each pixel column merged.
    void paintMerged(QPainter *painter, const QTransform &t, const QRect &clip);
    /// Close up: every visible column's lines, and the dots when zoomed in far enough.
    void paintColumns(QPainter *painter, const QTransform &t, const QRect &clip);
    /// The device y of every row (0..deepest + 1) for rows `rowPixels` apart from `offset`.
    std::vector<int> rowPositions(qreal rowPixels, qreal offset) const;

    qreal m_columnWidth;
    qreal m_rowHeight;
    std::vector<Column> m_columns;
    std::uint32_t m_maxRow = 0;
    QRectF m_bounds;
    std::vector<std::uint8_t> m_marks; ///< paintMerged's scratch bitmap, kept to avoid reallocating
};

} // namespace weft::views
