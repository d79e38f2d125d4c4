// SPDX-License-Identifier: MIT
// The end of a failing execution shown truthfully, driven like a user in a real main window (offscreen):
// after F8 on deadlock_abba.c's deadlocking execution each waiting thread is "blocked" on its pending lock
// or join with its line, nothing is ringed as "next" in the event structure, and the defects pane gives
// every waiting thread's location; at lost_update.c's assertion failure no thread waits for what it did.
// The failing step and each deadlocked request get a trace row; a data race opens at its second access
// with both lines marked; at every step (F10 and F11) of every execution of the examples each thread's
// state names its next step in the trace. The deadlock is drawn in the event structure.
#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "app/gui/SettingsMenu.hpp"
#include "engine/debugger/EventChoice.hpp"
#include "engine/debugger/Replay.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/defects/DefectsModel.hpp"
#include "views/eventstructure/CurrentEventItem.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/explorationtree/TreeLegend.hpp"
#include "views/source/SourceEditor.hpp"
#include "views/threads/ThreadsModel.hpp"
#include "views/trace/TraceModel.hpp"

#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTreeView>
#include <QtTest>

#include <set>

using namespace weft;
using namespace weft::gui;

class tst_DefectEndState : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void deadlockEndShowsWhoWaitsWhere();
    void stepLineIntoTheDeadlock();
    void assertionEndShowsTheFailingThread();
    void outcomeRowsEndTheTrace();
    void raceOpensAtTheSecondAccess();
    void threadStatesNameTheirNextStep_data();
    void threadStatesNameTheirNextStep();
    void runOutsideTheExplorationIsSaid();

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
    // Finished, and the event structure has drawn every event (it takes them in slices).
    return finished.wait(60000) && QTest::qWaitFor([this] { return structure()->isUpToDate(); }, 60000);
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

    // The deadlock drawn in the event structure: each request after its thread's last event, whom it
    // waits for (T1 and T2 wait for each other: the cycle) and the lock event holding what it wants.
    const auto s = m_window->session().snapshot();
    const std::vector<views::BlockedRequest> &requests = structure()->deadlock().requests();
    QCOMPARE(requests.size(), 3u);
    const QStringList labels = {QStringLiteral("join T1"), QStringLiteral("lock 'b'"), QStringLiteral("lock 'a'")};
    const std::vector<ThreadId> waitsFor = {1, 2, 1};
    const std::vector<std::string> held = {"", "'b'", "'a'"};
    for (std::size_t i = 0; i < 3; ++i) {
        const views::BlockedRequest &r = requests[i];
        QCOMPARE(r.thread, ThreadId(i));
        QCOMPARE(r.label, labels[int(i)]);
        QCOMPARE(r.waitsFor, waitsFor[i]);
        // Its last event: the run's last event of that thread.
        EventId last = kNoEvent;
        for (EventId e : m_window->currentConfiguration())
            if (s->events[e].thread == r.thread)
                last = e;
        QCOMPARE(r.after, last);
        if (held[i].empty()) {
            QCOMPARE(r.heldBy, kNoEvent);
        } else {
            QVERIFY(r.heldBy < s->events.size());
            QCOMPARE(s->events[r.heldBy].thread, waitsFor[i]);
            QCOMPARE(s->events[r.heldBy].action.kind, ActionKind::MutexLock);
            QCOMPARE(s->objectText(s->events[r.heldBy]), held[i]);
        }
        QVERIFY(!structure()->deadlock().requestRect(i).isEmpty());
        QVERIFY(structure()->sceneRect().contains(structure()->deadlock().requestRect(i)));
    }
    QVERIFY(!m_window->eventStructureView()->grab().isNull()); // painted
    QTest::keyClick(m_window.get(), Qt::Key_F10, Qt::ShiftModifier); // not at the end: nothing drawn
    QVERIFY(structure()->deadlock().requests().empty());
    QTest::keyClick(m_window.get(), Qt::Key_F8);
    QCOMPARE(structure()->deadlock().requests().size(), 3u);
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

