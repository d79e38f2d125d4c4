// SPDX-License-Identifier: MIT
// A QGraphicsView with the navigation both diagrams share: Ctrl+wheel and +/- zoom around the mouse,
// 0 or F fits everything, dragging pans. While the user has not zoomed or panned, the view keeps
// fitting the scene as it grows (auto-fit). GUI thread only.
#pragma once

#include <QGraphicsView>
#include <QTimer>

namespace weft::views {

class ZoomableView : public QGraphicsView {
    Q_OBJECT
public:
    explicit ZoomableView(QWidget *parent = nullptr);

    /// The current horizontal scale (1 = one scene unit per pixel).
    qreal zoom() const { return transform().m11(); }
    bool isAutoFit() const { return m_autoFit; }
    /// The scene grew and an auto-fit is coming (coalesced on the event loop): fitted() follows.
    bool isFitPending() const { return m_fitTimer.isActive(); }

public Q_SLOTS:
    void zoomIn();
    void zoomOut();
    /// Shows the whole scene and turns auto-fit back on.
    void fitAll();
    void setAutoFit(bool on);

Q_SIGNALS:
    /// The view has just fitted the whole scene (fitAll() or auto-fit).
    void fitted();

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void attachScene(QGraphicsScene *scene);
    /// Largest scale fitAll() uses (so a small scene is not blown up).
    virtual qreal maximumFitZoom() const { return 1.0; }
    /// Whether fitAll() scales both axes alike. A tree thousands of executions wide fits better with
    /// its own horizontal scale (its items keep their size on screen).
    virtual bool fitKeepsAspectRatio() const { return true; }

private:
    void zoomBy(qreal factor);
    void fitNow();

    bool m_autoFit = true;
    QTimer m_fitTimer; ///< coalesces scene growth into one fit
};

} // namespace weft::views
