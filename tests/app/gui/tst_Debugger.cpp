// SPDX-License-Identifier: MIT
// The debugger panes driven like a user: after F5 on lost_update.c, clicking a failing leaf loads its
// interleaving into the trace (one column per thread); F10 / Shift+F10 / F11 / Ctrl+F10 / F8 /
// Ctrl+Shift+F10 step it and the threads, variables and console panes and the editor's thread
// markers follow; activating (double-click, Enter) the defect runs its counterexample to the failing assertion.
#include "app/gui/ExamplesMenu.hpp"
#include "app/gui/MainWindow.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "app/gui/RecentFilesMenu.hpp"
#include "app/gui/SettingsMenu.hpp"
#include "engine/debugger/EventChoice.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/eventstructure/CurrentEventItem.hpp"
#include "views/trace/ThreadPalette.hpp"
#include "app/gui/ReplayController.hpp"
#include "engine/debugger/Replay.hpp"
#include "views/defects/DefectsModel.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/source/SourceEditor.hpp"
#include "views/threads/ThreadsModel.hpp"
#include "views/trace/TraceModel.hpp"
#include "views/variables/VariablesModel.hpp"

#include "tests/views/graphics/AutoFit.hpp"

#include <QtTest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardPaths>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTableView>
#include <QTreeView>

using namespace weft;
using namespace weft::gui;

class tst_Debugger : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void leafLoadsTheTrace();
    void stepWithKeys();
    void variablesFollowTheSteps();
    void threadsPaneSelectsFrames();
    void defectDoubleClickStopsAtTheFailure();
    void debugMenuHasShortcuts();
    void exploreWithAnEventOfTheStructure();
    void whatIfAnotherThreadHadGoneFirst();
    void viewsFollowEveryJump();
    void eventStructureMarksTheCurrentStep();
    void filterTheEventStructureByThread();
    void exportsWriteFiles();
    void settingsPersist();
    void examplesMenuOpensAnExample();

private:
    MainWindow *m_window = nullptr;
};

using test::testProgram;

void tst_Debugger::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // QSettings in a test location
    QSettings().clear();
    m_window = new MainWindow;
    QVERIFY(test::showAndActivate(*m_window, QSize(1400, 900)));
    QVERIFY(m_window->openFile(testProgram("lost_update")));
    QSignalSpy finished(&m_window->session(), &session::ExplorationSession::finished);
    QTest::keyClick(m_window, Qt::Key_F5);
    QVERIFY(finished.wait(60000));
    QTRY_VERIFY(m_window->explorationTreeView()->tree()->isUpToDate());
    QVERIFY(views::test::waitForAutoFit(*m_window->explorationTreeView()));
}

void tst_Debugger::cleanupTestCase() { delete m_window; }

void tst_Debugger::leafLoadsTheTrace() {
    ReplayController *replay = m_window->replay();
    QVERIFY(!replay->hasReplay());
    QVERIFY(!replay->stepEventAction()->isEnabled());
    auto *treeView = m_window->explorationTreeView();
    auto *tree = treeView->tree();
    QCOMPARE(tree->leafKind(2), LeafKind::Defect);
    QTest::mouseClick(treeView->viewport(), Qt::LeftButton, {}, treeView->mapFromScene(tree->leafPosition(2)));
    QVERIFY(replay->hasReplay());
    views::TraceModel *trace = replay->traceModel();
    const auto path = m_window->session().snapshot()->pathTo(tree->leafNode(2));
    QCOMPARE(std::size_t(trace->rowCount()), path.size() + 1); // its events, then the failing step
    QCOMPARE(trace->columnCount(), 3); // T0, T1, T2
    QCOMPARE(trace->headerData(1, Qt::Horizontal).toString(), QStringLiteral("T1"));
    // Row 0: main starts, in T0's column only.
    QVERIFY(trace->index(0, 0).data().toString().startsWith(QStringLiteral("start")));
    QVERIFY(trace->index(0, 1).data().toString().isEmpty());
    QCOMPARE(trace->position(), 0u);
    QVERIFY(replay->stepEventAction()->isEnabled());
    QVERIFY(!replay->stepBackAction()->isEnabled());
    QVERIFY(!m_window->editor()->threadMarkers().empty());
}

