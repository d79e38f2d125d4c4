// SPDX-License-Identifier: MIT
// Large explorations stay readable in the real window: after F5 on DISP(5,3) (the dispatcher of
// tests/programs, 1,482 executions and 17,594 events, counts from `weft explore`), the fitted event
// structure is an overview (events per thread and depth) instead of a 1-pixel strip; zoomed in where
// arrows are dense, only the shown execution's are drawn; the fitted exploration tree has no grey band
// (grey is the sleep-set-blocked leaf's colour).
#include "app/gui/MainWindow.hpp"
#include "app/gui/RunConfiguration.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "tests/views/graphics/AutoFit.hpp"
#include "views/eventstructure/EventEdgesItem.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"

#include <QPainter>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <algorithm>
#include <map>

using namespace weft;
using namespace weft::gui;

class tst_DenseDiagrams : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void fittedStructureIsAnOverview();
    void denseArrowsAreTheExecutionsOnly();
    void fittedTreeHasNoGreyBand();

private:
    MainWindow *m_window = nullptr;
};

void tst_DenseDiagrams::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    m_window = new MainWindow;
    QVERIFY(test::showAndActivate(*m_window, QSize(1400, 900)));
    RunConfiguration disp;
    disp.defines = {"PARAM1=5", "PARAM2=3"};
    m_window->setCommandLineConfiguration(disp);
    QVERIFY(m_window->openFile(test::testProgram("dispatcher")));
    QSignalSpy finished(&m_window->session(), &session::ExplorationSession::finished);
    QTest::keyClick(m_window, Qt::Key_F5);
    QVERIFY(finished.wait(120000));
    QCOMPARE(m_window->session().snapshot()->events.size(), std::size_t(17594));
    QTRY_VERIFY(m_window->explorationTreeView()->tree()->isUpToDate());
    QTRY_VERIFY(m_window->eventStructureView()->structure()->isUpToDate());
    QVERIFY(views::test::waitForAutoFit(*m_window->explorationTreeView()));
}

void tst_DenseDiagrams::cleanupTestCase() { delete m_window; }

void tst_DenseDiagrams::fittedStructureIsAnOverview() {
    views::EventStructureView *view = m_window->eventStructureView();
    view->fitAll();
    QVERIFY(view->zoom() * views::EventNodesItem::kWidth < views::EventStructureView::kOverviewBelowPixels);
    const QImage image = view->viewport()->grab().toImage();
    QVERIFY(view->showsOverview());
    // Every event in its thread's column: the sums per lane are the snapshot's events per thread.
    const auto snapshot = m_window->session().snapshot();
    std::map<ThreadId, std::uint64_t> perThread;
    for (std::size_t i = 0; i < snapshot->events.size(); ++i)
        ++perThread[snapshot->events[i].thread];
    const views::EventStructureView::Density d = view->density(100);
    QCOMPARE(d.lanes.size(), perThread.size());
    QVERIFY(d.depthBins <= 100u && d.depthBins >= 50u);
    for (std::size_t lane = 0; lane < d.lanes.size(); ++lane) {
        std::uint64_t sum = 0;
        for (std::uint32_t bin = 0; bin < d.depthBins; ++bin)
            sum += d.at(lane, bin);
        QCOMPARE(sum, perThread[d.lanes[lane]]);
    }
    // Main's start is the shallowest event: in lane 0's first bin that has any.
    QCOMPARE(d.lanes[0], ThreadId(0));
    QVERIFY(d.at(0, snapshot->events[0].depth / d.depthsPerBin) > 0);
    int tinted = 0;
    for (int y = 0; y < image.height(); ++y)
        tinted += image.pixelColor(image.width() / (2 * int(d.lanes.size())), y) != QColor(Qt::white);
    QVERIFY2(tinted > image.height() / 2, qPrintable(QString::number(tinted)));
    // Zoomed in until the events are boxes again: no overview.
    while (view->zoom() * views::EventNodesItem::kWidth < 20)
        view->zoomIn();
    view->viewport()->grab();
    QVERIFY(!view->showsOverview());
}

void tst_DenseDiagrams::denseArrowsAreTheExecutionsOnly() {
    views::EventStructureScene *scene = m_window->eventStructureView()->structure();
    using Kind = views::EventEdgesItem::Kind;
    const auto snapshot = m_window->session().snapshot();
    // The thread-order arrows of the whole structure, and of execution 1's events only.
    std::size_t all = 0;
    for (std::size_t i = 0; i < snapshot->events.size(); ++i)
        all += snapshot->events[i].threadPred != kNoEvent;
    m_window->selectExecution(1);
    const std::vector<EventId> run = snapshot->pathTo(m_window->explorationTreeView()->tree()->leafNode(1));
    std::vector<bool> member(snapshot->events.size());
    for (EventId e : run)
        member[e] = true;
    std::size_t own = 0;
    for (EventId e : run)
        own += snapshot->events[e].threadPred != kNoEvent && member[snapshot->events[e].threadPred];
    QVERIFY(own > 0 && own < all);
    // The structure's top `height` units drawn at `scale` pixels per unit (as a view draws them).
    auto paintAt = [&](qreal scale, qreal height) {
        QRectF bounds = scene->itemsBoundingRect();
        bounds.setHeight(std::min(bounds.height(), height));
        QImage image((bounds.size() * scale).toSize() + QSize(2, 2), QImage::Format_RGB32);
        QPainter painter(&image);
        scene->render(&painter, QRectF(QPointF(0, 0), bounds.size() * scale), bounds);
    };
    paintAt(0.1, 1e9); // all of it with 7.6-pixel boxes: 17,594 events make a wall of arrows
    QCOMPARE(scene->edges(Kind::ThreadOrder).lastDrawn(), own);
    paintAt(1, 600); // the top at full size: every arrow there, the others' too
    QVERIFY(scene->edges(Kind::ThreadOrder).lastDrawn() >
            std::size_t(std::count_if(run.begin(), run.end(),
                                      [&](EventId e) { return scene->layout().position(e).y() < 600; })));
    // Nothing shown: every arrow, dense or not.
    m_window->eventStructureView()->structure()->setHighlighted({});
    paintAt(0.1, 1e9);
    QCOMPARE(scene->edges(Kind::ThreadOrder).lastDrawn(), all);
}

void tst_DenseDiagrams::fittedTreeHasNoGreyBand() {
    views::ExplorationTreeView *view = m_window->explorationTreeView();
    view->fitAll();
    const QImage image = view->viewport()->grab().toImage();
    // No sleep-set-blocked leaf in DISP(5,3): any grey is a branch passing for one.
    for (std::uint64_t e = 1; e <= 1482; ++e)
        QCOMPARE(view->tree()->leafKind(e), LeafKind::Maximal);
    int coloured = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            const bool grey = c.hsvSaturation() < 40 && c.value() < 200;
            QVERIFY2(!grey, qPrintable(QStringLiteral("%1 at %2,%3").arg(c.name()).arg(x).arg(y)));
            coloured += c.hsvSaturation() >= 40;
        }
    QVERIFY(coloured > image.width() * image.height() / 10); // the tree is there, in colour
}

QTEST_MAIN(tst_DenseDiagrams)
#include "tst_DenseDiagrams.moc"
