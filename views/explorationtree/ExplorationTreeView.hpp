// SPDX-License-Identifier: MIT
// The exploration tree pane: an ExplorationTreeScene in a zoomable view with the leaf legend in its
// top-left corner. Draws and forwards leaf clicks. GUI thread only.
#pragma once

#include "views/graphics/ZoomableView.hpp"

namespace weft::views {

class ExplorationTreeScene;
class TreeLegend;

class ExplorationTreeView final : public ZoomableView {
    Q_OBJECT
public:
    explicit ExplorationTreeView(QWidget *parent = nullptr);
    ExplorationTreeScene *tree() const { return m_scene; }
    TreeLegend *legend() const { return m_legend; }

protected:
    qreal maximumFitZoom() const override { return 1.6; }
    bool fitKeepsAspectRatio() const override { return false; }
    void resizeEvent(QResizeEvent *event) override;

private:
    /// The legend above the viewport, as wide as the view and as high as its entries need.
    void placeLegend();

    ExplorationTreeScene *m_scene;
    TreeLegend *m_legend;
};

} // namespace weft::views
