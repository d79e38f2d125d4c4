// SPDX-License-Identifier: MIT
// The main window driven like a user: F5 explores lost_update.c and the counters, tree, event structure
// and defects list reach their final values; F6 pauses and Shift+F5 cancels a long exploration; a file
// with a compile error shows Clang's diagnostic in the editor; clicking a leaf highlights its events;
// the French UI (--lang fr) translates the menus.
#include "app/gui/MainWindow.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "app/gui/Translation.hpp"
#include "views/defects/DefectsModel.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/progress/CountersBar.hpp"
#include "views/source/SourceEditor.hpp"

#include "tests/views/graphics/AutoFit.hpp"

#include <QtTest>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTextBlock>
#include <QTranslator>
#include <QTreeView>

#include <ctime>

using namespace weft;
using namespace weft::gui;
using Counter = views::CountersBar::Counter;

class tst_MainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); } // recent files, settings
    void exploreWithF5();
    void leafClickHighlightsExecution();
    void pauseAndCancelWithShortcuts();
    void windowStaysResponsiveWhileExploring();
    void compileErrorInEditor();
    void unsupportedOperationWarnedInEditor();
    void menusHaveShortcuts();
    void frenchUserInterface();
};

using test::showAndActivate;
using test::testProgram;

void tst_MainWindow::exploreWithF5() {
    MainWindow window;
    QVERIFY(showAndActivate(window));
    QVERIFY(window.openFile(testProgram("lost_update")));
    QVERIFY(window.editor()->toPlainText().contains(QStringLiteral("pthread_mutex_lock(&m);")));
    QVERIFY(window.exploreAction()->isEnabled());
    QVERIFY(!window.cancelAction()->isEnabled());

    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY(window.session().state() != session::ExplorationSession::State::Ready); // F5 started it
    views::CountersBar *counters = window.counters();
    QTRY_COMPARE_WITH_TIMEOUT(counters->stateText(), QStringLiteral("Finished"), 60000);
    QCOMPARE(counters->value(Counter::Executions), QStringLiteral("6"));
    QCOMPARE(counters->value(Counter::Maximal), QStringLiteral("6"));
    QCOMPARE(counters->value(Counter::SleepBlocked), QStringLiteral("0"));
    QCOMPARE(counters->value(Counter::Events), QStringLiteral("71"));
    QCOMPARE(counters->value(Counter::Defects), QStringLiteral("1"));
    QVERIFY(counters->value(Counter::Elapsed).endsWith(QStringLiteral(" s")));

    QTRY_VERIFY(window.explorationTreeView()->tree()->isUpToDate());
    QCOMPARE(window.explorationTreeView()->tree()->leafCount(), 6u);
    QTRY_VERIFY(window.eventStructureView()->structure()->isUpToDate());
    QCOMPARE(window.eventStructureView()->structure()->drawnEvents(), 71u);

    QAbstractItemModel *defects = window.defectsView()->model();
    QCOMPARE(defects->rowCount(), 1);
    QCOMPARE(defects->index(0, views::DefectsModel::Kind).data().toString(), QStringLiteral("assertion failure"));
    QVERIFY(defects->index(0, views::DefectsModel::Message).data().toString().contains(QStringLiteral("x == 2")));
    QCOMPARE(defects->index(0, views::DefectsModel::Location).data().toString(), QStringLiteral("lost_update.c:30:5"));
    QVERIFY(window.exploreAction()->isEnabled()); // ready to explore again
}