void tst_Debugger::stepWithKeys() {
    ReplayController *replay = m_window->replay();
    QVERIFY(replay->hasReplay());
    QTest::keyClick(m_window, Qt::Key_F10);
    QTest::keyClick(m_window, Qt::Key_F10);
    QCOMPARE(replay->traceModel()->position(), 2u);
    QTest::keyClick(m_window, Qt::Key_F10, Qt::ShiftModifier);
    QCOMPARE(replay->traceModel()->position(), 1u);
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("Step 2 of")));

    // Select a later step in the trace and run to it with Ctrl+F10.
    QTableView *view = replay->traceView();
    const int row = 6;
    const int column = replay->traceModel()->columnOf(replay->traceModel()->row(std::size_t(row)).thread);
    view->setCurrentIndex(replay->traceModel()->index(row, column));
    QTest::keyClick(m_window, Qt::Key_F10, Qt::ControlModifier);
    QCOMPARE(replay->traceModel()->position(), std::size_t(row));

    // F11 goes line by line inside the running thread: its marker moves, the position stays until the
    // thread reaches its next event.
    const ThreadId running = replay->replay()->runningThread();
    auto markerLine = [&] {
        for (const auto &m : m_window->editor()->threadMarkers())
            if (m.running)
                return m.line;
        return 0;
    };
    const int before = markerLine();
    QVERIFY(before > 0);
    QTest::keyClick(m_window, Qt::Key_F11);
    if (replay->replay()->isInsideLocalCode()) {
        QCOMPARE(replay->replay()->runningThread(), running);
        QVERIFY(markerLine() != before);
    }
    for (int i = 0; i < 20 && replay->traceModel()->position() == std::size_t(row); ++i)
        QTest::keyClick(m_window, Qt::Key_F11);
    QCOMPARE(replay->traceModel()->position(), std::size_t(row + 1));

    // Click a step and press Enter (or double-click it): run to it.
    const QModelIndex third =
        replay->traceModel()->index(3, replay->traceModel()->columnOf(replay->traceModel()->row(3).thread));
    view->scrollTo(third);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(third).center());
    QCOMPARE(view->currentIndex(), third);
    QTest::keyClick(view, Qt::Key_Return);
    QCOMPARE(replay->traceModel()->position(), 3u);

    QTest::keyClick(m_window, Qt::Key_F8);
    QVERIFY(replay->replay()->atEnd());
    QVERIFY(!replay->stepEventAction()->isEnabled());
    QCOMPARE(m_window->editor()->currentLine(), 30); // assert(x == 2)
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("x == 2")));
    QCOMPARE(replay->console()->toPlainText(), QStringLiteral("x = 1\n"));

    QTest::keyClick(m_window, Qt::Key_F10, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(replay->traceModel()->position(), 0u);
    QVERIFY(replay->console()->toPlainText().isEmpty());
}

void tst_Debugger::variablesFollowTheSteps() {
    ReplayController *replay = m_window->replay();
    views::VariablesModel *vars = replay->variablesModel();
    QTest::keyClick(m_window, Qt::Key_F10, Qt::ControlModifier | Qt::ShiftModifier);
    QModelIndex x = vars->find(QStringLiteral("x"), true);
    QVERIFY(x.isValid());
    QCOMPARE(x.siblingAtColumn(views::VariablesModel::Value).data().toString(), QStringLiteral("0"));
    QCOMPARE(x.siblingAtColumn(views::VariablesModel::Type).data().toString(), QStringLiteral("int"));
    // Step until x changes: the step that writes it highlights the new value.
    bool sawChange = false;
    for (int i = 0; i < 40 && !sawChange; ++i) {
        QTest::keyClick(m_window, Qt::Key_F10);
        x = vars->find(QStringLiteral("x"), true);
        if (x.siblingAtColumn(views::VariablesModel::Value).data().toString() == QStringLiteral("1")) {
            sawChange = true;
            QVERIFY(x.siblingAtColumn(views::VariablesModel::Value).data(views::VariablesModel::ChangedRole).toBool());
        }
    }
    QVERIFY(sawChange);
    QTest::keyClick(m_window, Qt::Key_F10);
    x = vars->find(QStringLiteral("x"), true);
    QVERIFY(!x.siblingAtColumn(views::VariablesModel::Value).data(views::VariablesModel::ChangedRole).toBool());
}

