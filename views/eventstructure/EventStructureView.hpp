// SPDX-License-Identifier: MIT
// The event structure pane: an EventStructureScene in a zoomable, pannable view (Ctrl+wheel, +/-,
// 0 to fit). Draws and forwards clicks; knows nothing of the explorer. GUI thread only.
#pragma once

#include "engine/base/Ids.hpp"
#include "views/graphics/ZoomableView.hpp"

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

private:
    EventStructureScene *m_scene;
};

} // namespace weft::views
