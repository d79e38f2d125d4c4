// SPDX-License-Identifier: MIT
// The exploration tree: layout cells (columns = executions, rows = depth), leaves of each kind with the
// legend, live growth across snapshots, a mouse click on a leaf selecting its execution, tooltips, and
// many thousands of executions.
#include "tests/views/SnapshotFixture.hpp"
#include "views/explorationtree/ExplorationTreeLayout.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/explorationtree/TreeLeavesItem.hpp"
#include "views/explorationtree/TreeLegend.hpp"

#include "tests/views/graphics/AutoFit.hpp"

#include <QtTest>
#include <QToolTip>

#include <bit>

using namespace weft;
using namespace weft::views;

class tst_ExplorationTreeScene : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void layoutCells();
    void leavesAndGrowth();
    void clickLeaf();
    void legend();
    void defectLeavesByKind();
    void thousandsOfExecutions();
};

// Three executions over events 0..5: [0,1,2] maximal; branch at depth 1: [0,3,4] SSB; branch at
// depth 2: [0,3,5] defect.
static void threeExecutions(test::SnapshotFixture &f, int count = 3) {
    for (int i = 0; i < 6; ++i)
        f.event(0, ActionKind::MutexLock, i == 0 ? kNoEvent : EventId(i - 1), kNoEvent, 7);
    f.execution({0, 1, 2}, 0, LeafKind::Maximal);
    if (count > 1)
        f.execution({0, 3, 4}, 1, LeafKind::SleepBlocked);
    if (count > 2)
        f.execution({0, 3, 5}, 2, LeafKind::Defect);
}

void tst_ExplorationTreeScene::layoutCells() {
    test::SnapshotFixture f;
    threeExecutions(f);
    const auto &nodes = f.tree().nodes();
    ExplorationTreeLayout layout;
    for (const auto &n : nodes)
        layout.add(n);
    // Nodes: root, 0,1,2, leaf1 | 3,4, leaf2 | 5, leaf3.
    const TreeCell expected[] = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}};
    QCOMPARE(layout.size(), std::size(expected));
    for (std::size_t n = 0; n < std::size(expected); ++n)
        QCOMPARE(layout.cell(ExplorationTree::NodeId(n)), expected[n]);
    QCOMPARE(layout.rows(), 5u);
}

void tst_ExplorationTreeScene::leavesAndGrowth() {
    test::SnapshotFixture f;
    threeExecutions(f, 1);
    ExplorationTreeScene scene;
    scene.setSnapshot(f.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    QCOMPARE(scene.leafCount(), 1u);
    const QPointF first = scene.leafPosition(1);

    f.execution({0, 3, 4}, 1, LeafKind::SleepBlocked);
    f.execution({0, 3, 5}, 2, LeafKind::Defect);
    scene.setSnapshot(f.snapshot());
    QTRY_VERIFY(scene.isUpToDate());
    QCOMPARE(scene.leafCount(), 3u);
    QCOMPARE(scene.leafPosition(1), first);
    QCOMPARE(scene.leafKind(1), LeafKind::Maximal);
    QCOMPARE(scene.leafKind(2), LeafKind::SleepBlocked);
    QCOMPARE(scene.leafKind(3), LeafKind::Defect);
    QCOMPARE(scene.leafPosition(3), QPointF(2 * ExplorationTreeScene::kColumnWidth, 4 * ExplorationTreeScene::kRowHeight));
    QCOMPARE(scene.leafToolTip(3), QStringLiteral("Execution 3: defect (assertion failure)"));
    QCOMPARE(scene.leafNode(3), f.tree().leaves()[2]);
    QCOMPARE(scene.drawnNodes(), f.tree().nodes().size());
}

void tst_ExplorationTreeScene::clickLeaf() {
    test::SnapshotFixture f;
    threeExecutions(f);
    ExplorationTreeView view;
    view.resize(300, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy activated(view.tree(), &ExplorationTreeScene::leafActivated);
    const auto snapshot = f.snapshot();
    view.tree()->setSnapshot(snapshot);
    QTRY_VERIFY(view.tree()->isUpToDate());
    QVERIFY(views::test::waitForAutoFit(view));
    const QPoint at = view.mapFromScene(view.tree()->leafPosition(3)) + QPoint(3, -3); // inside the symbol
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.front().at(0).value<quint64>(), 3u);
    const auto node = activated.front().at(1).value<quint32>();
    QCOMPARE(node, snapshot->leafOf(3));
    QCOMPARE(snapshot->pathTo(node), (std::vector<EventId>{0, 3, 5}));
    QCOMPARE(view.tree()->chosenExecution(), 3u);
    // A click next to, but off, every leaf selects nothing.
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at + QPoint(0, -40));
    QCOMPARE(activated.count(), 1);

    // Hovering a leaf shows what it is.
    QHelpEvent help(QEvent::ToolTip, at, view.viewport()->mapToGlobal(at));
    QApplication::sendEvent(view.viewport(), &help);
    QTRY_COMPARE(QToolTip::text(), QStringLiteral("Execution 3: defect (assertion failure)"));
}

