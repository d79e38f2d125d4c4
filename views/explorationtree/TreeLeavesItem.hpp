// SPDX-License-Identifier: MIT
// The leaves of the exploration tree, one per execution, as a single scene item: the symbol of each
// leaf's kind (green disc: maximal configuration, grey square: sleep-set blocked, red diamond: defect)
// at a fixed size on screen whatever the zoom of each axis, a ring around the chosen one. When
// thousands share a pixel column only one of each kind is drawn. GUI thread only.
#pragma once

#include "engine/results/ExecutionSummary.hpp"

#include <QGraphicsItem>

#include <vector>

namespace weft::views {

class TreeLeavesItem final : public QGraphicsItem {
public:
    static constexpr qreal kSize = 10; ///< pixels

    struct Leaf {
        QPointF pos;
        std::uint32_t node = 0; ///< in the snapshot's tree
        LeafKind kind = LeafKind::Maximal;
    };

    /// `columnWidth`: scene distance between the leaves of consecutive executions.
    explicit TreeLeavesItem(qreal columnWidth);

    /// Adds the leaf of the next execution (execution count()+1).
    void append(const Leaf &leaf) { m_leaves.push_back(leaf); }
    std::size_t count() const { return m_leaves.size(); }
    /// The leaf of `execution` (1-based, at most count()).
    const Leaf &leaf(std::uint64_t execution) const { return m_leaves[execution - 1]; }
    void setChosen(std::uint64_t execution);
    std::uint64_t chosen() const { return m_chosen; }
    /// The execution whose symbol covers `scenePos` in a view mapping the scene by `device`, or 0.
    std::uint64_t leafAt(QPointF scenePos, const QTransform &device) const;
    void setBounds(const QRectF &bounds);

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    /// The symbol of `kind` inside `box` (shared with the legend).
    static void paintSymbol(QPainter *painter, LeafKind kind, const QRectF &box);
    static QColor colour(LeafKind kind);

private:
    /// Executions whose leaves may lie in [left, right] (scene x), as a 1-based half-open range.
    std::pair<std::uint64_t, std::uint64_t> executionsBetween(qreal left, qreal right) const;

    qreal m_columnWidth;
    std::vector<Leaf> m_leaves;
    std::uint64_t m_chosen = 0;
    QRectF m_bounds;
};

} // namespace weft::views
