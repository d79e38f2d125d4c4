// SPDX-License-Identifier: MIT
// Runs the debugger replayed that no explored execution is ("what if" or "explore with this event"
// after a bounded or cancelled exploration), each drawn as its own leaf right of the explored ones: a
// dashed line from the tree node where the run leaves the explored paths, down to the run's length, and
// a white disc; a ring marks the one shown. GUI thread only.
#pragma once

#include <QGraphicsItem>

#include <vector>

namespace weft::views {

class VisitedRunsItem final : public QGraphicsItem {
public:
    static constexpr qreal kSize = 10; ///< pixels, as the explored leaves

    struct Run {
        QPointF branch; ///< the tree node it leaves the explored paths at
        QPointF leaf;
    };

    VisitedRunsItem();

    void setRuns(std::vector<Run> runs);
    const std::vector<Run> &runs() const { return m_runs; }
    /// 1-based index into runs(), 0: none.
    void setChosen(std::size_t run);
    std::size_t chosen() const { return m_chosen; }
    /// The run whose leaf covers `scenePos` in a view mapping the scene by `device`, or 0.
    std::size_t runAt(QPointF scenePos, const QTransform &device) const;
    /// The legend's symbol.
    static void paintSymbol(QPainter *painter, const QRectF &box);
    static QColor lineColour() { return {90, 90, 200}; }

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    std::vector<Run> m_runs;
    std::size_t m_chosen = 0;
    QRectF m_bounds;
};

} // namespace weft::views
