// SPDX-License-Identifier: MIT
// The event structure pane: an EventStructureScene in a zoomable, pannable view (Ctrl+wheel, +/-,
// 0 to fit). Draws and forwards clicks; knows nothing of the explorer. GUI thread only.
#pragma once

#include "views/graphics/ZoomableView.hpp"

namespace weft::views {

class EventStructureScene;

class EventStructureView final : public ZoomableView {
    Q_OBJECT
public:
    explicit EventStructureView(QWidget *parent = nullptr);
    EventStructureScene *structure() const { return m_scene; }

private:
    EventStructureScene *m_scene;
};

} // namespace weft::views
