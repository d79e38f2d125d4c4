// SPDX-License-Identifier: MIT
#include "views/eventstructure/EventStructureView.hpp"

#include "views/eventstructure/EventStructureScene.hpp"

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

} // namespace weft::views
