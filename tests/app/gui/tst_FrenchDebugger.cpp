// SPDX-License-Identifier: MIT
// The desktop debugger in both languages (issue 19, item 10), driving a real window offscreen: no event
// label is cut ("déverrou…") at the default zoom for a program with every kind of event, measured with
// the font the scene draws with; the trace's cells and the thread states word the engine's actions as
// the event structure does ("verrou 'm'" everywhere in French, never "lock 'm'" in one pane).
#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "app/gui/RunConfiguration.hpp"
#include "app/gui/Translation.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/eventstructure/EventAppearance.hpp"
#include "views/eventstructure/EventLabel.hpp"
#include "views/eventstructure/EventNodesItem.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/threads/ThreadsModel.hpp"
#include "views/trace/TraceModel.hpp"

#include <QFontMetricsF>
#include <QStandardPaths>
#include <QtTest>

#include <set>

using namespace weft;
using namespace weft::gui;

class tst_FrenchDebugger : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void everyLabelIsWhole_data();
    void everyLabelIsWhole();
    void traceAndThreadsSayWhatTheStructureSays();
    void cleanupTestCase() { useLanguage(QStringLiteral("en")); }

private:
    static void useLanguage(const QString &language) {
        for (QTranslator *t : QCoreApplication::instance()->findChildren<QTranslator *>())
            QCoreApplication::removeTranslator(t);
        if (language != QLatin1String("en"))
            QVERIFY(installTranslation(*QCoreApplication::instance(), language));
    }
    /// Opens `file` in `window` and explores it wholly with `configuration` (F5).
    static bool explore(MainWindow &window, const QString &file, const RunConfiguration &configuration = {}) {
        window.setCommandLineConfiguration(configuration);
        if (!window.openFile(file))
            return false;
        QSignalSpy finished(&window.session(), &session::ExplorationSession::finished);
        window.exploreAction()->trigger();
        return finished.wait(60000);
    }
};

void tst_FrenchDebugger::everyLabelIsWhole_data() {
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("fr") << QStringLiteral("fr");
}

void tst_FrenchDebugger::everyLabelIsWhole() {
    QFETCH(QString, language);
    useLanguage(language);
    MainWindow window;
    QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
    RunConfiguration sc; // reads, writes and nondet choices are events too
    sc.interpreter.model = interpreter::MemoryModel::Sc;
    sc.interpreter.nondet = interpreter::NondetSource::Explore;
    QVERIFY(explore(window, QStringLiteral(WEFT_GUI_TEST_DATA "/every_action.c"), sc));
    const views::EventStructureScene *scene = window.eventStructureView()->structure();
    QTRY_VERIFY(scene->isUpToDate());
    const ExplorationSnapshot &snapshot = *window.session().snapshot();
    QCOMPARE(scene->drawnEvents(), snapshot.events.size());

    std::set<ActionKind> kinds;
    const QSizeF box(views::EventNodesItem::kWidth - 6, views::EventNodesItem::kHeight - 2);
    for (EventId e = 0; e < snapshot.events.size(); ++e) {
        const EventRecord &event = snapshot.events[e];
        kinds.insert(event.action.kind);
        const views::EventLabel &label = scene->label(e);
        const QString whole = views::EventAppearance::label(snapshot, event);
        QVERIFY2(!label.elided, qPrintable(whole));
        QCOMPARE(label.lines.join(QLatin1Char(' ')), whole);
        // Measured again here: every line within the box, the lines together within its height.
        QFont font = QApplication::font();
        font.setPointSizeF(label.pointSize);
        const QFontMetricsF metrics(font);
        for (const QString &line : label.lines)
            QVERIFY2(metrics.horizontalAdvance(line) <= box.width(), qPrintable(line));
        QVERIFY2(metrics.height() * label.lines.size() <= box.height() + 1, qPrintable(whole));
        QVERIFY(label.pointSize >= 6);
    }
    // The program has every kind of event the structure draws (the leaves' kinds are not events).
    for (int k = 0; k < int(ActionKind::AssumeBlocked); ++k)
        QVERIFY2(kinds.count(ActionKind(k)), qPrintable(views::EventAppearance::actionText(ActionKind(k))));
}

void tst_FrenchDebugger::traceAndThreadsSayWhatTheStructureSays() {
    useLanguage(QStringLiteral("fr"));
    MainWindow window;
    QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
    QVERIFY(explore(window, test::testProgram("lost_update")));
    window.showDefect(0); // the lost update's counterexample, at its failing step
    const views::TraceModel *trace = window.replay()->traceModel();
    QVERIFY(trace->rowCount() > 4);
    QStringList cells;
    for (int row = 0; row < trace->rowCount(); ++row)
        if (const QString c =
                trace->data(trace->index(row, trace->columnOf(trace->row(std::size_t(row)).thread))).toString();
            !c.isEmpty())
            cells << c;
    QCOMPARE(cells.size(), trace->rowCount());
    QVERIFY2(cells.front().startsWith(QStringLiteral("début · ")), qPrintable(cells.front()));
    QVERIFY2(cells.filter(QStringLiteral("verrou 'm'")).size() >= 2, qPrintable(cells.join(QLatin1Char('|'))));
    QVERIFY2(cells.filter(QStringLiteral("déverrou 'm'")).size() >= 2, qPrintable(cells.join(QLatin1Char('|'))));
    QVERIFY2(cells.filter(QStringLiteral("lock 'm'")).isEmpty(), qPrintable(cells.join(QLatin1Char('|'))));
    QVERIFY2(cells.back().startsWith(QStringLiteral("échec : ")), qPrintable(cells.back()));

    // Each trace cell is the event structure's label of the same event.
    const ExplorationSnapshot &snapshot = *window.session().snapshot();
    const std::vector<EventId> &events = window.replay()->events();
    QVERIFY(!events.empty());
    for (std::size_t row = 0; row < events.size(); ++row) {
        const QString label = views::EventAppearance::label(snapshot, snapshot.events[events[row]]);
        QVERIFY2(cells[int(row)] == label || cells[int(row)].startsWith(label + QStringLiteral(" · ")),
                 qPrintable(cells[int(row)]));
    }

    // Back at the start, main's next action in the threads pane is in French too.
    window.replay()->runTo(1);
    const views::ThreadsModel *threads = window.replay()->threadsModel();
    QCOMPARE(threads->index(0, views::ThreadsModel::State).data().toString(),
             QStringLiteral("actif : ensuite crée T1"));
}

QTEST_MAIN(tst_FrenchDebugger)
#include "tst_FrenchDebugger.moc"
