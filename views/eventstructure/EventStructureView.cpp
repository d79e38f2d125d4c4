// SPDX-License-Identifier: MIT
#include "views/eventstructure/EventStructureView.hpp"

#include "views/eventstructure/EventStructureScene.hpp"

#include <algorithm>

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

} // namespace weft::views
