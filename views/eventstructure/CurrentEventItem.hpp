// SPDX-License-Identifier: MIT
// The debugger's current step in the event structure: a thick ring in the running thread's colour
// around the event the replay performs next, with an arrow pointing at it from the left (as Qt
// Creator marks the current instruction). Drawn in pixels so it stays visible however far the view is
// zoomed out; reads the event's position from the LaneLayout when painting. GUI thread only.
#pragma once

#include "views/eventstructure/LaneLayout.hpp"

#include <QColor>
#include <QGraphicsItem>

namespace weft::views {

class CurrentEventItem final : public QGraphicsItem {
public:
    static constexpr qreal kRingWidth = 4; ///< pixels
    static constexpr qreal kMinimumBox = 14; ///< pixels: the ring never shrinks below this

    /// `nodeSize`: the size of an event's node in scene units.
    CurrentEventItem(const LaneLayout &layout, QSizeF nodeSize);

    /// Marks `id` in `colour` (kNoEvent: no mark).
    void setEvent(EventId id, const QColor &colour);
    EventId event() const { return m_event; }
    QColor colour() const { return m_colour; }
    /// Where the ring goes, in scene coordinates (the event's node); empty without an event.
    QRectF nodeRect() const;
    /// Call after the layout grew or moved lanes.
    void layoutChanged();

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    const LaneLayout &m_layout;
    QSizeF m_nodeSize;
    EventId m_event = kNoEvent;
    QColor m_colour;
    QRectF m_bounds;
};

} // namespace weft::views