void tst_Debugger::threadsPaneSelectsFrames() {
    ReplayController *replay = m_window->replay();
    replay->runTo(5);
    views::ThreadsModel *threads = replay->threadsModel();
    QCOMPARE(threads->rowCount(), 3);
    QVERIFY(threads->index(0, views::ThreadsModel::State).data().toString().startsWith(QStringLiteral("blocked")));
    // Click main's frame: the variables pane shows main's locals.
    QTreeView *view = replay->threadsView();
    const QModelIndex mainFrame = threads->indexOf(0, 0);
    QVERIFY(mainFrame.isValid());
    QCOMPARE(mainFrame.data().toString(), QStringLiteral("main"));
    view->scrollTo(mainFrame);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(mainFrame).center());
    QCOMPARE(replay->variablesModel()->selectedThread(), ThreadId(0));
    QVERIFY(replay->variablesModel()->find(QStringLiteral("t1"), false).isValid());
    const QModelIndex t1Frame = threads->indexOf(1, 0);
    view->scrollTo(t1Frame);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(t1Frame).center());
    QCOMPARE(replay->variablesModel()->selectedThread(), ThreadId(1));
    const QModelIndex tmp = replay->variablesModel()->find(QStringLiteral("tmp"), false);
    QVERIFY(tmp.isValid());
    QCOMPARE(tmp.siblingAtColumn(views::VariablesModel::Value).data().toString(), QStringLiteral("0"));
}

void tst_Debugger::defectDoubleClickStopsAtTheFailure() {
    ReplayController *replay = m_window->replay();
    replay->restart();
    QTreeView *defects = m_window->defectsView();
    const QModelIndex first = defects->model()->index(0, views::DefectsModel::Message);
    QVERIFY(first.isValid());
    QTest::mouseClick(defects->viewport(), Qt::LeftButton, {}, defects->visualRect(first).center());
    QTest::keyClick(defects, Qt::Key_Return); // as a double-click: activates the defect
    QTRY_VERIFY(replay->hasReplay() && replay->replay()->atEnd());
    QVERIFY(replay->replay()->endsInDefect());
    QCOMPARE(m_window->editor()->currentLine(), 30);
    QVERIFY(m_window->statusBar()->currentMessage().contains(QStringLiteral("x == 2")));
    QVERIFY(replay->traceModel()->rowCount() > 0);
}

void tst_Debugger::debugMenuHasShortcuts() {
    QMenu *debug = m_window->menuBar()->findChild<QMenu *>(QStringLiteral("debugMenu"));
    QVERIFY(debug);
    const ReplayController *replay = m_window->replay();
    QCOMPARE(debug->actions().mid(0, 6), replay->actions());
    QCOMPARE(debug->actions().back(), m_window->exploreWithAction());
    QCOMPARE(m_window->exploreWithAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
    QCOMPARE(replay->stepEventAction()->shortcut(), QKeySequence(Qt::Key_F10));
    QCOMPARE(replay->stepBackAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F10));
    QCOMPARE(replay->stepLineAction()->shortcut(), QKeySequence(Qt::Key_F11));
    for (QAction *a : replay->actions()) {
        QVERIFY(!a->shortcut().isEmpty());
        QVERIFY(!a->toolTip().isEmpty());
    }
}

/// The trace's first steps replay exactly these events (same threads and actions).
static void verifyTraceFollows(MainWindow &window, const std::vector<EventId> &events) {
    const auto s = window.session().snapshot();
    const auto &steps = window.replay()->replay()->trace().steps;
    QVERIFY(steps.size() >= events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        QCOMPARE(steps[i].action.thread, s->events[events[i]].thread);
        QCOMPARE(steps[i].action.kind, s->events[events[i]].action.kind);
    }
}

