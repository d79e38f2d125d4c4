// SPDX-License-Identifier: MIT
// LaneLayout: exact positions for a fig2-like event structure (three threads, lock races, branches
// inside a lane), which adds report a relayout, and the lane geometry.
#include "views/eventstructure/LaneLayout.hpp"

#include <QtTest>

using namespace weft;
using namespace weft::views;

class tst_LaneLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fig2LikePositions();
    void firstSuccessorKeepsColumn();
    void widenOnlyMovesLanesToTheRight();
    void lanesGrowBySlot();
    void eventAtPoint();
};

static LaneMetrics testMetrics() {
    LaneMetrics m;
    m.left = 0;
    m.top = 0;
    m.slotWidth = 100;
    m.laneGap = 20;
    m.rowHeight = 50;
    return m;
}

// Main (T0) starts, creates T1 and T2 and joins; T1 and T2 race for m (T2 locks m first in one
// branch: event 8), so T1 and T2 get conflicting branches at the same depth (slots 1 and 2).
void tst_LaneLayout::fig2LikePositions() {
    struct Row {
        EventId id;
        ThreadId thread;
        EventId pred;
        std::uint32_t depth;
        bool moves;
        QPointF at; // final position
    };
    const Row rows[] = {
        {0, 0, kNoEvent, 1, false, {50, 50}},  {1, 0, 0, 2, false, {50, 100}},
        {2, 1, kNoEvent, 3, false, {270, 150}}, {3, 1, 2, 4, false, {270, 200}},
        {4, 1, 3, 5, false, {270, 250}},        {5, 0, 1, 3, false, {50, 150}},
        {6, 2, kNoEvent, 4, false, {590, 200}}, {7, 2, 6, 6, false, {590, 300}},
        {8, 2, 6, 5, false, {690, 250}},        {9, 1, 2, 6, true, {370, 300}},
        {10, 1, 9, 7, false, {370, 350}},       {11, 2, 8, 6, false, {690, 300}},
        {12, 2, 7, 7, false, {590, 350}},       {13, 0, 5, 8, false, {50, 400}},
        {14, 0, 5, 8, true, {150, 400}},        {15, 2, 11, 7, false, {690, 350}},
        {16, 1, 9, 7, false, {270, 350}},       {17, 1, 4, 7, true, {470, 350}},
    };
    LaneLayout layout(testMetrics());
    for (const Row &r : rows)
        QCOMPARE(layout.add({r.id, r.thread, r.pred, r.depth}), r.moves);
    QCOMPARE(layout.size(), std::size(rows));
    for (const Row &r : rows)
        QCOMPARE(layout.position(r.id), r.at);

    QCOMPARE(layout.laneCount(), 3u);
    QCOMPARE(layout.laneSlots(0), 2u);
    QCOMPARE(layout.laneSlots(1), 3u); // event 17 found slots 0 and 1 taken at depth 7
    QCOMPARE(layout.laneSlots(2), 2u);
    QCOMPARE(layout.slot(17), 2u);
    QCOMPARE(layout.maxDepth(), 8u);
    QCOMPARE(layout.laneRect(1), QRectF(220, 0, 300, 425));
    QCOMPARE(layout.bounds(), QRectF(0, 0, 740, 425));
}

void tst_LaneLayout::firstSuccessorKeepsColumn() {
    // A straight thread stays in slot 0 whatever its depths; a second branch leaves the column.
    LaneLayout layout(testMetrics());
    QVERIFY(!layout.add({0, 0, kNoEvent, 1}));
    QVERIFY(!layout.add({1, 0, 0, 4}));
    QVERIFY(!layout.add({2, 0, 1, 9}));
    QCOMPARE(layout.slot(2), 0u);
    QVERIFY(!layout.add({3, 0, 1, 5})); // branch of event 1: slot 1 (the last lane widens: nothing moves)
    QCOMPARE(layout.slot(3), 1u);
    QCOMPARE(layout.position(3), QPointF(150, 250));
    QVERIFY(!layout.add({4, 0, 3, 9})); // continues its branch, beside event 2 at the same depth
    QCOMPARE(layout.slot(4), 1u);
}

void tst_LaneLayout::widenOnlyMovesLanesToTheRight() {
    LaneLayout layout(testMetrics());
    layout.add({0, 0, kNoEvent, 1});
    layout.add({1, 1, kNoEvent, 2});
    const QPointF t1 = layout.position(1);
    QVERIFY(!layout.add({2, 1, kNoEvent, 2})); // T1 widens, but it is the last lane
    QCOMPARE(layout.position(1), t1);
    QVERIFY(layout.add({3, 0, kNoEvent, 1})); // T0 widens: T1 moves right by one slot
    QCOMPARE(layout.position(1), t1 + QPointF(100, 0));
    QCOMPARE(layout.position(0), QPointF(50, 50));
}

void tst_LaneLayout::lanesGrowBySlot() {
    // Twenty conflicting events of T0 at one depth: T0 widens one slot at a time, T1 moves along.
    LaneLayout layout(testMetrics());
    layout.add({0, 1, kNoEvent, 1});
    for (EventId e = 1; e <= 20; ++e) {
        QCOMPARE(layout.add({e, 0, kNoEvent, 3}), e > 1);
        QCOMPARE(layout.laneSlots(0), std::uint32_t(e));
        QCOMPARE(layout.position(0).x(), e * 100 + 20 + 50.0);
    }
}

void tst_LaneLayout::eventAtPoint() {
    LaneLayout layout(testMetrics());
    layout.add({0, 0, kNoEvent, 1});
    layout.add({1, 1, kNoEvent, 2});
    layout.add({2, 1, kNoEvent, 2}); // beside event 1
    const QSizeF node(80, 20);
    for (EventId e = 0; e < 3; ++e)
        QCOMPARE(layout.eventAt(layout.position(e) + QPointF(39, -9), node), e);
    QCOMPARE(layout.eventAt(layout.position(2) + QPointF(45, 0), node), kNoEvent); // between slots
    QCOMPARE(layout.eventAt(layout.position(0) + QPointF(0, 15), node), kNoEvent); // between rows
    QCOMPARE(layout.eventAt(QPointF(-5, 50), node), kNoEvent);
    QCOMPARE(layout.eventAt(layout.position(1) + QPointF(0, 50), node), kNoEvent); // nothing at depth 3
}

QTEST_APPLESS_MAIN(tst_LaneLayout)
#include "tst_LaneLayout.moc"
