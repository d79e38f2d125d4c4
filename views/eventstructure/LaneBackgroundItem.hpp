// SPDX-License-Identifier: MIT
// The lanes of the event structure: one shaded band per thread with its name on top, drawn from
// the LaneLayout as one scene item. GUI thread only.
#pragma once

#include "views/eventstructure/LaneLayout.hpp"

#include <QGraphicsItem>

namespace weft::views {

class LaneBackgroundItem final : public QGraphicsItem {
public:
    static constexpr qreal kHeaderHeight = 40;

    explicit LaneBackgroundItem(const LaneLayout &layout);

    /// The band of thread t, header included.
    QRectF band(ThreadId t) const;
    void layoutChanged();

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    const LaneLayout &m_layout;
    QRectF m_bounds;
};

} // namespace weft::views
