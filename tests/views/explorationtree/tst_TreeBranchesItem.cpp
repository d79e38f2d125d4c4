// SPDX-License-Identifier: MIT
// TreeBranchesItem: one record per column (its chain of steps and the elbow it branches off with),
// drawn close up line by line and far out merged per pixel column, with no gap in either.
#include "tests/views/SnapshotFixture.hpp"
#include "views/explorationtree/ExplorationTreeLayout.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/TreeBranchesItem.hpp"
#include "views/explorationtree/TreeLeavesItem.hpp"

#include <QImage>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QtTest>

#include <bit>
#include <memory>

using namespace weft;
using namespace weft::views;
using Column = TreeBranchesItem::Column;

class tst_TreeBranchesItem : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void columnsOfThreeExecutions();
    void closeUpDrawsChainsAndElbows();
    void farOutLeavesNoGap();
    void branchColoursAreNoLeafColours();
};

static constexpr qreal kColumn = ExplorationTreeScene::kColumnWidth, kRow = ExplorationTreeScene::kRowHeight;
static const QRgb kGrey = TreeBranchesItem::chainColour().rgb(), kOrange = TreeBranchesItem::elbowColour().rgb();

/// The branches of `tree`, as ExplorationTreeScene fills them.
static std::unique_ptr<TreeBranchesItem> branchesOf(const ExplorationTree &tree) {
    auto item = std::make_unique<TreeBranchesItem>(kColumn, kRow);
    ExplorationTreeLayout layout;
    const auto &nodes = tree.nodes();
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        const TreeCell cell = layout.add(nodes[n]);
        item->append(cell, n ? layout.cell(nodes[n].parent) : TreeCell{}, nodes[n].isLeaf);
    }
    item->setBounds(QRectF(-kColumn, -kRow, (layout.columns() + 1) * kColumn, (layout.rows() + 1) * kRow));
    return item;
}

/// Three executions: [0,1,2]; a branch at depth 1 [0,3,4]; a branch at depth 2 [0,3,5].
static std::unique_ptr<TreeBranchesItem> threeExecutions() {
    test::SnapshotFixture f;
    for (int i = 0; i < 6; ++i)
        f.event(0, ActionKind::MutexLock, i == 0 ? kNoEvent : EventId(i - 1), kNoEvent, 7);
    f.execution({0, 1, 2}, 0, LeafKind::Maximal);
    f.execution({0, 3, 4}, 1, LeafKind::SleepBlocked);
    f.execution({0, 3, 5}, 2, LeafKind::Defect);
    return branchesOf(f.tree());
}

/// `item` painted with `transform` into a white image.
static QImage render(TreeBranchesItem &item, const QTransform &transform, QSize size) {
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setTransform(transform);
    QStyleOptionGraphicsItem option;
    option.exposedRect = item.boundingRect();
    item.paint(&painter, &option, nullptr);
    return image;
}

void tst_TreeBranchesItem::columnsOfThreeExecutions() {
    const auto item = threeExecutions();
    const auto &c = item->columns();
    QCOMPARE(c.size(), 3u);
    // Column 0: the root down to the first leaf, no elbow.
    QCOMPARE(c[0].elbowRow, TreeBranchesItem::kNoRow);
    QCOMPARE(c[0].top, 0u);
    QCOMPARE(c[0].bottom, 4u);
    QVERIFY(c[0].endsInLeaf);
    // Column 1 branches off column 0's node in row 1; column 2 off column 1's node in row 2.
    QCOMPARE(c[1].parentColumn, 0u);
    QCOMPARE(c[1].elbowRow, 1u);
    QCOMPARE(c[1].top, 2u);
    QCOMPARE(c[1].bottom, 4u);
    QCOMPARE(c[2].parentColumn, 1u);
    QCOMPARE(c[2].elbowRow, 2u);
    QCOMPARE(c[2].top, 3u);
}