void tst_MainWindow::leafClickHighlightsExecution() {
    MainWindow window;
    QVERIFY(showAndActivate(window));
    QVERIFY(window.openFile(testProgram("lost_update")));
    QSignalSpy finished(&window.session(), &session::ExplorationSession::finished);
    window.exploreAction()->trigger();
    QVERIFY(finished.wait(60000));
    auto *treeView = window.explorationTreeView();
    QTRY_VERIFY(treeView->tree()->isUpToDate());
    QVERIFY(views::test::waitForAutoFit(*treeView));
    auto *tree = treeView->tree();
    QCOMPARE(tree->leafKind(2), LeafKind::Defect);
    QTest::mouseClick(treeView->viewport(), Qt::LeftButton, {}, treeView->mapFromScene(tree->leafPosition(2)));
    QCOMPARE(tree->chosenExecution(), 2u);

    auto *structure = window.eventStructureView()->structure();
    QTRY_VERIFY(structure->isUpToDate());
    const auto path = window.session().snapshot()->pathTo(tree->leafNode(2));
    QVERIFY(!path.empty());
    std::size_t highlighted = 0, faded = 0;
    for (EventId e = 0; e < structure->drawnEvents(); ++e) {
        const auto emphasis = structure->emphasis(e);
        highlighted += emphasis == views::EventNodesItem::Emphasis::Highlighted;
        faded += emphasis == views::EventNodesItem::Emphasis::Faded;
    }
    QCOMPARE(highlighted, path.size());
    QCOMPARE(highlighted + faded, 71u);

    // Clicking an event marks its source line in the editor.
    auto *eventView = window.eventStructureView();
    const EventId lock = [&] {
        for (EventId e : path)
            if (window.session().snapshot()->events[e].action.kind == ActionKind::MutexLock)
                return e;
        return kNoEvent;
    }();
    QVERIFY(lock != kNoEvent);
    eventView->fitAll();
    QTest::mouseClick(eventView->viewport(), Qt::LeftButton, {},
                      eventView->mapFromScene(structure->layout().position(lock)));
    QTRY_VERIFY(window.editor()->currentLine() == 13 || window.editor()->currentLine() == 16);
}

void tst_MainWindow::pauseAndCancelWithShortcuts() {
    MainWindow window;
    window.setCompileFlags({"PARAM1=5", "PARAM2=4"}, {});
    QVERIFY(showAndActivate(window));
    QVERIFY(window.openFile(testProgram("dispatcher")));
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY(window.session().isExploring());
    QTRY_VERIFY_WITH_TIMEOUT(window.counters()->value(Counter::Executions).toInt() >= 10, 30000);
    QVERIFY(window.cancelAction()->isEnabled());
    QVERIFY(!window.exploreAction()->isEnabled());

    QTest::keyClick(&window, Qt::Key_F6);
    QVERIFY(window.pauseAction()->isChecked());
    QTRY_COMPARE_WITH_TIMEOUT(window.counters()->stateText(), QStringLiteral("Paused"), 10000);
    QTest::keyClick(&window, Qt::Key_F6);
    QVERIFY(!window.pauseAction()->isChecked());
    QTRY_COMPARE_WITH_TIMEOUT(window.counters()->stateText(), QStringLiteral("Exploring…"), 10000);

    QTest::keyClick(&window, Qt::Key_F5, Qt::ShiftModifier);
    QTRY_COMPARE_WITH_TIMEOUT(window.counters()->stateText(), QStringLiteral("Cancelled"), 10000);
    QVERIFY(window.counters()->value(Counter::Executions).toInt() >= 10);
    QVERIFY(window.exploreAction()->isEnabled());
    QVERIFY(!window.pauseAction()->isEnabled());
    QTRY_VERIFY(window.explorationTreeView()->tree()->isUpToDate());
    QCOMPARE(QString::number(window.explorationTreeView()->tree()->leafCount()),
             window.counters()->value(Counter::Executions));
}

void tst_MainWindow::windowStaysResponsiveWhileExploring() {
    // The views draw thousands of new events while the worker explores: the event loop keeps running
    // (a timer keeps ticking). The GUI thread's own CPU time between two ticks and the wall-clock gap
    // are reported, not asserted (weft-gui-bench measures latency).
    MainWindow window;
    window.setCompileFlags({"PARAM1=5", "PARAM2=4"}, {});
    QVERIFY(showAndActivate(window));
    QVERIFY(window.openFile(testProgram("dispatcher")));
    auto threadCpuMs = [] {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
    };
    QElapsedTimer clock;
    qint64 last = 0, worstGap = 0;
    double lastCpu = threadCpuMs(), worstBusy = 0;
    QTimer ticker;
    ticker.setInterval(10);
    connect(&ticker, &QTimer::timeout, this, [&] {
        worstGap = std::max(worstGap, clock.elapsed() - last);
        last = clock.elapsed();
        const double cpu = threadCpuMs();
        worstBusy = std::max(worstBusy, cpu - lastCpu);
        lastCpu = cpu;
    });
    window.exploreAction()->trigger();
    clock.start();
    lastCpu = threadCpuMs();
    ticker.start();
    int ticks = 0;
    connect(&ticker, &QTimer::timeout, this, [&] { ++ticks; });
    // Until more than a thousand events are drawn (DISP(5,4) has far more).
    QTRY_VERIFY_WITH_TIMEOUT(window.eventStructureView()->structure()->drawnEvents() > 1000, 120000);
    QTRY_VERIFY_WITH_TIMEOUT(ticks > 1, 120000);
    ticker.stop();
    const auto events = window.eventStructureView()->structure()->drawnEvents();
    qInfo("worst event-loop gap %lld ms, GUI thread busy at most %.0f ms between ticks; %zu events drawn",
          worstGap, worstBusy, events);
    QVERIFY(events > 1000);
    if (window.session().isExploring())
        window.cancelAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!window.session().isExploring(), 10000);
}

