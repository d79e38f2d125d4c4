// SPDX-License-Identifier: MIT
// One kind of edge of the event structure as a single scene item: thread order (grey arrows),
// cross-thread causality (blue arrows) or immediate conflict (dashed red). Endpoints come from the
// LaneLayout when painting, so lanes move for free; only the exposed edges are drawn, arrowheads only
// when zoomed in, nothing when zoomed out so far that nodes are dots. GUI thread only.
#pragma once

#include "views/eventstructure/LaneLayout.hpp"

#include <QGraphicsItem>
#include <QPen>

#include <utility>
#include <vector>

namespace weft::views {

class EventEdgesItem final : public QGraphicsItem {
public:
    enum class Kind : std::uint8_t { ThreadOrder, Causality, Conflict };
    /// Below this level of detail (nodes about 3 pixels wide) edges are not drawn.
    static constexpr qreal kMinimumDetail = 0.04;

    EventEdgesItem(const LaneLayout &layout, Kind kind);

    void append(EventId from, EventId to) { m_edges.emplace_back(from, to); }
    std::size_t count() const { return m_edges.size(); }
    Kind kind() const { return m_kind; }
    /// The edge as drawn now (between node borders).
    QLineF line(std::size_t index) const;
    void layoutChanged();
    /// Edges with an end in `hidden` (owned by the scene; null: none) are not drawn.
    void setHidden(const std::vector<bool> *hidden) { m_hidden = hidden; update(); }
    /// `members[e]`: e is in the highlighted (current) execution; owned by the scene; null or empty: none.
    /// Where edges are dense, only the current execution's are drawn.
    void setMembers(const std::vector<bool> *members) {
        m_members = members;
        update();
    }
    /// Edges in view per square pixel above which the view is "dense" (one per 24 x 24 pixels).
    static constexpr qreal kDensePixels = 24 * 24;
    /// Edges drawn by the last paint (for tests and benchmarks).
    std::size_t lastDrawn() const { return m_lastDrawn; }

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    const LaneLayout &m_layout;
    Kind m_kind;
    QPen m_pen;
    std::vector<std::pair<EventId, EventId>> m_edges;
    const std::vector<bool> *m_hidden = nullptr;
    const std::vector<bool> *m_members = nullptr;
    std::size_t m_lastDrawn = 0;
    QRectF m_bounds;
};

} // namespace weft::views
