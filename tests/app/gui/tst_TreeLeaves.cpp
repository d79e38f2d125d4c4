// SPDX-License-Identifier: MIT
// The exploration tree's leaves in the real window say how each execution went wrong: under
// --model sc, sc_lost_update's 4 executions all show a defect, and the 2 that lose an update (x ends
// at 1: replayed to their end in the debugger, read in the Variables pane) are drawn as assertion
// failures, the other 2 as data races, with both kinds in the legend.
#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "app/gui/RunConfiguration.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "tests/views/graphics/AutoFit.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/explorationtree/TreeLeavesItem.hpp"
#include "views/explorationtree/TreeLegend.hpp"
#include "views/variables/VariablesModel.hpp"

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace weft;
using namespace weft::gui;

class tst_TreeLeaves : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void lostUpdatesAreToldApart();

private:
    MainWindow *m_window = nullptr;
};

void tst_TreeLeaves::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    m_window = new MainWindow;
    QVERIFY(test::showAndActivate(*m_window, QSize(1400, 900)));
    RunConfiguration sc;
    sc.interpreter.model = interpreter::MemoryModel::Sc;
    m_window->setCommandLineConfiguration(sc);
    QVERIFY(m_window->openFile(test::testProgram("sc_lost_update")));
    QSignalSpy finished(&m_window->session(), &session::ExplorationSession::finished);
    QTest::keyClick(m_window, Qt::Key_F5);
    QVERIFY(finished.wait(60000));
    QTRY_VERIFY(m_window->explorationTreeView()->tree()->isUpToDate());
    QVERIFY(views::test::waitForAutoFit(*m_window->explorationTreeView()));
}

void tst_TreeLeaves::cleanupTestCase() { delete m_window; }

void tst_TreeLeaves::lostUpdatesAreToldApart() {
    views::ExplorationTreeView *view = m_window->explorationTreeView();
    views::ExplorationTreeScene *tree = view->tree();
    QCOMPARE(tree->leafCount(), std::size_t(4)); // tests/programs/sc_lost_update/expected.json
    const QImage image = view->viewport()->grab().toImage();
    ReplayController *replay = m_window->replay();
    int lost = 0;
    QColor lostColour, keptColour;
    for (std::uint64_t e = 1; e <= 4; ++e) {
        QCOMPARE(tree->leafKind(e), LeafKind::Defect); // every one races
        m_window->selectExecution(e);
        QVERIFY(replay->hasReplay());
        QTest::keyClick(m_window, Qt::Key_F8);
        const QModelIndex x = replay->variablesModel()->find(QStringLiteral("x"), true);
        QVERIFY(x.isValid());
        const QString value = x.siblingAtColumn(views::VariablesModel::Value).data().toString();
        QVERIFY2(value == QStringLiteral("1") || value == QStringLiteral("2"), qPrintable(value));
        const bool lostUpdate = value == QStringLiteral("1");
        lost += lostUpdate;
        QCOMPARE(tree->leafDefect(e), lostUpdate ? DefectKind::AssertionFailure : DefectKind::DataRace);
        // What the user sees at the leaf: its look's colour.
        const QColor seen = image.pixelColor(view->mapFromScene(tree->leafPosition(e)));
        QCOMPARE(seen.name(), views::TreeLeavesItem::colour(LeafKind::Defect, tree->leafDefect(e)).name());
        (lostUpdate ? lostColour : keptColour) = seen;
    }
    QCOMPARE(lost, 2);
    QVERIFY(lostColour != keptColour);
    const QStringList legend = view->legend()->entries();
    QVERIFY(legend.contains(QStringLiteral("assertion failure")));
    QVERIFY(legend.contains(QStringLiteral("data race")));
    QVERIFY(!legend.contains(QStringLiteral("defect")));
}

QTEST_MAIN(tst_TreeLeaves)
#include "tst_TreeLeaves.moc"