void tst_MainWindow::unsupportedOperationWarnedInEditor() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("forks.c"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("#include <unistd.h>\n\nint main(int argc, char **argv) {\n    if (argc > 5)\n        fork();\n"
               "    return 0;\n}\n");
    file.close();

    MainWindow window;
    QVERIFY(showAndActivate(window));
    QVERIFY(window.openFile(path)); // loads: fork() is on a path that may never run
    views::SourceEditor *editor = window.editor();
    QCOMPARE(editor->linesWith(Severity::Error), std::vector<int>{});
    QCOMPARE(editor->linesWith(Severity::Warning), std::vector<int>{5});
    const int at = editor->document()->findBlockByNumber(4).position() + 9; // on fork
    QVERIFY(editor->diagnosticAt(at).contains(QStringLiteral("unsupported operation fork()")));
    QVERIFY(window.exploreAction()->isEnabled());
}

void tst_MainWindow::compileErrorInEditor() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.c"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("#include <pthread.h>\n\nint main(void) {\n    int x = 1 +;\n    return x;\n}\n");
    file.close();

    MainWindow window;
    QVERIFY(showAndActivate(window));
    QVERIFY(!window.openFile(path));
    views::SourceEditor *editor = window.editor();
    QVERIFY(editor->toPlainText().contains(QStringLiteral("int x = 1 +;")));
    QCOMPARE(editor->linesWith(Severity::Error), std::vector<int>{4});
    const int at = editor->document()->findBlockByNumber(3).position() + 15; // the ';'
    QVERIFY(editor->diagnosticAt(at).contains(QStringLiteral("expected expression")));
    QVERIFY(!window.exploreAction()->isEnabled());
    QTest::keyClick(&window, Qt::Key_F5); // nothing to explore
    QCOMPARE(window.session().state(), session::ExplorationSession::State::NoProgram);
}

void tst_MainWindow::menusHaveShortcuts() {
    MainWindow window;
    const QList<QAction *> menus = window.menuBar()->actions();
    QCOMPARE(menus.size(), 6); // File, Explore, Debug, View, Settings, Help
    QCOMPARE(menus[0]->text(), QStringLiteral("&File"));
    QCOMPARE(menus[1]->text(), QStringLiteral("E&xplore"));
    QCOMPARE(window.exploreAction()->shortcut(), QKeySequence(Qt::Key_F5));
    QCOMPARE(window.pauseAction()->shortcut(), QKeySequence(Qt::Key_F6));
    QCOMPARE(window.cancelAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F5));
    const QList<QAction *> explore = menus[1]->menu()->actions();
    QVERIFY(explore.contains(window.exploreAction()));
    QVERIFY(explore.contains(window.pauseAction()));
    QVERIFY(explore.contains(window.cancelAction()));
}

void tst_MainWindow::frenchUserInterface() {
    QVERIFY(installTranslation(*QCoreApplication::instance(), QStringLiteral("fr")));
    {
        MainWindow window;
        const QList<QAction *> menus = window.menuBar()->actions();
        QCOMPARE(menus[0]->text(), QStringLiteral("&Fichier"));
        QCOMPARE(window.exploreAction()->text(), QStringLiteral("&Explorer"));
        QCOMPARE(window.counters()->stateText(), QStringLiteral("Prêt"));
        QCOMPARE(views::DefectsModel::kindText(DefectKind::Deadlock), QStringLiteral("interblocage"));
        QCOMPARE(menus[2]->text(), QStringLiteral("&Débogage"));
        QCOMPARE(window.replay()->stepEventAction()->text(), QStringLiteral("Pas d’&événement"));
        QCOMPARE(menus[4]->text(), QStringLiteral("&Réglages"));
    }
    for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>())
        QCoreApplication::removeTranslator(t);
    QLocale::setDefault(QLocale::c());
    QVERIFY(!installTranslation(*QCoreApplication::instance(), QStringLiteral("xx")));
}

QTEST_MAIN(tst_MainWindow)
#include "tst_MainWindow.moc"
