// SPDX-License-Identifier: MIT
// The end of a failing execution shown truthfully, driven like a user in a real main window (offscreen):
// after F8 on deadlock_abba.c's deadlocking execution each waiting thread is "blocked" on its pending lock
// or join with its line, nothing is ringed as "next" in the event structure, and the defects pane gives
// every waiting thread's location; at lost_update.c's assertion failure no thread waits for what it did.
#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "engine/debugger/Replay.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/defects/DefectsModel.hpp"
#include "views/eventstructure/CurrentEventItem.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/threads/ThreadsModel.hpp"
#include "views/trace/TraceModel.hpp"

#include <QSettings>
#include <QStandardPaths>
#include <QTreeView>
#include <QtTest>

using namespace weft;
using namespace weft::gui;

class tst_DefectEndState : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void deadlockEndShowsWhoWaitsWhere();
    void stepLineIntoTheDeadlock();
    void assertionEndShowsTheFailingThread();

private:
    /// Opens `path` and explores it to the end.
    bool explore(const QString &path);
    /// "T1 blocked: lock 'b'": each row of the threads pane.
    QStringList threadStates() const;
    /// "deadlock_abba.c:31": where thread `t` stands in the threads pane (its innermost frame).
    QString threadLocation(ThreadId t) const;
    views::EventStructureScene *structure() const { return m_window->eventStructureView()->structure(); }
    /// The event of trace row `row` (the replay's events in trace order).
    EventId eventOfRow(std::size_t row) const { return m_window->replay()->eventOfRow(int(row)); }

    std::unique_ptr<MainWindow> m_window;
};

void tst_DefectEndState::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // QSettings in a test location
    QSettings().clear();
    m_window = std::make_unique<MainWindow>();
    QVERIFY(test::showAndActivate(*m_window, QSize(1400, 900)));
}

bool tst_DefectEndState::explore(const QString &path) {
    if (!m_window->openFile(path))
        return false;
    QSignalSpy finished(&m_window->session(), &session::ExplorationSession::finished);
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    return finished.wait(60000);
}

QStringList tst_DefectEndState::threadStates() const {
    const views::ThreadsModel *threads = m_window->replay()->threadsModel();
    QStringList out;
    for (int r = 0; r < threads->rowCount(); ++r)
        out << threads->index(r, views::ThreadsModel::Thread).data().toString() + QLatin1Char(' ') +
                   threads->index(r, views::ThreadsModel::State).data().toString();
    return out;
}

QString tst_DefectEndState::threadLocation(ThreadId t) const {
    return m_window->replay()->threadsModel()->indexOf(t, 0).siblingAtColumn(views::ThreadsModel::State).data().toString();
}

void tst_DefectEndState::deadlockEndShowsWhoWaitsWhere() {
    QVERIFY(explore(QStringLiteral(WEFT_EXAMPLES "/deadlock_abba.c")));
    QAbstractItemModel *defects = m_window->defectsView()->model();
    QTRY_COMPARE(defects->rowCount(), 1);
    QCOMPARE(defects->index(0, views::DefectsModel::Kind).data().toString(), QStringLiteral("deadlock"));
    // Each waiting thread's line, in the message's order (T0 joins T1, T1 locks b, T2 locks a).
    QCOMPARE(defects->index(0, views::DefectsModel::Location).data().toString(),
             QStringLiteral("deadlock_abba.c:44, deadlock_abba.c:20, deadlock_abba.c:31"));

    // The deadlocking execution from the exploration tree, run to its end with F8.
    m_window->selectExecution(m_window->session().snapshot()->defects->front().execution);
    ReplayController *replay = m_window->replay();
    QVERIFY(replay->hasReplay());
    QTest::keyClick(m_window.get(), Qt::Key_F8);
    QVERIFY(replay->replay()->atEnd());
    QCOMPARE(threadStates(), QStringList({QStringLiteral("T0 blocked: join T1"), QStringLiteral("T1 blocked: lock 'b'"),
                                          QStringLiteral("T2 blocked: lock 'a'")}));
    QCOMPARE(threadLocation(0), QStringLiteral("deadlock_abba.c:44"));
    QCOMPARE(threadLocation(1), QStringLiteral("deadlock_abba.c:20"));
    QCOMPARE(threadLocation(2), QStringLiteral("deadlock_abba.c:31"));
    // Every event is taken: nothing is ringed as next.
    QCOMPARE(structure()->currentEvent(), kNoEvent);
    QCOMPARE(structure()->currentEventMarker().event(), kNoEvent);
}

void tst_DefectEndState::stepLineIntoTheDeadlock() {
    // Before the last event T2 is about to take b; once F11 took it, T2 runs its code towards lock a
    // (its lock b is no longer next nor ringed); the next F11 reaches the deadlock.
    ReplayController *replay = m_window->replay();
    QVERIFY(replay->hasReplay());
    const std::size_t last = replay->replay()->eventCount() - 1;
    replay->runTo(int(last));
    QCOMPARE(threadStates().at(2), QStringLiteral("T2 running: next lock 'b'"));
    const EventId lockB = eventOfRow(last);
    QVERIFY(lockB != kNoEvent);
    QCOMPARE(structure()->currentEvent(), lockB);
    QTest::keyClick(m_window.get(), Qt::Key_F11);
    QVERIFY(replay->replay()->isInsideLocalCode());
    QCOMPARE(threadStates().at(2), QStringLiteral("T2 running its local code"));
    QCOMPARE(threadLocation(2), QStringLiteral("deadlock_abba.c:31"));
    QCOMPARE(structure()->currentEvent(), kNoEvent);
    QCOMPARE(structure()->currentEventMarker().event(), kNoEvent);
    QTest::keyClick(m_window.get(), Qt::Key_F11);
    QVERIFY(replay->replay()->atEnd());
    QCOMPARE(threadStates().at(2), QStringLiteral("T2 blocked: lock 'a'"));
}

void tst_DefectEndState::assertionEndShowsTheFailingThread() {
    QVERIFY(explore(QStringLiteral(WEFT_TEST_PROGRAMS "/lost_update/lost_update.c")));
    QTreeView *defects = m_window->defectsView();
    QTRY_VERIFY(defects->model()->rowCount() > 0);
    const QModelIndex first = defects->model()->index(0, views::DefectsModel::Message);
    QTest::mouseClick(defects->viewport(), Qt::LeftButton, {}, defects->visualRect(first).center());
    QTest::keyClick(defects, Qt::Key_Return); // as a double-click: runs to the failing step
    ReplayController *replay = m_window->replay();
    QTRY_VERIFY(replay->hasReplay() && replay->replay()->atEnd());
    // T0 joined T2 and failed on the assertion: it waits for nothing.
    const QString t0 = threadStates().at(0);
    QCOMPARE(t0, QStringLiteral("T0 stopped: assertion `x == 2' failed in int main(void)"));
    QCOMPARE(threadLocation(0), QStringLiteral("lost_update.c:30"));
    QCOMPARE(threadStates().mid(1), QStringList({QStringLiteral("T1 finished"), QStringLiteral("T2 finished")}));
    QCOMPARE(structure()->currentEvent(), kNoEvent);
}

QTEST_MAIN(tst_DefectEndState)
#include "tst_DefectEndState.moc"