/// The trace's rows after its events, as "T1 blocked: lock 'b' · f.c:20".
static QStringList outcomeRows(const ReplayController &replay) {
    const views::TraceModel *trace = replay.traceModel();
    QStringList out;
    for (int row = int(replay.replay()->eventCount()); row < trace->rowCount(); ++row) {
        const views::TraceRow r = trace->row(std::size_t(row));
        out << QStringLiteral("T%1 ").arg(r.thread) + trace->index(row, trace->columnOf(r.thread)).data().toString();
        if (trace->headerData(row, Qt::Vertical).toString() != QStringLiteral("✗"))
            out << QStringLiteral("(not marked ✗)");
    }
    return out;
}

void tst_DefectEndState::outcomeRowsEndTheTrace() {
    // The assertion of lost_update.c (loaded by the previous test): one row, in T0's column, at its line.
    ReplayController *replay = m_window->replay();
    QCOMPARE(
        outcomeRows(*replay),
        QStringList({QStringLiteral("T0 failed: assertion `x == 2' failed in int main(void) · lost_update.c:30")}));
    QCOMPARE(replay->traceModel()->rowCount(), int(replay->replay()->eventCount()) + 1);
    // deadlock_abba.c: each waiting thread's request at its line (the lines of deadlockEndShowsWhoWaitsWhere).
    QVERIFY(explore(QStringLiteral(WEFT_EXAMPLES "/deadlock_abba.c")));
    m_window->showDefect(0);
    QVERIFY(replay->replay()->atEnd());
    QCOMPARE(outcomeRows(*replay), QStringList({QStringLiteral("T0 blocked: join T1 · deadlock_abba.c:44"),
                                                QStringLiteral("T1 blocked: lock 'b' · deadlock_abba.c:20"),
                                                QStringLiteral("T2 blocked: lock 'a' · deadlock_abba.c:31")}));
    // Double-clicking one runs to the end, like the last event.
    replay->restart();
    replay->runTo(replay->traceModel()->rowCount() - 1);
    QVERIFY(replay->replay()->atEnd());
}

void tst_DefectEndState::raceOpensAtTheSecondAccess() {
    const QString path = QStringLiteral(WEFT_EXAMPLES "/lost_update.c");
    QVERIFY(explore(path));
    // The line of the racing statement, read from the file itself.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    const int racing = int(lines.indexOf(QRegularExpression(QStringLiteral("^\\s*x = x \\+ 1;.*")))) + 1;
    QVERIFY(racing > 0);
    QAbstractItemModel *defects = m_window->defectsView()->model();
    QVERIFY(defects->rowCount() >= 1);
    int race = -1;
    for (int row = 0; row < defects->rowCount(); ++row) {
        QCOMPARE(defects->index(row, views::DefectsModel::Kind).data().toString(), QStringLiteral("data race"));
        // Location: where the report points (file:line:column of one access).
        QVERIFY(defects->index(row, views::DefectsModel::Location)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("lost_update.c:%1:").arg(racing)));
        race = row;
    }
    m_window->showDefect(race);
    ReplayController *replay = m_window->replay();
    QVERIFY(replay->hasReplay());
    // Inside the second accessing thread's code, on the racing line, not at the end of the execution.
    QVERIFY(replay->replay()->isInsideLocalCode());
    QVERIFY(!replay->replay()->atEnd());
    const ThreadId second = replay->replay()->runningThread();
    QCOMPARE(threadLocation(second), QStringLiteral("lost_update.c:%1").arg(racing));
    // Both accesses marked in the editor: one marker per racing thread on that line.
    std::set<QString> marked;
    for (const views::ThreadMarker &m : m_window->editor()->threadMarkers())
        if (m.line == racing)
            marked.insert(m.label.right(2));
    QCOMPARE(marked, (std::set<QString>{QStringLiteral("T1"), QStringLiteral("T2")}));
}

void tst_DefectEndState::threadStatesNameTheirNextStep_data() {
    QTest::addColumn<QString>("example");
    for (const char *name : {"deadlock_abba", "lost_update", "lost_wakeup", "producer_consumer_if", "check_then_act",
                             "dining_philosophers"})
        QTest::newRow(name) << QStringLiteral(WEFT_EXAMPLES "/%1.c").arg(QLatin1String(name));
}

