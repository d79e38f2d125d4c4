// SPDX-License-Identifier: MIT
// EventStructureScene and EventStructureView: events and arrows for a snapshot, incremental updates
// (placed events stay put, new ones are added in event-loop slices), a new run starts over,
// highlighting, clicks and tooltips on events, and zoom/fit with real key and wheel events.
#include "tests/views/SnapshotFixture.hpp"
#include "views/eventstructure/CurrentEventItem.hpp"
#include "views/eventstructure/EventAppearance.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/trace/ThreadPalette.hpp"

#include "tests/views/graphics/AutoFit.hpp"

#include <QtTest>
#include <QToolTip>

using namespace weft;
using namespace weft::views;
using Kind = EventStructureScene::EdgeKind;

class tst_EventStructureScene : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void drawsEventsAndArrows();
    void addsIncrementally();
    void largeSnapshotInSlices();
    void newRunStartsOver();
    void highlightFadesOthers();
    void clickSelectsEvent();
    void toolTipOnHover();
    void zoomAndFit();
    void currentEventIsRingedAndScrolledTo();
    void farOutEventsArePixels();
    void denseEdgesOnlyOfTheCurrentExecution();
    void overviewWhenEventsArePixels();
};

// T0: start, create T1, create T2; T1 and T2 lock m in either order (two conflicting first locks).
static void lockRace(test::SnapshotFixture &f) {
    const EventId s0 = f.event(0, ActionKind::ThreadStart, kNoEvent);
    const EventId c1 = f.event(0, ActionKind::ThreadCreate, s0, kNoEvent, 1);
    const EventId c2 = f.event(0, ActionKind::ThreadCreate, c1, kNoEvent, 2);
    const EventId s1 = f.event(1, ActionKind::ThreadStart, kNoEvent, c1);
    const EventId s2 = f.event(2, ActionKind::ThreadStart, kNoEvent, c2);
    const EventId l1 = f.event(1, ActionKind::MutexLock, s1, kNoEvent, 7);
    const EventId u1 = f.event(1, ActionKind::MutexUnlock, l1, l1, 7);
    const EventId l2 = f.event(2, ActionKind::MutexLock, s2, kNoEvent, 7);
    f.conflict(l1, l2);
    f.event(2, ActionKind::MutexLock, s2, u1, 7); // T2 after T1
}

