// SPDX-License-Identifier: MIT
#include "views/eventstructure/EventStructureView.hpp"

#include "views/eventstructure/EventNodesItem.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/trace/ThreadPalette.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace weft::views {

EventStructureView::EventStructureView(QWidget *parent)
    : ZoomableView(parent), m_scene(new EventStructureScene(this)) {
    attachScene(m_scene);
    setBackgroundBrush(Qt::white);
    setToolTip(QString());
    setWhatsThis(tr("The event structure: one lane per thread, events ordered by causality. Black arrows "
                    "follow a thread, blue arrows cross threads, dashed red lines join events in "
                    "conflict. Ctrl+wheel or +/- zooms, 0 fits, drag to pan."));
}

void EventStructureView::ensureEventVisible(EventId id) {
    const QRectF node = m_scene->nodeRect(id);
    if (node.isEmpty())
        return;
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    if (visible.contains(node))
        return;
    // Room in pixels for the ring and its arrow, less when zoomed in so far that the node and its
    // margins do not fit (QGraphicsView::ensureVisible would then cut the node's left or top edge).
    const QSizeF pixels = transform().mapRect(node).size();
    const int xMargin = std::clamp(int((viewport()->width() - pixels.width()) / 2), 0, 60);
    const int yMargin = std::clamp(int((viewport()->height() - pixels.height()) / 2), 0, 40);
    ensureVisible(node, xMargin, yMargin);
}

EventStructureView::Density EventStructureView::density(std::uint32_t bins) const {
    Density d;
    const auto snapshot = m_scene->snapshot();
    const std::size_t drawn = m_scene->drawnEvents();
    if (!snapshot || drawn == 0)
        return d;
    if (snapshot == m_densityOf && drawn == m_densityDrawn && bins == m_densityBins)
        return m_density;
    m_densityOf = snapshot;
    m_densityDrawn = drawn;
    m_densityBins = bins;
    std::uint32_t maxDepth = 0;
    for (std::size_t e = 0; e < drawn && e < snapshot->events.size(); ++e) {
        const EventRecord &r = snapshot->events[e];
        maxDepth = std::max(maxDepth, r.depth);
        if (std::find(d.lanes.begin(), d.lanes.end(), r.thread) == d.lanes.end())
            d.lanes.push_back(r.thread);
    }
    std::sort(d.lanes.begin(), d.lanes.end());
    bins = std::max<std::uint32_t>(1, bins);
    d.depthsPerBin = (maxDepth + 1 + bins - 1) / bins;
    d.depthBins = (maxDepth + 1 + d.depthsPerBin - 1) / d.depthsPerBin;
    d.counts.assign(d.lanes.size() * d.depthBins, 0);
    for (std::size_t e = 0; e < drawn && e < snapshot->events.size(); ++e) {
        const EventRecord &r = snapshot->events[e];
        const auto lane = std::size_t(std::lower_bound(d.lanes.begin(), d.lanes.end(), r.thread) - d.lanes.begin());
        std::uint32_t &c = d.counts[lane * d.depthBins + r.depth / d.depthsPerBin];
        d.max = std::max(d.max, ++c);
    }
    m_density = d;
    return d;
}

void EventStructureView::drawForeground(QPainter *painter, const QRectF &rect) {
    ZoomableView::drawForeground(painter, rect);
    m_overview = zoom() * EventNodesItem::kWidth < kOverviewBelowPixels && m_scene->drawnEvents() > 0;
    if (!m_overview)
        return;
    // In pixels, over the whole viewport: the shape of the structure, whatever its aspect.
    painter->save();
    painter->resetTransform();
    const QRect area = viewport()->rect();
    painter->fillRect(area, Qt::white);
    painter->setFont(font());
    const QString caption = tr("Overview of %n event(s): shade = events per thread and causality depth (down). "
                               "Zoom in (+) to see them.",
                               nullptr, int(m_scene->drawnEvents()));
    const QRect captionSpace(area.left() + 8, 0, std::max(1, area.width() - 16), area.height() / 3);
    const int header = fontMetrics().height() + 6;
    const int footer = fontMetrics().boundingRect(captionSpace, Qt::TextWordWrap, caption).height() + 6;
    const QRect grid = area.adjusted(8, header, -8, -footer);
    const Density d = density(std::uint32_t(std::max(1, grid.height() / 3)));
    if (d.lanes.empty() || grid.width() <= 0 || grid.height() <= 0) {
        painter->restore();
        return;
    }
    const qreal laneWidth = qreal(grid.width()) / qreal(d.lanes.size());
    const qreal binHeight = qreal(grid.height()) / qreal(d.depthBins);
    const qreal logMax = std::log1p(qreal(d.max));
    for (std::size_t lane = 0; lane < d.lanes.size(); ++lane) {
        const QColor colour = threadColour(d.lanes[lane]);
        const qreal x = grid.left() + qreal(lane) * laneWidth;
        painter->setPen(colour);
        painter->drawText(QRectF(x, area.top(), laneWidth, header), Qt::AlignCenter, tr("T%1").arg(d.lanes[lane]));
        for (std::uint32_t bin = 0; bin < d.depthBins; ++bin) {
            const std::uint32_t n = d.at(lane, bin);
            if (!n)
                continue;
            QColor fill = colour;
            fill.setAlphaF(0.15 + 0.85 * std::log1p(qreal(n)) / logMax); // a lone event still shows
            painter->fillRect(QRectF(x + 2, grid.top() + bin * binHeight, laneWidth - 4, std::max<qreal>(1, binHeight)),
                              fill);
        }
    }
    painter->setPen(palette().color(QPalette::WindowText));
    painter->drawText(QRect(captionSpace.left(), grid.bottom() + 4, captionSpace.width(), footer), Qt::TextWordWrap,
                      caption);
    painter->restore();
}

} // namespace weft::views