void tst_DefectEndState::threadStatesNameTheirNextStep() {
    // Oracle: the trace itself. Before each event, a live thread's state names its next row in the trace
    // ("running: next X" for the one that performs it, "ready: X" or "blocked: X" for the others), or the
    // request it waits on at a deadlock; a thread with no row left has finished (or raised the defect).
    QFETCH(QString, example);
    QVERIFY(explore(example));
    const auto s = m_window->session().snapshot();
    ReplayController *replay = m_window->replay();
    const std::uint64_t executions = std::min<std::uint64_t>(s->statistics.executions, 12);
    for (std::uint64_t execution = 1; execution <= executions; ++execution) {
        if (s->leafOf(execution) == ExplorationTree::kRoot)
            continue;
        m_window->selectExecution(execution);
        const debugger::Replay *r = replay->replay();
        QVERIFY(r);
        const auto &steps = r->trace().steps;
        for (std::size_t position = 0; position <= steps.size(); ++position) {
            replay->runTo(int(position));
            for (int t = 0; t < replay->threadsModel()->rowCount(); ++t) {
                const QModelIndex row = replay->threadsModel()->index(t, views::ThreadsModel::Thread);
                const ThreadId id = row.data(views::ThreadsModel::ThreadRole).toUInt();
                const QString state = row.siblingAtColumn(views::ThreadsModel::State).data().toString();
                QString expected;
                const debugger::TraceStep *nextStep = nullptr;
                for (std::size_t next = position; next < steps.size() && !nextStep; ++next)
                    if (steps[next].action.thread == id)
                        nextStep = &steps[next];
                for (const debugger::TraceStep &b : r->trace().blocked)
                    if (!nextStep && b.action.thread == id)
                        nextStep = &b;
                if (nextStep)
                    expected = QString::fromStdString(debugger::describeStep(*nextStep));
                // The second halves of cond_wait and barrier_wait are said in words, never by their
                // event names (issue 19): blocked on them, or about to wake / leave.
                const QString object = nextStep ? QString::fromStdString(nextStep->object) : QString();
                if (nextStep && nextStep->action.kind == ActionKind::CondWake) {
                    QVERIFY2(state == QStringLiteral("blocked: wait for a signal on ") + object ||
                                 state.endsWith(QStringLiteral("wake up on ") + object +
                                                QStringLiteral(" (then lock its mutex)")),
                             qPrintable(state));
                    continue;
                }
                if (nextStep && nextStep->action.kind == ActionKind::BarrierPass) {
                    QVERIFY2(state == QStringLiteral("blocked: wait at barrier ") + object +
                                          QStringLiteral(" for the others") ||
                                 state.endsWith(QStringLiteral("leave barrier ") + object),
                             qPrintable(state));
                    continue;
                }
                const QString where = QStringLiteral("execution %1, position %2, T%3: %4")
                                          .arg(execution)
                                          .arg(position)
                                          .arg(id)
                                          .arg(state);
                if (expected.isEmpty()) {
                    QVERIFY2(state == QStringLiteral("finished") || state.startsWith(QStringLiteral("stopped: ")),
                             qPrintable(where));
                } else if (position < steps.size() && steps[position].action.thread == id) {
                    QVERIFY2(state == QStringLiteral("running: next ") + expected, qPrintable(where));
                } else {
                    QVERIFY2(state == QStringLiteral("ready: ") + expected ||
                                 state == QStringLiteral("blocked: ") + expected,
                             qPrintable(where));
                }
            }
            // F11 from here: the running thread runs its code or has performed its event; no other
            // thread's state changes its next step.
            if (position < steps.size()) {
                QTest::keyClick(m_window.get(), Qt::Key_F11);
                const ThreadId running = steps[position].action.thread;
                const QString state = replay->threadsModel()
                                          ->indexOf(running, -1)
                                          .siblingAtColumn(views::ThreadsModel::State)
                                          .data()
                                          .toString();
                if (r->isInsideLocalCode()) {
                    QCOMPARE(state, QStringLiteral("running its local code"));
                } else {
                    QCOMPARE(r->position(), position + 1);
                    QVERIFY2(!state.startsWith(QStringLiteral("running: next ")) ||
                                 (position + 1 < steps.size() && steps[position + 1].action.thread == running),
                             qPrintable(state));
                }
            }
        }
    }
}

