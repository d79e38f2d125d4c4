// SPDX-License-Identifier: MIT
// Heap objects are named as C reaches them from a global pointer, in the real window: after F5 on
// tests/programs/heap_locks (a malloc'd queue holding its mutex, a calloc'd array of slots holding
// theirs), the trace, the thread states and the event structure's objects say 'q->lock' and 'p[2].m';
// the pointers themselves still show where their block was allocated. A block reached only through
// local pointers is named by the local that holds it where the object is named (main's 'shared->lock').
#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/threads/ThreadsModel.hpp"
#include "views/trace/TraceModel.hpp"
#include "views/variables/VariablesModel.hpp"

#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace weft;
using namespace weft::gui;

class tst_HeapNames : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void objectsNamedThroughGlobalPointers();
    void objectsNamedThroughLocalPointers();

private:
    MainWindow *m_window = nullptr;
};

void tst_HeapNames::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    m_window = new MainWindow;
    QVERIFY(test::showAndActivate(*m_window, QSize(1400, 900)));
    QVERIFY(m_window->openFile(test::testProgram("heap_locks")));
    QSignalSpy finished(&m_window->session(), &session::ExplorationSession::finished);
    QTest::keyClick(m_window, Qt::Key_F5);
    QVERIFY(finished.wait(60000));
    QTRY_VERIFY(m_window->explorationTreeView()->tree()->isUpToDate());
}

void tst_HeapNames::cleanupTestCase() { delete m_window; }

void tst_HeapNames::objectsNamedThroughGlobalPointers() {
    const auto s = m_window->session().snapshot();
    QCOMPARE(s->statistics.maximalConfigurations, 4u);
    // The event structure's object names (its labels and tooltips).
    QStringList names;
    QVERIFY(s->objectNames);
    for (const std::string &name : *s->objectNames)
        names << QString::fromStdString(name);
    QVERIFY2(names.contains(QStringLiteral("'q->lock'")), qPrintable(names.join(QLatin1Char(','))));
    QVERIFY2(names.contains(QStringLiteral("'p[2].m'")), qPrintable(names.join(QLatin1Char(','))));
    // The trace of execution 1: each worker locks and unlocks both, by name.
    m_window->selectExecution(1);
    ReplayController *replay = m_window->replay();
    views::TraceModel *trace = replay->traceModel();
    int qLocks = 0, slotLocks = 0;
    for (int row = 0; row < trace->rowCount(); ++row)
        for (int column = 0; column < trace->columnCount(); ++column) {
            const QString cell = trace->index(row, column).data().toString();
            qLocks += cell.startsWith(QStringLiteral("lock 'q->lock' · heap_locks.c:22"));
            slotLocks += cell.startsWith(QStringLiteral("lock 'p[2].m' · heap_locks.c:25"));
        }
    QCOMPARE(qLocks, 2);
    QCOMPARE(slotLocks, 2);
    // A thread about to lock the slot's mutex says so.
    bool said = false;
    for (int step = 0; step < trace->rowCount() && !said; ++step) {
        const views::ThreadsModel *threads = replay->threadsModel();
        for (int r = 0; r < threads->rowCount(); ++r)
            said = said || threads->index(r, 1).data().toString().contains(QStringLiteral("lock 'p[2].m'"));
        QTest::keyClick(m_window, Qt::Key_F10);
    }
    QVERIFY(said);
    // The pointer q itself points to the block allocated at line 32.
    const QModelIndex q = replay->variablesModel()->find(QStringLiteral("q"), true);
    QVERIFY(q.isValid());
    const QString value = q.siblingAtColumn(views::VariablesModel::Value).data().toString();
    QVERIFY2(value.contains(QStringLiteral("heap_locks.c:32:9")), qPrintable(value));
}

void tst_HeapNames::objectsNamedThroughLocalPointers() {
    MainWindow window;
    QVERIFY(test::showAndActivate(window, QSize(1400, 900)));
    QVERIFY(window.openFile(QStringLiteral(WEFT_GUI_TEST_DATA "/local_heap_locks.c")));
    QSignalSpy finished(&window.session(), &session::ExplorationSession::finished);
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY(finished.wait(60000));
    const auto s = window.session().snapshot();
    QCOMPARE(s->statistics.maximalConfigurations, 2u); // main or the worker locks first
    QStringList names;
    QVERIFY(s->objectNames);
    for (const std::string &name : *s->objectNames)
        names << QString::fromStdString(name);
    QVERIFY2(names.contains(QStringLiteral("'shared->lock'")), qPrintable(names.join(QLatin1Char(','))));
    QVERIFY2(names.filter(QStringLiteral("heap block")).isEmpty(), qPrintable(names.join(QLatin1Char(','))));
    // Both threads lock it by that name in the trace, the worker through its own pointer.
    window.selectExecution(1);
    QTRY_VERIFY(window.replay()->hasReplay());
    views::TraceModel *trace = window.replay()->traceModel();
    int locks = 0;
    for (int row = 0; row < trace->rowCount(); ++row)
        for (int column = 0; column < trace->columnCount(); ++column)
            locks += trace->index(row, column).data().toString().startsWith(QStringLiteral("lock 'shared->lock'"));
    QCOMPARE(locks, 2);
}

QTEST_MAIN(tst_HeapNames)
#include "tst_HeapNames.moc"
