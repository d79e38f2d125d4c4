// SPDX-License-Identifier: MIT
// The variables pane driven like a user, on variables_shapes.c: struct and array rows start
// collapsed under open groups, expand with the keyboard (Right, Plus) to show their fields and
// elements, stay expanded while F10 steps (also when another thread's locals were shown in
// between), and a field a step writes is highlighted. On runtime_tls.c, each thread's own copies of
// the thread-local variables are a group of their own.
#include "engine/debugger/ProgramLoader.hpp"
#include "app/gui/MainWindow.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "views/trace/TraceModel.hpp"
#include "views/variables/VariablesModel.hpp"

#include <QSettings>
#include <QStandardPaths>
#include <QTreeView>
#include <QtTest>

using namespace weft;
using namespace weft::gui;
using views::VariablesModel;

class tst_VariablesPane : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void structsStartCollapsed();
    void keysExpandStructsAndArrays();
    void expansionSurvivesSteps();
    void threadLocalsPerThread();

private:
    /// Makes `index` the view's current row, as a click on it would.
    void select(const QModelIndex &index);
    QString valueOf(const QModelIndex &index) const {
        return index.siblingAtColumn(VariablesModel::Value).data().toString();
    }

    MainWindow *m_window = nullptr;
    QTreeView *m_view = nullptr;
    VariablesModel *m_model = nullptr;
};

using test::testProgram;

void tst_VariablesPane::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // QSettings in a test location
    QSettings().clear();
    m_window = new MainWindow;
    QVERIFY(test::showAndActivate(*m_window, QSize(1400, 900)));
    QVERIFY(m_window->openFile(testProgram("variables_shapes")));
    auto loaded = debugger::loadProgram(testProgram("variables_shapes").toStdString(), {}, {});
    QVERIFY(loaded.has_value());
    // The interleaving where main locks first (T0 start, create, lock, unlock, T1 start, lock,
    // unlock, ...).
    ReplayController *replay = m_window->replay();
    QVERIFY(
        replay->load(std::make_shared<const debugger::LoadedProgram>(std::move(*loaded)), Schedule{}));
    m_view = replay->variablesView();
    m_model = replay->variablesModel();
    QVERIFY(m_view->isVisible());
}

void tst_VariablesPane::cleanupTestCase() {
    delete m_window;
}

void tst_VariablesPane::select(const QModelIndex &index) {
    m_view->setFocus();
    m_view->scrollTo(index);
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, m_view->visualRect(index).center());
    QCOMPARE(m_view->currentIndex().siblingAtColumn(VariablesModel::Name),
             index.siblingAtColumn(VariablesModel::Name));
}

void tst_VariablesPane::structsStartCollapsed() {
    m_window->replay()->runTo(2); // main stands on its lock
    const QModelIndex counter = m_model->find(QStringLiteral("counter"), true);
    QVERIFY(counter.isValid());
    QVERIFY(m_view->isExpanded(counter.parent())); // the Globals group is open
    QVERIFY(m_model->hasChildren(counter));
    QVERIFY(!m_view->isExpanded(counter));
    QCOMPARE(valueOf(counter), QStringLiteral("{count = 2, next = NULL}"));
    QCOMPARE(counter.siblingAtColumn(VariablesModel::Type).data().toString(),
             QStringLiteral("counter_t"));
    QVERIFY(m_view->isExpanded(
        m_model->find(QStringLiteral("local"), false).parent())); // main's locals too
}