void tst_DefectEndState::runOutsideTheExplorationIsSaid() {
    // Bounded to one execution, "explore with" an event of another run: no explored leaf is marked, the
    // run is drawn as its own leaf (marked) where it leaves the explored path, and the status bar says it
    // was not explored (complete explorations mark the run's leaf: tst_Debugger).
    ExplorationOptions bounded;
    bounded.maxExecutions = 1;
    m_window->settingsMenu()->save(bounded);
    QVERIFY(explore(QStringLiteral(WEFT_EXAMPLES "/deadlock_abba.c")));
    const auto s = m_window->session().snapshot();
    QCOMPARE(s->statistics.executions, 1u);
    m_window->selectExecution(1);
    const EventId outside = test::eventOutside(*s, m_window->currentConfiguration());
    QVERIFY(outside != kNoEvent);
    QVERIFY(m_window->exploreWithEvent(outside));
    auto *tree = m_window->explorationTreeView()->tree();
    QCOMPARE(tree->chosenExecution(), 0u);
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("not among the 1 execution(s) explored")));
    QCOMPARE(tree->visitedRunCount(), std::size_t(1));
    QCOMPARE(tree->chosenVisitedRun(), std::size_t(1));
    const std::vector<EventId> run = m_window->currentConfiguration();
    const std::size_t steps = m_window->replay()->replay()->eventCount();
    auto inRun = [&](EventId e) { return std::find(run.begin(), run.end(), e) != run.end(); };
    // It leaves the explored path at the deepest node whose steps are all events of the run.
    const auto branch = tree->visitedRunBranch(1);
    const auto s2 = m_window->session().snapshot();
    for (EventId e : s2->pathTo(branch))
        QVERIFY(inRun(e));
    for (std::size_t n = 1; n < s2->tree.size(); ++n)
        if (s2->tree[n].parent == branch && !s2->tree[n].isLeaf)
            QVERIFY(!inRun(s2->tree[n].event));
    QVERIFY(s2->pathTo(branch).size() < steps); // a new run: it goes on past the explored path
    // Drawn right of the explored leaf, as deep as the run is long; the legend names it.
    const QPointF at = tree->visitedRunPosition(1);
    QVERIFY(at.x() > tree->leafPosition(1).x());
    QCOMPARE(at.y(), qreal(steps + 1) * views::ExplorationTreeScene::kRowHeight);
    QVERIFY(m_window->explorationTreeView()->legend()->entries().contains(QStringLiteral("replayed, not explored")));
    auto *view = m_window->explorationTreeView();
    view->fitAll();
    const QImage image = view->viewport()->grab().toImage();
    const QPoint pixel = view->mapFromScene(at);
    QCOMPARE(image.pixelColor(pixel), QColor(Qt::white)); // a white disc ...
    QVERIFY(image.pixelColor(pixel + QPoint(4, 0)) != QColor(Qt::white)); // ... with an outline
    // Back to the explored execution, then the same jump: the same leaf, marked again.
    m_window->selectExecution(1);
    QCOMPARE(tree->chosenExecution(), 1u);
    QCOMPARE(tree->chosenVisitedRun(), std::size_t(0));
    QVERIFY(m_window->exploreWithEvent(outside));
    QCOMPARE(tree->visitedRunCount(), std::size_t(1));
    QCOMPARE(tree->chosenVisitedRun(), std::size_t(1));
    QCOMPARE(tree->chosenExecution(), 0u);
    // A new exploration starts a new tree: no visited run.
    m_window->settingsMenu()->save(ExplorationOptions{});
    QVERIFY(explore(QStringLiteral(WEFT_EXAMPLES "/deadlock_abba.c")));
    QCOMPARE(tree->visitedRunCount(), std::size_t(0));
    QVERIFY(!m_window->explorationTreeView()->legend()->entries().contains(QStringLiteral("replayed, not explored")));
}

QTEST_MAIN(tst_DefectEndState)
#include "tst_DefectEndState.moc"