void tst_ExplorationTreeScene::legend() {
    ExplorationTreeView view;
    view.resize(500, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QStringList entries = view.legend()->entries();
    QCOMPARE(entries.size(), 6);
    QVERIFY(entries.contains(QStringLiteral("data branch (another nondet value)")));
    QVERIFY(entries.contains(QStringLiteral("maximal configuration")));
    QVERIFY(entries.contains(QStringLiteral("assume-blocked")));
    QVERIFY(entries.contains(QStringLiteral("defect")));
    QVERIFY(view.legend()->isVisible());
    QVERIFY(view.legend()->height() > 0);
    QVERIFY(view.viewport()->geometry().top() >= view.legend()->geometry().bottom()); // not covering the tree
}

void tst_ExplorationTreeScene::defectLeavesByKind() {
    // Four executions failing four ways: each leaf drawn with its kind's look, the legend naming the
    // kinds found (in DefectKinds.def order) instead of one "defect" entry.
    test::SnapshotFixture f;
    for (int i = 0; i < 5; ++i)
        f.event(0, ActionKind::MutexLock, kNoEvent, kNoEvent, 7);
    f.execution({0, 1}, 0, LeafKind::Defect, DefectKind::DataRace);
    f.execution({0, 2}, 1, LeafKind::Defect, DefectKind::AssertionFailure);
    f.execution({0, 3}, 1, LeafKind::Maximal);
    f.execution({0, 4}, 1, LeafKind::Defect, DefectKind::Deadlock);
    ExplorationTreeView view;
    view.resize(600, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.legend()->entries().size(), 6);
    QSignalSpy kinds(view.tree(), &ExplorationTreeScene::legendChanged);
    view.tree()->setSnapshot(f.snapshot());
    QTRY_VERIFY(view.tree()->isUpToDate());
    QCOMPARE(kinds.count(), 1);
    QCOMPARE(view.tree()->defectKinds(),
             (std::vector<DefectKind>{DefectKind::AssertionFailure, DefectKind::Deadlock, DefectKind::DataRace}));
    QCOMPARE(view.tree()->leafDefect(1), DefectKind::DataRace);
    QCOMPARE(view.tree()->leafDefect(4), DefectKind::Deadlock);
    QCOMPARE(view.legend()->entries(),
             (QStringList{QStringLiteral("maximal configuration"), QStringLiteral("sleep-set blocked"),
                          QStringLiteral("assertion failure"), QStringLiteral("deadlock"), QStringLiteral("data race"),
                          QStringLiteral("assume-blocked"), QStringLiteral("alternative branch"),
                          QStringLiteral("data branch (another nondet value)")}));
    QVERIFY(view.viewport()->geometry().top() >= view.legend()->geometry().bottom());
    // On screen, each leaf's centre has its look's colour; the three defect looks differ.
    view.fitAll();
    const QImage image = view.viewport()->grab().toImage();
    for (std::uint64_t e = 1; e <= 4; ++e) {
        const QPoint at = view.mapFromScene(view.tree()->leafPosition(e));
        const QColor expected = TreeLeavesItem::colour(view.tree()->leafKind(e), view.tree()->leafDefect(e));
        QCOMPARE(image.pixelColor(at).name(), expected.name());
    }
    QVERIFY(TreeLeavesItem::look(LeafKind::Defect, DefectKind::DataRace).shape !=
            TreeLeavesItem::look(LeafKind::Defect, DefectKind::AssertionFailure).shape);
    QVERIFY(TreeLeavesItem::look(LeafKind::Defect, DefectKind::Deadlock).shape !=
            TreeLeavesItem::look(LeafKind::Defect, DefectKind::AssertionFailure).shape);
    QCOMPARE(view.tree()->leafToolTip(1), QStringLiteral("Execution 1: defect (data race)"));
    // Cleared: back to the generic entry.
    view.tree()->clearTree();
    QCOMPARE(kinds.count(), 2);
    QCOMPARE(view.legend()->entries().size(), 6);
}

void tst_ExplorationTreeScene::thousandsOfExecutions() {
    // A full binary tree of depth 14: 16,384 executions explored depth-first. One leaf item, a few
    // line batches.
    constexpr int kDepth = 14;
    test::SnapshotFixture f;
    f.fullBinaryTree(kDepth, [](std::uint32_t i) { return i % 7 ? LeafKind::Maximal : LeafKind::SleepBlocked; });
    QCOMPARE(f.tree().nodes().size(), std::size_t(1) + 2 * (1u << kDepth) - 2 + (1u << kDepth));
    ExplorationTreeView view;
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.tree()->setSnapshot(f.snapshot());
    QTRY_VERIFY(view.tree()->isUpToDate());
    QCOMPARE(view.tree()->leafCount(), std::size_t(1u << kDepth));
    QVERIFY(view.tree()->items().size() < 50);
    QTRY_VERIFY(view.zoom() < 0.01); // fitted: one pixel column holds many executions
    QElapsedTimer paint;
    paint.start();
    view.viewport()->repaint();
    qInfo("tree of %u executions painted in %lld ms", 1u << kDepth, paint.elapsed());
}

QTEST_MAIN(tst_ExplorationTreeScene)
#include "tst_ExplorationTreeScene.moc"