void tst_VariablesPane::keysExpandStructsAndArrays() {
    // Right opens the selected struct; its fields are rows with their own values and types.
    const QModelIndex counter = m_model->find(QStringLiteral("counter"), true);
    select(counter);
    QTest::keyClick(m_view, Qt::Key_Right);
    QVERIFY(m_view->isExpanded(counter));
    const QModelIndex count = m_model->part(counter, QStringLiteral("count"));
    QVERIFY(count.isValid());
    QVERIFY(m_view->visualRect(count).isValid()); // shown
    QCOMPARE(valueOf(count), QStringLiteral("2"));
    QCOMPARE(count.siblingAtColumn(VariablesModel::Type).data().toString(), QStringLiteral("int"));

    // Plus opens box; Down moves onto its first field, Down again onto `corner`, Right opens it.
    const QModelIndex box = m_model->find(QStringLiteral("box"), true);
    select(box);
    QTest::keyClick(m_view, Qt::Key_Plus);
    QVERIFY(m_view->isExpanded(box));
    QTest::keyClick(m_view, Qt::Key_Down);
    QTest::keyClick(m_view, Qt::Key_Down);
    const QModelIndex corner = m_model->part(box, QStringLiteral("corner"));
    QCOMPARE(m_view->currentIndex().siblingAtColumn(VariablesModel::Name), corner);
    QTest::keyClick(m_view, Qt::Key_Right);
    QVERIFY(m_view->isExpanded(corner));
    QCOMPARE(valueOf(m_model->part(corner, QStringLiteral("y"))), QStringLiteral("2"));

    // A 2-D array opens row by row.
    const QModelIndex grid = m_model->find(QStringLiteral("grid"), true);
    select(grid);
    QTest::keyClick(m_view, Qt::Key_Right);
    const QModelIndex row1 = m_model->part(grid, QStringLiteral("[1]"));
    QCOMPARE(valueOf(row1), QStringLiteral("{4, 5, 6}"));
    QCOMPARE(row1.siblingAtColumn(VariablesModel::Type).data().toString(),
             QStringLiteral("int [3]"));

    // A large array shows its first elements and a row saying how many more there are.
    const QModelIndex big = m_model->find(QStringLiteral("big"), true);
    select(big);
    QTest::keyClick(m_view, Qt::Key_Right);
    QVERIFY(m_view->isExpanded(big));
    QCOMPARE(m_model->rowCount(big), 101);
    const QModelIndex more = m_model->index(100, VariablesModel::Name, big);
    QCOMPARE(more.data().toString(), QStringLiteral("…"));
    QVERIFY(valueOf(more).startsWith(QStringLiteral("900")));
    QTest::keyClick(m_view, Qt::Key_Left); // closed again: it stays closed
    QVERIFY(!m_view->isExpanded(big));

    // main's local struct.
    const QModelIndex local = m_model->find(QStringLiteral("local"), false);
    select(local);
    QTest::keyClick(m_view, Qt::Key_Right);
    QVERIFY(m_view->isExpanded(local));
    QCOMPARE(valueOf(m_model->part(local, QStringLiteral("x"))), QStringLiteral("10"));
}

