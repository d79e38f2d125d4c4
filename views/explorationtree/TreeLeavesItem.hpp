// SPDX-License-Identifier: MIT
// The leaves of the exploration tree, one per execution, as a single scene item: the symbol of each
// leaf's kind (green disc: maximal configuration, grey square: sleep-set blocked, gold triangle:
// assume-blocked; a defect by its kind: red diamond for an assertion, magenta triangle for a data race,
// dark octagon for a deadlock, ...) at a fixed size on screen whatever the zoom of each axis, a ring
// around the chosen one. When thousands share a pixel column only one of each look is drawn. GUI
// thread only.
#pragma once

#include "engine/base/DefectKind.hpp"
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
        DefectKind defect = DefectKind::AssertionFailure; ///< for a Defect leaf
    };

    /// How a leaf is drawn: a shape filled with a colour. Every defect kind has its own look; none
    /// uses the branches' blues.
    enum class Shape : std::uint8_t { Disc, Square, TriangleDown, Diamond, TriangleUp, Octagon, Cross, Hexagon, Ring };
    struct Look {
        Shape shape = Shape::Disc;
        QColor colour;
    };
    static Look look(LeafKind kind, DefectKind defect = DefectKind::AssertionFailure);

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

    /// The symbol of a leaf inside `box` (shared with the legend).
    static void paintSymbol(QPainter *painter, LeafKind kind, const QRectF &box,
                            DefectKind defect = DefectKind::AssertionFailure);
    static QColor colour(LeafKind kind, DefectKind defect = DefectKind::AssertionFailure) {
        return look(kind, defect).colour;
    }

private:
    /// Executions whose leaves may lie in [left, right] (scene x), as a 1-based half-open range.
    std::pair<std::uint64_t, std::uint64_t> executionsBetween(qreal left, qreal right) const;

    qreal m_columnWidth;
    std::vector<Leaf> m_leaves;
    std::uint64_t m_chosen = 0;
    QRectF m_bounds;
};

} // namespace weft::views