void tst_EventStructureScene::drawsEventsAndArrows() {
    test::SnapshotFixture f;
    lockRace(f);
    EventStructureScene scene;
    QSignalSpy upToDate(&scene, &EventStructureScene::upToDate);
    scene.setSnapshot(f.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    QCOMPARE(upToDate.count(), 1);
    QCOMPARE(scene.drawnEvents(), 9u);
    QCOMPARE(scene.lineCount(Kind::ThreadOrder), 6u); // every event with a thread predecessor
    QCOMPARE(scene.lineCount(Kind::Causality), 4u);   // creates -> starts, lock -> unlock, unlock -> lock
    QCOMPARE(scene.lineCount(Kind::Conflict), 1u);
    QCOMPARE(scene.layout().laneCount(), 3u);
    for (EventId e = 0; e < 9; ++e)
        QCOMPARE(scene.eventAt(scene.layout().position(e)), e);
    // Thread order runs from the bottom of the cause to the top of the effect (event 1 -> 2, same lane).
    const QLineF first = scene.edges(Kind::ThreadOrder).line(0);
    QCOMPARE(first.p1().x(), first.p2().x());
    QVERIFY(first.p1().y() < first.p2().y());
    const auto snapshot = f.snapshot();
    QCOMPARE(EventAppearance::label(*snapshot, snapshot->events[5]), QStringLiteral("lock 'm'"));
    QVERIFY(scene.toolTipAt(scene.layout().position(5)).contains(QStringLiteral("prog.c:15")));
    QCOMPARE(scene.toolTipAt(scene.layout().position(5) + QPointF(0, 20)), QString());
    QVERIFY(scene.sceneRect().contains(scene.layout().bounds()));
}

void tst_EventStructureScene::addsIncrementally() {
    test::SnapshotFixture f;
    const EventId s0 = f.event(0, ActionKind::ThreadStart, kNoEvent);
    EventStructureScene scene;
    scene.setSnapshot(f.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    const QPointF first = scene.layout().position(s0);
    const EventId c1 = f.event(0, ActionKind::ThreadCreate, s0, kNoEvent, 1);
    f.event(1, ActionKind::ThreadStart, kNoEvent, c1);
    scene.setSnapshot(f.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    QCOMPARE(scene.drawnEvents(), 3u);
    QCOMPARE(scene.layout().position(s0), first); // placed events stay put
    QCOMPARE(scene.lineCount(Kind::ThreadOrder), 1u);
    QCOMPARE(scene.lineCount(Kind::Causality), 1u);
}

void tst_EventStructureScene::largeSnapshotInSlices() {
    // 4 threads x 2500 events: drawn in slices so the event loop keeps running in between.
    test::SnapshotFixture f;
    f.lockGrid(4, 2500);
    EventStructureScene scene;
    scene.setSnapshot(f.snapshot());
    QCOMPARE(scene.drawnEvents(), 0u); // nothing is drawn inside setSnapshot
    QCoreApplication::processEvents();
    QVERIFY(scene.drawnEvents() > 0);
    QVERIFY(scene.drawnEvents() <= EventStructureScene::kSlice);
    QTRY_VERIFY(scene.isUpToDate());
    QCOMPARE(scene.drawnEvents(), 10000u);
    QCOMPARE(scene.lineCount(Kind::ThreadOrder), 9996u);
    QCOMPARE(scene.lineCount(Kind::Causality), 7500u);
}

void tst_EventStructureScene::newRunStartsOver() {
    test::SnapshotFixture first(1), second(2);
    lockRace(first);
    second.event(0, ActionKind::ThreadStart, kNoEvent);
    EventStructureScene scene;
    scene.setSnapshot(first.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    scene.setSnapshot(second.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    QCOMPARE(scene.drawnEvents(), 1u);
    QCOMPARE(scene.lineCount(Kind::Conflict), 0u);
}

void tst_EventStructureScene::highlightFadesOthers() {
    test::SnapshotFixture f;
    lockRace(f);
    EventStructureScene scene;
    scene.setSnapshot(f.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    scene.setHighlighted({0, 1, 3});
    QCOMPARE(scene.emphasis(0), EventNodesItem::Emphasis::Highlighted);
    QCOMPARE(scene.emphasis(3), EventNodesItem::Emphasis::Highlighted);
    QCOMPARE(scene.emphasis(2), EventNodesItem::Emphasis::Faded);
    QCOMPARE(scene.emphasis(8), EventNodesItem::Emphasis::Faded);
    scene.setHighlighted({});
    QCOMPARE(scene.emphasis(2), EventNodesItem::Emphasis::Normal);
}

void tst_EventStructureScene::clickSelectsEvent() {
    test::SnapshotFixture f;
    lockRace(f);
    EventStructureView view;
    view.resize(800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy activated(view.structure(), &EventStructureScene::eventActivated);
    view.structure()->setSnapshot(f.snapshot());
    QTRY_VERIFY(view.structure()->isUpToDate());
    QVERIFY(views::test::waitForAutoFit(view));
    const QPoint at = view.mapFromScene(view.structure()->layout().position(5));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.front().front().value<EventId>(), EventId(5));
}

void tst_EventStructureScene::toolTipOnHover() {
    test::SnapshotFixture f;
    lockRace(f);
    EventStructureView view;
    view.resize(800, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.structure()->setSnapshot(f.snapshot());
    QTRY_VERIFY(view.structure()->isUpToDate());
    view.fitAll();
    const QPoint at = view.mapFromScene(view.structure()->layout().position(5));
    QHelpEvent help(QEvent::ToolTip, at, view.viewport()->mapToGlobal(at));
    QApplication::sendEvent(view.viewport(), &help);
    QTRY_VERIFY(QToolTip::text().startsWith(QStringLiteral("T1: lock 'm'")));
}

void tst_EventStructureScene::zoomAndFit() {
    test::SnapshotFixture f;
    lockRace(f);
    EventStructureView view;
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.structure()->setSnapshot(f.snapshot());
    QTRY_VERIFY(view.structure()->isUpToDate());
    QTRY_VERIFY(view.zoom() < 1.0); // auto-fit shrank the scene into the small view
    const qreal fitted = view.zoom();
    QVERIFY(view.isAutoFit());

    QTest::keyClick(view.viewport(), Qt::Key_Plus);
    QVERIFY(view.zoom() > fitted * 1.2);
    QVERIFY(!view.isAutoFit());
    QTest::keyClick(view.viewport(), Qt::Key_Minus);
    QVERIFY(qAbs(view.zoom() - fitted) < 1e-9);

    const QPoint centre = view.viewport()->rect().center();
    QWheelEvent wheel(centre, view.viewport()->mapToGlobal(centre), {}, {0, 120}, Qt::NoButton,
                      Qt::ControlModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view.viewport(), &wheel);
    QVERIFY(view.zoom() > fitted * 1.2);

    QTest::keyClick(view.viewport(), Qt::Key_0);
    QVERIFY(qAbs(view.zoom() - fitted) < 1e-6);
    QVERIFY(view.isAutoFit());
    const QRectF visible = view.mapToScene(view.viewport()->rect()).boundingRect();
    QVERIFY(visible.adjusted(-1, -1, 1, 1).contains(view.sceneRect()));
}

void tst_EventStructureScene::currentEventIsRingedAndScrolledTo() {
    test::SnapshotFixture f;
    lockRace(f);
    EventStructureView view;
    view.resize(300, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    EventStructureScene &scene = *view.structure();
    scene.setCurrentEvent(5); // before it is drawn: marked once it is
    QCOMPARE(scene.currentEventMarker().event(), kNoEvent);
    scene.setSnapshot(f.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    QCOMPARE(scene.currentEvent(), EventId{5});
    QCOMPARE(scene.currentEventMarker().event(), EventId{5});
    QCOMPARE(scene.currentEventMarker().colour(), threadColour(1)); // T1's lock, in T1's colour
    QCOMPARE(scene.currentEventMarker().nodeRect(), scene.nodeRect(5));
    QVERIFY(scene.currentEventMarker().boundingRect().contains(scene.nodeRect(5)));

    // Zoomed in on T0's first event, T2's events are off-screen: showing one scrolls, never zooms.
    view.setAutoFit(false);
    view.setTransform(QTransform::fromScale(3, 3));
    view.centerOn(scene.layout().position(0));
    auto visible = [&] { return view.mapToScene(view.viewport()->rect()).boundingRect(); };
    QVERIFY(!visible().contains(scene.nodeRect(8)));
    scene.setCurrentEvent(8);
    view.ensureEventVisible(8);
    QVERIFY(visible().contains(scene.nodeRect(8)));
    QCOMPARE(view.zoom(), 3.0);
    QCOMPARE(scene.currentEventMarker().colour(), threadColour(2));
    const QPointF before = visible().center();
    view.ensureEventVisible(8); // already in view: nothing moves
    QCOMPARE(visible().center(), before);

    // A filtered-out thread's event is not marked; showing the thread again marks it again.
    scene.setHiddenThreads({2});
    QCOMPARE(scene.currentEventMarker().event(), kNoEvent);
    scene.setHiddenThreads({});
    QCOMPARE(scene.currentEventMarker().event(), EventId{8});
    scene.setCurrentEvent(kNoEvent);
    QCOMPARE(scene.currentEventMarker().event(), kNoEvent);
    view.grab(); // paints with and without a marker
    scene.setCurrentEvent(3);
    view.grab();
}

void tst_EventStructureScene::farOutEventsArePixels() {
    // 4 threads x 2500 events fitted into 300 x 200 pixels: one pixel per event, many per pixel.
    test::SnapshotFixture f;
    f.lockGrid(4, 2500);
    EventStructureView view;
    view.resize(300, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.structure()->setSnapshot(f.snapshot());
    QTRY_VERIFY(view.structure()->isUpToDate());
    view.fitAll();
    QVERIFY(view.zoom() * EventNodesItem::kWidth < 3); // nodes would be under 3 pixels wide
    // The scene as drawn under the view's overview (and as exports draw it): a pixel per event.
    QImage image(view.viewport()->size(), QImage::Format_RGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        view.scene()->render(&painter, QRectF(image.rect()), view.mapToScene(view.viewport()->rect()).boundingRect(),
                             Qt::IgnoreAspectRatio);
    }
    const QRgb lock = EventAppearance::fill(ActionKind::MutexLock).darker(130).rgb();
    for (EventId e : {EventId{0}, EventId{5001}, EventId{4 * 2500 - 1}}) { // the first, a middle and the last event
        const QPoint at = view.mapFromScene(view.structure()->layout().position(e));
        bool found = false; // the event's pixel, give or take the rounding
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy)
                found = found || image.pixel(at + QPoint(dx, dy)) == lock;
        QVERIFY2(found, qPrintable(QStringLiteral("event %1").arg(e)));
    }
}

void tst_EventStructureScene::denseEdgesOnlyOfTheCurrentExecution() {
    // 4 threads x 400 rows: 1,596 thread-order edges and 1,200 causality edges.
    test::SnapshotFixture f;
    f.lockGrid(4, 400);
    EventStructureScene scene;
    scene.setSnapshot(f.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    const EventEdgesItem &order = scene.edges(Kind::ThreadOrder);
    auto paintAt = [&](qreal scale) { // the whole structure at `scale` pixels per scene unit
        const QRectF all = scene.itemsBoundingRect();
        QImage image((all.size() * scale).toSize() + QSize(2, 2), QImage::Format_RGB32);
        QPainter painter(&image);
        scene.render(&painter, QRectF(QPointF(0, 0), all.size() * scale), all);
    };
    // Thread 0's first 10 events: an execution's worth of them.
    std::vector<EventId> current;
    for (EventId e = 0; e < 40; e += 4)
        current.push_back(e);
    paintAt(0.1); // 7.6-pixel nodes: dense
    QCOMPARE(order.lastDrawn(), std::size_t(4 * 399));
    scene.setHighlighted(current);
    paintAt(0.1);
    QCOMPARE(order.lastDrawn(), std::size_t(9)); // the 9 edges between its 10 events
    paintAt(0.5); // closer: not dense, every edge
    QCOMPARE(order.lastDrawn(), std::size_t(4 * 399));
    scene.setHighlighted({});
    paintAt(0.1);
    QCOMPARE(order.lastDrawn(), std::size_t(4 * 399));
}

void tst_EventStructureScene::overviewWhenEventsArePixels() {
    // 4 threads x 2500 events fitted into 300 x 200 pixels: a thin strip; the overview shows the
    // events per thread and depth over the whole view instead.
    test::SnapshotFixture f;
    f.lockGrid(4, 2500);
    EventStructureView view;
    view.resize(300, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.structure()->setSnapshot(f.snapshot());
    QTRY_VERIFY(view.structure()->isUpToDate());
    view.fitAll();
    const QImage image = view.viewport()->grab().toImage();
    QVERIFY(view.showsOverview());
    const EventStructureView::Density d = view.density(50);
    QCOMPARE(d.lanes, (std::vector<ThreadId>{0, 1, 2, 3}));
    QCOMPARE(d.depthBins, 50u);
    for (std::size_t lane = 0; lane < 4; ++lane) {
        std::uint64_t sum = 0;
        for (std::uint32_t bin = 0; bin < d.depthBins; ++bin)
            sum += d.at(lane, bin);
        QCOMPARE(sum, std::uint64_t(2500)); // every event of the lane, in its depth bins
    }
    // Each lane's column is tinted with its thread's colour, down the whole height.
    for (int lane = 0; lane < 4; ++lane) {
        const QColor c = image.pixelColor(8 + (284 * lane + 142) / 4, 100);
        QVERIFY2(c != QColor(Qt::white), qPrintable(QStringLiteral("lane %1").arg(lane)));
    }
    // Zoomed in until nodes are readable: the events themselves.
    while (view.zoom() * EventNodesItem::kWidth < EventStructureView::kOverviewBelowPixels)
        view.zoomIn();
    view.viewport()->grab();
    QVERIFY(!view.showsOverview());
}

QTEST_MAIN(tst_EventStructureScene)
#include "tst_EventStructureScene.moc"
