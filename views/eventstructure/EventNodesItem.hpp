// SPDX-License-Identifier: MIT
// Every event of the event structure as one scene item: boxes in their action's colour at the
// LaneLayout's positions (read when painting, so lanes move for free), labels when zoomed in, plain
// blocks when zoomed out, single pixels (each drawn once) when zoomed out further, only the exposed
// ones drawn. A highlighted configuration is outlined and the other events are faded. Thousands of
// events cost one item, not thousands. GUI thread only.
#pragma once

#include "engine/results/ExplorationSnapshot.hpp"
#include "views/eventstructure/EventLabel.hpp"
#include "views/eventstructure/LaneLayout.hpp"

#include <QGraphicsItem>
#include <QString>

#include <vector>

namespace weft::views {

class EventNodesItem final : public QGraphicsItem {
public:
    static constexpr qreal kWidth = 76;
    static constexpr qreal kHeight = 22;
    /// Nodes narrower than this many pixels are dots; in a view, its overview replaces them
    /// (EventStructureView), so they are not painted there at all.
    static constexpr qreal kDotsBelowPixels = 3;
    enum class Emphasis : std::uint8_t { Normal, Highlighted, Faded };

    explicit EventNodesItem(const LaneLayout &layout);

    /// Adds the next event (its id is count()); it must already be in the layout.
    void append(ActionKind kind) { m_kinds.push_back(kind); }
    std::size_t count() const { return m_kinds.size(); }
    /// Where labels come from (the scene's current snapshot; null: no labels).
    void setSnapshot(const ExplorationSnapshot *snapshot) { m_snapshot = snapshot; }
    /// `members[e]`: e is in the highlighted configuration; empty: nothing highlighted.
    void setHighlighted(std::vector<bool> members);
    Emphasis emphasis(EventId id) const;
    /// `hidden[e]`: e is filtered out (not drawn); owned by the scene, may grow; null: none hidden.
    void setHidden(const std::vector<bool> *hidden) { m_hidden = hidden; update(); }
    bool isHidden(EventId id) const { return m_hidden && id < m_hidden->size() && (*m_hidden)[id]; }
    /// Call after the layout grew or moved lanes.
    void layoutChanged();

    QRectF boundingRect() const override { return m_bounds; }
    /// Event `id`'s label as drawn at the default zoom: its lines and text size (made on first use).
    const EventLabel &labelOf(EventId id) const;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    /// Far out, nodes as single pixels, each pixel drawn once per colour; false: not possible here.
    bool paintDots(QPainter *painter, const QStyleOptionGraphicsItem *option);

    const LaneLayout &m_layout;
    const ExplorationSnapshot *m_snapshot = nullptr;
    std::vector<ActionKind> m_kinds;
    std::vector<bool> m_highlighted;
    const std::vector<bool> *m_hidden = nullptr;
    QRectF m_bounds;
    QFont m_labelFont;                       ///< the application's font when made (its size set per label)
    std::vector<std::uint8_t> m_pixelColour; ///< paintDots' scratch: the colour drawn at each pixel
    mutable std::vector<EventLabel> m_labels;        ///< fitted labels, made when first drawn (no lines: not yet)
};

} // namespace weft::views
