// SPDX-License-Identifier: MIT
#include "views/explorationtree/ExplorationTreeView.hpp"

#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/TreeLegend.hpp"

namespace weft::views {

ExplorationTreeView::ExplorationTreeView(QWidget *parent)
    : ZoomableView(parent), m_scene(new ExplorationTreeScene(this)), m_legend(new TreeLegend(this)) {
    attachScene(m_scene);
    setBackgroundBrush(Qt::white);
    setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    setViewportMargins(0, m_legend->sizeHint().height(), 0, 0);
    connect(m_scene, &ExplorationTreeScene::legendChanged, this, [this] {
        m_legend->setDefectKinds(m_scene->defectKinds());
        m_legend->setShowsVisitedRuns(m_scene->visitedRunCount() > 0);
        placeLegend();
    });
    setWhatsThis(tr("The exploration tree: each column is one execution. Going down takes the next event; "
                    "a light-blue elbow is an alternative explored later. Click a leaf to select its "
                    "execution. Ctrl+wheel or +/- zooms, 0 fits."));
}

void ExplorationTreeView::resizeEvent(QResizeEvent *event) {
    ZoomableView::resizeEvent(event);
    placeLegend();
}

void ExplorationTreeView::placeLegend() {
    const int frame = frameWidth();
    m_legend->setAvailableWidth(width() - 2 * frame);
    setViewportMargins(0, m_legend->sizeHint().height(), 0, 0);
    m_legend->setGeometry(frame, frame, width() - 2 * frame, m_legend->sizeHint().height());
}

} // namespace weft::views