void tst_VariablesPane::expansionSurvivesSteps() {
    ReplayController *replay = m_window->replay();
    QCOMPARE(replay->traceModel()->position(), 2u);
    // F10 to T1's unlock: main's lock and unlock happen (local.x = 11), then T1 writes its globals.
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(m_window, Qt::Key_F10);
    QCOMPARE(replay->traceModel()->position(), 6u);
    QCOMPARE(m_model->selectedThread(), ThreadId(1)); // the locals are the worker's now
    const QModelIndex counter = m_model->find(QStringLiteral("counter"), true);
    QVERIFY(m_view->isExpanded(counter));
    const QModelIndex count = m_model->part(counter, QStringLiteral("count"));
    QCOMPARE(valueOf(count), QStringLiteral("3"));
    QVERIFY(
        count.siblingAtColumn(VariablesModel::Value).data(VariablesModel::ChangedRole).toBool());
    QCOMPARE(valueOf(m_model->part(counter, QStringLiteral("next"))),
             QStringLiteral("→ 'counter'"));
    const QModelIndex box = m_model->find(QStringLiteral("box"), true);
    const QModelIndex corner = m_model->part(box, QStringLiteral("corner"));
    QVERIFY(m_view->isExpanded(box));
    QVERIFY(m_view->isExpanded(corner));
    QCOMPARE(valueOf(m_model->part(corner, QStringLiteral("y"))), QStringLiteral("7"));
    QVERIFY(m_model->part(corner, QStringLiteral("y")).data(VariablesModel::ChangedRole).toBool());
    QVERIFY(!m_model->part(corner, QStringLiteral("x")).data(VariablesModel::ChangedRole).toBool());
    QVERIFY(m_view->visualRect(m_model->part(corner, QStringLiteral("y"))).isValid());
    QVERIFY(!m_view->isExpanded(m_model->find(QStringLiteral("big"), true)));
    QVERIFY(!m_view->isExpanded(m_model->find(QStringLiteral("path"), true)));

    // Back in main (joining T1): its local struct is open as it was left.
    while (replay->traceModel()->position() < 8u)
        QTest::keyClick(m_window, Qt::Key_F10);
    QCOMPARE(m_model->selectedThread(), ThreadId(0));
    const QModelIndex local = m_model->find(QStringLiteral("local"), false);
    QVERIFY(local.isValid());
    QVERIFY(m_view->isExpanded(local));
    QCOMPARE(valueOf(m_model->part(local, QStringLiteral("x"))), QStringLiteral("11"));

    // The next step changes nothing in counter: no highlight left.
    QTest::keyClick(m_window, Qt::Key_F10);
    QVERIFY(!m_model->part(m_model->find(QStringLiteral("counter"), true), QStringLiteral("count"))
                 .data(VariablesModel::ChangedRole)
                 .toBool());
    QVERIFY(m_view->isExpanded(m_model->find(QStringLiteral("counter"), true)));
}

void tst_VariablesPane::threadLocalsPerThread() {
    auto loaded = debugger::loadProgram(testProgram("runtime_tls").toStdString(), {}, {});
    QVERIFY(loaded.has_value());
    ReplayController *replay = m_window->replay();
    QVERIFY(replay->load(std::make_shared<const debugger::LoadedProgram>(std::move(*loaded)), Schedule{}));
    // Main's copies are the globals; before any worker runs, there is no thread-local group.
    QCOMPARE(m_model->rowCount(), 2); // Globals, main's locals
    QVERIFY(!m_model->findThreadLocal(0, QStringLiteral("counter")).isValid());
    // Step until T1 (worker 0: its counter stays 5) has made its copy of `cursor`.
    QModelIndex cursor;
    while (!cursor.isValid() && replay->traceModel()->position() < std::size_t(replay->traceModel()->rowCount())) {
        QTest::keyClick(m_window, Qt::Key_F10);
        cursor = m_model->findThreadLocal(1, QStringLiteral("cursor"));
    }
    QVERIFY(cursor.isValid());
    QCOMPARE(cursor.parent().data().toString(), QStringLiteral("Thread-locals of T1"));
    QVERIFY(m_view->isExpanded(cursor.parent()));
    const QModelIndex counter = m_model->findThreadLocal(1, QStringLiteral("counter"));
    QCOMPARE(valueOf(counter), QStringLiteral("5"));
    QCOMPARE(counter.siblingAtColumn(VariablesModel::Type).data().toString(), QStringLiteral("int"));
    QVERIFY(valueOf(cursor).contains(QStringLiteral("table[1]")));
    QCOMPARE(valueOf(m_model->find(QStringLiteral("counter"), true)), QStringLiteral("100")); // main's
    QVERIFY(!m_model->findThreadLocal(0, QStringLiteral("counter")).isValid());
    // The worker's struct copy opens like any variable.
    const QModelIndex stats = m_model->findThreadLocal(1, QStringLiteral("stats"));
    QVERIFY(m_model->part(stats, QStringLiteral("sum")).isValid());
}

QTEST_MAIN(tst_VariablesPane)
#include "tst_VariablesPane.moc"