void tst_Debugger::exploreWithAnEventOfTheStructure() {
    m_window->selectExecution(1);
    const auto s = m_window->session().snapshot();
    const std::vector<EventId> current = m_window->currentConfiguration();
    QVERIFY(!current.empty());
    // An event in immediate conflict with one of execution 1's events: outside the configuration.
    const EventId outside = test::eventOutside(*s, current);
    QVERIFY(outside != kNoEvent);

    // Right click on it in the event structure: its context menu offers "Explore with This Event".
    auto *view = m_window->eventStructureView();
    view->fitAll();
    const QPoint at = view->mapFromScene(view->structure()->layout().position(outside));
    QContextMenuEvent click(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &click);
    QMenu *menu = m_window->findChild<QMenu *>(QStringLiteral("eventContextMenu"));
    QVERIFY(menu);
    QVERIFY(menu->actions().contains(m_window->exploreWithAction()));
    QVERIFY(m_window->exploreWithAction()->isEnabled());
    menu->close();
    QTest::keyClick(m_window, Qt::Key_E, Qt::ControlModifier);

    const std::vector<EventId> &now = m_window->currentConfiguration();
    QVERIFY(std::find(now.begin(), now.end(), outside) != now.end());
    const int row = m_window->replay()->rowOfEvent(outside);
    QVERIFY(row >= 0);
    QCOMPARE(m_window->replay()->traceModel()->position(), std::size_t(row)); // the event is next
    verifyTraceFollows(*m_window, now);
    // [e] is in, and what stayed of the old execution is what does not conflict with [e].
    for (EventId x : debugger::causalPast(*s, outside))
        QVERIFY(std::find(now.begin(), now.end(), x) != now.end());
    QCOMPARE(view->structure()->emphasis(outside), views::EventNodesItem::Emphasis::Highlighted);
    QVERIFY(!m_window->exploreWithAction()->isEnabled()); // it is in the configuration now
}

void tst_Debugger::whatIfAnotherThreadHadGoneFirst() {
    m_window->selectExecution(1);
    const auto s = m_window->session().snapshot();
    ReplayController *replay = m_window->replay();
    // The first step of the trace where another thread's event conflicts with this one.
    int row = -1;
    EventId alternative = kNoEvent;
    for (int r = 0; r < replay->traceModel()->rowCount() && row < 0; ++r)
        for (EventId other : debugger::immediateConflicts(*s, replay->eventOfRow(r)))
            if (row < 0 && s->events[other].thread != s->events[replay->eventOfRow(r)].thread) {
                row = r;
                alternative = other;
            }
    QVERIFY(row >= 0);
    QVERIFY(replay->traceModel()->hasAlternative(row)); // marked ⇄ in the row header
    QVERIFY(replay->traceModel()->headerData(row, Qt::Vertical).toString().endsWith(QStringLiteral("⇄")));
    QVERIFY(!replay->traceModel()->hasAlternative(0)); // main's start: nothing else could happen
    QTableView *view = replay->traceView();
    const QModelIndex cell = replay->traceModel()->index(
        row, replay->traceModel()->columnOf(replay->traceModel()->row(std::size_t(row)).thread));
    view->scrollTo(cell);
    const QPoint at = view->visualRect(cell).center();
    QContextMenuEvent click(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &click);
    QMenu *menu = m_window->findChild<QMenu *>(QStringLiteral("traceContextMenu"));
    QVERIFY(menu);
    QAction *whatIf = nullptr;
    for (QAction *a : menu->actions())
        if (a->data().toULongLong() == alternative && a->text().startsWith(QStringLiteral("What if T")))
            whatIf = a;
    QVERIFY(whatIf);
    menu->close();
    whatIf->trigger();
    const std::vector<EventId> &now = m_window->currentConfiguration();
    QVERIFY(std::find(now.begin(), now.end(), alternative) != now.end());
    verifyTraceFollows(*m_window, now);
    QCOMPARE(replay->traceModel()->position(), std::size_t(replay->rowOfEvent(alternative)));
}

