// SPDX-License-Identifier: MIT
#include "views/graphics/ZoomableView.hpp"

#include <QKeyEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>

namespace weft::views {

static constexpr qreal kMinZoom = 0.001;
static constexpr qreal kMaxZoom = 8;
static constexpr qreal kStep = 1.25;
static constexpr qreal kSmoothZoom = 0.5;

ZoomableView::ZoomableView(QWidget *parent) : QGraphicsView(parent) {
    setOptimizationFlags(DontSavePainterState);
    setDragMode(ScrollHandDrag);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    setFocusPolicy(Qt::StrongFocus);
    m_fitTimer.setSingleShot(true);
    m_fitTimer.setInterval(30);
    connect(&m_fitTimer, &QTimer::timeout, this, &ZoomableView::fitNow);
}

void ZoomableView::attachScene(QGraphicsScene *scene) {
    QGraphicsView::setScene(scene);
    connect(scene, &QGraphicsScene::sceneRectChanged, this, [this] {
        if (m_autoFit)
            m_fitTimer.start();
    });
}

void ZoomableView::zoomBy(qreal factor) {
    const qreal target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    if (zoom() <= 0)
        return;
    m_autoFit = false;
    const qreal applied = target / zoom();
    scale(applied, applied);
}

void ZoomableView::drawBackground(QPainter *painter, const QRectF &rect) {
    // Antialiasing only where details are readable: zoomed out, thousands of items paint much faster.
    const bool smooth = zoom() >= kSmoothZoom;
    painter->setRenderHint(QPainter::Antialiasing, smooth);
    QGraphicsView::drawBackground(painter, rect);
}

void ZoomableView::zoomIn() { zoomBy(kStep); }
void ZoomableView::zoomOut() { zoomBy(1 / kStep); }

void ZoomableView::fitAll() {
    m_autoFit = true;
    fitNow();
}

void ZoomableView::setAutoFit(bool on) {
    m_autoFit = on;
    if (on)
        fitNow();
}

void ZoomableView::fitNow() {
    if (!scene() || sceneRect().isEmpty())
        return;
    // Not fitInView(): it measures the viewport with the scroll bars of the current zoom, so fitting
    // from a zoomed-in view would give a different scale than fitting from a fitted one.
    const QRectF rect = sceneRect();
    const QSize room = maximumViewportSize() - QSize(4, 4);
    qreal sx = room.width() / rect.width(), sy = room.height() / rect.height();
    if (fitKeepsAspectRatio())
        sx = sy = std::min(sx, sy);
    sx = std::clamp(sx, kMinZoom, maximumFitZoom());
    sy = std::clamp(sy, kMinZoom, maximumFitZoom());
    setTransform(QTransform::fromScale(sx, sy));
    centerOn(rect.center());
    Q_EMIT fitted();
}

void ZoomableView::wheelEvent(QWheelEvent *event) {
    if (event->modifiers() & Qt::ControlModifier) {
        const int delta = event->angleDelta().y();
        if (delta != 0)
            zoomBy(delta > 0 ? kStep : 1 / kStep);
        event->accept();
        return;
    }
    m_autoFit = false;
    QGraphicsView::wheelEvent(event);
}

void ZoomableView::keyPressEvent(QKeyEvent *event) {
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); return;
    case Qt::Key_Minus: zoomOut(); return;
    case Qt::Key_0:
    case Qt::Key_F: fitAll(); return;
    default: break;
    }
    QGraphicsView::keyPressEvent(event);
}

void ZoomableView::mousePressEvent(QMouseEvent *event) {
    // Panning by hand means the user takes over the view.
    if (!itemAt(event->position().toPoint()))
        m_autoFit = false;
    QGraphicsView::mousePressEvent(event);
}

void ZoomableView::resizeEvent(QResizeEvent *event) {
    QGraphicsView::resizeEvent(event);
    if (m_autoFit)
        m_fitTimer.start();
}

} // namespace weft::views
