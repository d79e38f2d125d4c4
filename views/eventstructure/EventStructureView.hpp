// SPDX-License-Identifier: MIT
// The event structure pane: an EventStructureScene in a zoomable, pannable view (Ctrl+wheel, +/-,
// 0 to fit). Draws and forwards clicks; knows nothing of the explorer. GUI thread only.
#pragma once

#include "engine/base/Ids.hpp"
#include "engine/results/ExplorationSnapshot.hpp"
#include "views/eventstructure/EventNodesItem.hpp"
#include "views/graphics/ZoomableView.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace weft::views {

class EventStructureScene;

class EventStructureView final : public ZoomableView {
    Q_OBJECT
public:
    explicit EventStructureView(QWidget *parent = nullptr);
    EventStructureScene *structure() const { return m_scene; }
    /// Scrolls (never zooms) so that event `id`'s node is in view, if it is drawn and not already
    /// fully visible; a view that fits the whole structure stays as it is.
    void ensureEventVisible(EventId id);

    /// Below this many pixels per node, the view shows the overview: events per thread (columns) and
    /// causality depth (rows, binned to the view's height), shaded by how many there are, instead of
    /// dots along a line the structure's shape reduces it to.
    static constexpr qreal kOverviewBelowPixels = EventNodesItem::kDotsBelowPixels;
    /// Whether the last paint drew the overview, and its grid (events per lane and depth bin).
    bool showsOverview() const { return m_overview; }
    struct Density {
        std::vector<ThreadId> lanes;
        std::uint32_t depthBins = 0;
        std::uint32_t depthsPerBin = 1;
        std::vector<std::uint32_t> counts; ///< lanes.size() x depthBins, lane-major
        std::uint32_t max = 0;
        std::uint32_t at(std::size_t lane, std::uint32_t bin) const { return counts[lane * depthBins + bin]; }
    };
    /// The drawn events per lane and depth bin, at most `bins` bins (counted again only when the
    /// snapshot, the drawn events or the bins change: a step repaints without a pass over 4M events).
    Density density(std::uint32_t bins) const;

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;

private:
    bool m_overview = false;
    EventStructureScene *m_scene;
    mutable Density m_density; ///< density()'s last answer, for these:
    mutable std::shared_ptr<const ExplorationSnapshot> m_densityOf;
    mutable std::size_t m_densityDrawn = 0;
    mutable std::uint32_t m_densityBins = 0;
};

} // namespace weft::views