void tst_TreeBranchesItem::closeUpDrawsChainsAndElbows() {
    const auto item = threeExecutions();
    // Two pixels per scene unit: columns 36 pixels apart, rows 32.
    const QTransform t = QTransform::fromScale(2, 2).translate(20, 20);
    const QImage image = render(*item, t, QSize(200, 240));
    auto at = [&](qreal column, qreal row) { return image.pixel(t.map(QPointF(column * kColumn, row * kRow)).toPoint()); };
    QCOMPARE(at(0, 0.5), kGrey);   // column 0's chain
    QCOMPARE(at(1, 3.5), kGrey);   // column 1's chain
    QCOMPARE(at(0.5, 1), kOrange); // the elbow from column 0, row 1 to column 1
    QCOMPARE(at(1, 1.5), kOrange); // and down into column 1
    QCOMPARE(at(1.5, 2), kOrange); // column 2's elbow along row 2
    QCOMPARE(at(2, 0.5), qRgb(255, 255, 255)); // nothing above column 2's branch
}

void tst_TreeBranchesItem::farOutLeavesNoGap() {
    // A full binary tree of 4,096 executions in 256 pixels: 16 columns per pixel column.
    constexpr int kDepth = 12;
    test::SnapshotFixture f;
    f.fullBinaryTree(kDepth, [](std::uint32_t) { return LeafKind::Maximal; });
    const auto item = branchesOf(f.tree());
    QCOMPARE(item->columns().size(), std::size_t(1) << kDepth);
    const qreal sx = 256.0 / ((1 << kDepth) * kColumn), sy = 8.0 / kRow;
    const QImage image = render(*item, QTransform::fromScale(sx, sy), QSize(256, (kDepth + 2) * 8));
    // The chains' last step (into the leaves' row, below every elbow) is grey in every pixel column:
    // no column is lost.
    const int y = kDepth * 8 + 4;
    for (int x = 0; x < 256; ++x)
        QVERIFY2(image.pixel(x, y) == kGrey, qPrintable(QStringLiteral("pixel column %1").arg(x)));
    // The root's elbow spans half the tree along row 0.
    int orange = 0;
    for (int x = 0; x < 256; ++x)
        orange += image.pixel(x, 0) == kOrange;
    QVERIFY(orange >= 120);
}

void tst_TreeBranchesItem::branchColoursAreNoLeafColours() {
    // Far out the branches merge into bands of their colours: none may pass for a leaf kind's colour
    // (a grey band read as "sleep-set blocked", an orange one as "assume-blocked").
    auto distance = [](const QColor &a, const QColor &b) {
        const int dr = a.red() - b.red(), dg = a.green() - b.green(), db = a.blue() - b.blue();
        return std::sqrt(double(dr * dr + dg * dg + db * db));
    };
    for (const QColor &branch : {TreeBranchesItem::chainColour(), TreeBranchesItem::elbowColour(),
                                 TreeBranchesItem::chainColour().darker(130), TreeBranchesItem::dataBranchColour()})
        for (LeafKind kind : {LeafKind::Maximal, LeafKind::SleepBlocked, LeafKind::Defect, LeafKind::AssumeBlocked})
            for (int defect = 0; defect <= int(DefectKind::UninitialisedRead); ++defect) {
                const QColor leaf = TreeLeavesItem::colour(kind, DefectKind(defect));
                QVERIFY2(distance(branch, leaf) > 80, qPrintable(branch.name() + QLatin1Char(' ') + leaf.name()));
                QVERIFY2(distance(branch, leaf.darker(140)) > 60,
                         qPrintable(branch.name() + QLatin1Char(' ') + leaf.name()));
            }
    // And no branch pixel of a far-out picture of 4,096 executions is grey.
    test::SnapshotFixture f;
    f.fullBinaryTree(12, [](std::uint32_t) { return LeafKind::Maximal; });
    const auto item = branchesOf(f.tree());
    const QImage image = render(*item, QTransform::fromScale(256.0 / (4096 * kColumn), 8.0 / kRow), QSize(256, 14 * 8));
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            QVERIFY2(c == Qt::white || c.hsvSaturation() > 60,
                     qPrintable(QStringLiteral("%1 at %2,%3").arg(c.name()).arg(x).arg(y)));
        }
}

QTEST_MAIN(tst_TreeBranchesItem)
#include "tst_TreeBranchesItem.moc"