/// The explored execution whose events are exactly `events` (by brute force over every leaf), or 0.
static std::uint64_t executionWith(const ExplorationSnapshot &s, std::vector<EventId> events) {
    std::sort(events.begin(), events.end());
    for (std::size_t n = 0; n < s.tree.size(); ++n) {
        if (!s.tree[n].isLeaf)
            continue;
        std::vector<EventId> path = s.pathTo(ExplorationTree::NodeId(n));
        std::sort(path.begin(), path.end());
        if (path == events)
            return s.tree[n].execution;
    }
    return 0;
}

/// Every view shows the loaded run: each trace row has its event (same thread and action), the event
/// structure highlights exactly those and rings the next one, the tree marks the run's leaf, and each
/// row is marked ⇄ exactly when an event outside the run conflicts with it.
static void verifyViewsFollow(MainWindow &window) {
    const auto s = window.session().snapshot();
    ReplayController *replay = window.replay();
    const debugger::Replay *r = replay->replay();
    QVERIFY(r);
    const std::vector<EventId> &run = window.currentConfiguration();
    QCOMPARE(run.size(), r->eventCount());
    for (std::size_t row = 0; row < run.size(); ++row) {
        const EventId e = replay->eventOfRow(int(row));
        QVERIFY(e < s->events.size());
        QCOMPARE(s->events[e].thread, r->trace().steps[row].action.thread);
        QVERIFY(s->events[e].action == r->trace().steps[row].action);
    }
    views::EventStructureScene *scene = window.eventStructureView()->structure();
    for (EventId e = 0; e < s->events.size(); ++e) {
        const bool in = std::find(run.begin(), run.end(), e) != run.end();
        QCOMPARE(scene->emphasis(e) == views::EventNodesItem::Emphasis::Highlighted, in);
    }
    QCOMPARE(scene->currentEvent(), r->atEnd() ? kNoEvent : replay->eventOfRow(int(r->position())));
    const std::uint64_t execution = executionWith(*s, run);
    QVERIFY(execution != 0); // lost_update is explored completely: every run is a leaf
    QCOMPARE(window.explorationTreeView()->tree()->chosenExecution(), execution);
    for (std::size_t row = 0; row < run.size(); ++row) {
        bool alternative = false;
        for (EventId other : debugger::immediateConflicts(*s, run[row]))
            alternative = alternative || std::find(run.begin(), run.end(), other) == run.end();
        QCOMPARE(replay->traceModel()->hasAlternative(int(row)), alternative);
    }
}

void tst_Debugger::viewsFollowEveryJump() {
    // After "what if" (twice: the markers of the new run offer the next one), run to a step, F10 and
    // Restart, every view shows the same run and position.
    m_window->selectExecution(1);
    verifyViewsFollow(*m_window);
    ReplayController *replay = m_window->replay();
    std::vector<std::uint64_t> visited{m_window->explorationTreeView()->tree()->chosenExecution()};
    for (int jump = 0; jump < 2; ++jump) {
        // The last ⇄ row's first "what if".
        EventId alternative = kNoEvent;
        for (int row = replay->traceModel()->rowCount() - 1; row >= 0 && alternative == kNoEvent; --row) {
            if (!replay->traceModel()->hasAlternative(row))
                continue;
            QMenu *menu = m_window->showTraceMenu(row, QPoint());
            for (QAction *a : menu->actions())
                if (alternative == kNoEvent && a->data().isValid() && a->text().startsWith(QStringLiteral("What if")))
                    alternative = EventId(a->data().toULongLong());
            menu->close();
        }
        QVERIFY(alternative != kNoEvent);
        QVERIFY(m_window->exploreWithEvent(alternative));
        verifyViewsFollow(*m_window);
        QCOMPARE(replay->eventOfRow(int(replay->traceModel()->position())), alternative);
        visited.push_back(m_window->explorationTreeView()->tree()->chosenExecution());
        QVERIFY(visited.back() != visited[visited.size() - 2]); // another leaf is marked
    }
    replay->runTo(2);
    verifyViewsFollow(*m_window);
    QTest::keyClick(m_window, Qt::Key_F10);
    QCOMPARE(replay->traceModel()->position(), 3u);
    verifyViewsFollow(*m_window);
    QTest::keyClick(m_window, Qt::Key_F10, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(replay->traceModel()->position(), 0u);
    verifyViewsFollow(*m_window);
}

void tst_Debugger::eventStructureMarksTheCurrentStep() {
    // The event the replay performs next is ringed in its thread's colour in the event structure and
    // scrolled into view (zoom unchanged) at each F10; Shift+F10 moves the ring back.
    m_window->selectExecution(2);
    ReplayController *replay = m_window->replay();
    const auto s = m_window->session().snapshot();
    auto *view = m_window->eventStructureView();
    views::EventStructureScene *scene = view->structure();
    auto next = [&] { return replay->eventOfRow(int(replay->traceModel()->position())); };
    QCOMPARE(replay->traceModel()->position(), 0u);
    QVERIFY(next() != kNoEvent);
    QCOMPARE(scene->currentEvent(), next()); // before the first step: main's start

    view->fitAll();
    for (int i = 0; i < 8; ++i) // far enough in that the structure no longer fits
        view->zoomIn();
    const qreal zoom = view->zoom();
    auto visible = [&] { return view->mapToScene(view->viewport()->rect()).boundingRect(); };
    std::vector<EventId> marked{scene->currentEvent()};
    for (std::size_t step = 1; step <= 5; ++step) {
        QTest::keyClick(m_window, Qt::Key_F10);
        QCOMPARE(replay->traceModel()->position(), step);
        const EventId e = next();
        QVERIFY(e != kNoEvent);
        QCOMPARE(scene->currentEvent(), e);
        QCOMPARE(scene->currentEventMarker().event(), e);
        QCOMPARE(scene->currentEventMarker().colour(), views::threadColour(s->events[e].thread));
        QVERIFY(visible().contains(scene->nodeRect(e)));
        QCOMPARE(view->zoom(), zoom);
        marked.push_back(e);
    }
    QTest::keyClick(m_window, Qt::Key_F10, Qt::ShiftModifier);
    QCOMPARE(scene->currentEvent(), marked[4]);
    QTest::keyClick(m_window, Qt::Key_F10, Qt::ShiftModifier);
    QCOMPARE(scene->currentEvent(), marked[3]);
    QCOMPARE(scene->currentEventMarker().event(), marked[3]);
    QVERIFY(visible().contains(scene->nodeRect(marked[3])));
    // At the end nothing is next: no ring; Restart puts it back on the first event.
    QTest::keyClick(m_window, Qt::Key_F8);
    QCOMPARE(scene->currentEvent(), kNoEvent);
    QCOMPARE(scene->currentEventMarker().event(), kNoEvent);
    QTest::keyClick(m_window, Qt::Key_F10, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(scene->currentEvent(), marked[0]);
    view->fitAll();
}

void tst_Debugger::filterTheEventStructureByThread() {
    auto *view = m_window->eventStructureView();
    auto *scene = view->structure();
    const auto s = m_window->session().snapshot();
    QMenu *filter = m_window->menuBar()->findChild<QMenu *>(QStringLiteral("threadFilterMenu"));
    QVERIFY(filter);
    QMetaObject::invokeMethod(filter, "aboutToShow");
    QAction *t1 = nullptr;
    for (QAction *a : filter->actions())
        if (a->isCheckable() && a->data().toUInt() == 1)
            t1 = a;
    QVERIFY(t1);
    QVERIFY(t1->isChecked());
    t1->trigger(); // hide T1
    QCOMPARE(scene->hiddenThreads(), std::vector<ThreadId>{1});
    EventId ofT1 = kNoEvent, ofT0 = kNoEvent;
    for (EventId e = 0; e < scene->drawnEvents(); ++e) {
        QCOMPARE(scene->isHidden(e), s->events[e].thread == 1);
        if (s->events[e].thread == 1 && ofT1 == kNoEvent)
            ofT1 = e;
        if (s->events[e].thread == 0 && ofT0 == kNoEvent)
            ofT0 = e;
    }
    QCOMPARE(scene->eventAt(scene->layout().position(ofT1)), kNoEvent); // not clickable
    QCOMPARE(scene->eventAt(scene->layout().position(ofT0)), ofT0);
    QTest::keyClick(m_window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier); // Show All Threads
    QVERIFY(scene->hiddenThreads().empty());
    QVERIFY(!scene->isHidden(ofT1));
}

void tst_Debugger::exportsWriteFiles() {
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("es.svg"));
    QVERIFY(m_window->exportDiagram(false, svg));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    QVERIFY(svgFile.readAll().contains("<svg"));
    const QString png = dir.filePath(QStringLiteral("tree.png"));
    QVERIFY(m_window->exportDiagram(true, png));
    QVERIFY(!QImage(png).isNull());

    const QString json = dir.filePath(QStringLiteral("results.json"));
    QVERIFY(m_window->exportResults(json));
    QFile jsonFile(json);
    QVERIFY(jsonFile.open(QIODevice::ReadOnly));
    const QJsonDocument doc = QJsonDocument::fromJson(jsonFile.readAll());
    QVERIFY(doc.isObject());
    const QJsonArray defects = doc.object().value(QStringLiteral("defects")).toArray();
    QCOMPARE(defects.size(), 1);
    QVERIFY(defects[0].toObject().value(QStringLiteral("message")).toString().contains(QStringLiteral("x == 2")));
    QVERIFY(!defects[0].toObject().value(QStringLiteral("steps")).toArray().isEmpty());

    QVERIFY(m_window->replay()->hasReplay());
    const QString text = dir.filePath(QStringLiteral("trace.txt"));
    QVERIFY(m_window->exportTrace(text));
    QFile textFile(text);
    QVERIFY(textFile.open(QIODevice::ReadOnly));
    const QString trace = QString::fromUtf8(textFile.readAll());
    QVERIFY(trace.startsWith(QStringLiteral("1. T0 start")));
    QVERIFY(trace.contains(QStringLiteral("x == 2")));
    QCOMPARE(m_window->exportActions().size(), 4);
    for (QAction *a : m_window->exportActions())
        QVERIFY(!a->shortcut().isEmpty());
}

void tst_Debugger::settingsPersist() {
    SettingsMenu *settings = m_window->settingsMenu();
    QMenu *policy = settings->findChild<QMenu *>(QStringLiteral("policyMenu"));
    QVERIFY(policy);
    QAction *sdpor = nullptr;
    for (QAction *a : policy->actions())
        if (a->data().toInt() == -1)
            sdpor = a;
    QVERIFY(sdpor);
    sdpor->trigger();
    QCOMPARE(QSettings().value(QStringLiteral("exploration/policy")).toInt(), -1);
    QCOMPARE(settings->apply({}).policy.number(), -1);
    {
        SettingsMenu fresh; // a new window reads the saved choice
        QCOMPARE(fresh.policyNumber(), -1);
    }
    settings->setPolicyNumber(0);
    settings->save(settings->apply({}));
    QCOMPARE(SettingsMenu().policyNumber(), 0);
    QVERIFY(m_window->recentFilesMenu()->files().front().endsWith(QStringLiteral("lost_update.c")));
}

void tst_Debugger::examplesMenuOpensAnExample() {
    QTemporaryDir empty;
    qputenv("WEFT_EXAMPLES_DIR", empty.path().toLocal8Bit());
    ExamplesMenu *examples = m_window->examplesMenu();
    examples->refresh();
    QCOMPARE(examples->actions().size(), 1);
    QVERIFY(!examples->actions().front()->isEnabled()); // "(no examples found)"

    QTemporaryDir dir;
    QVERIFY(QFile::copy(testProgram("lost_update"), dir.filePath(QStringLiteral("lost_update.c"))));
    qputenv("WEFT_EXAMPLES_DIR", dir.path().toLocal8Bit());
    examples->refresh();
    QCOMPARE(examples->actions().size(), 1);
    QCOMPARE(examples->actions().front()->text(), QStringLiteral("lost_update.c"));
    examples->actions().front()->trigger();
    QCOMPARE(m_window->session().fileName(), dir.filePath(QStringLiteral("lost_update.c")));
    QVERIFY(m_window->session().hasProgram());
    QVERIFY(!m_window->replay()->hasReplay()); // a new file clears the debugger panes
    qunsetenv("WEFT_EXAMPLES_DIR");
}

QTEST_MAIN(tst_Debugger)
#include "tst_Debugger.moc"
