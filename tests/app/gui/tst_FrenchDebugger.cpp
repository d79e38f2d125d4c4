// SPDX-License-Identifier: MIT
// The desktop debugger in both languages (issue 19, item 10), driving a real window offscreen: no event
// label is cut ("déverrou…") at the default zoom for a program with every kind of event, measured with
// the font the scene draws with; the trace's cells and the thread states word the engine's actions as
// the event structure does ("verrou 'm'" everywhere in French, never "lock 'm'" in one pane); and in
// French no English word is left in what the bundled examples show: event labels, defect messages,
// trace cells, and thread states and values at every step of each counterexample.
#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "app/gui/RunConfiguration.hpp"
#include "app/gui/Translation.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/defects/DefectsModel.hpp"
#include "views/eventstructure/EventAppearance.hpp"
#include "views/eventstructure/EventLabel.hpp"
#include "views/eventstructure/EventNodesItem.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/source/SourceEditor.hpp"
#include "views/threads/ThreadsModel.hpp"
#include "views/trace/TraceModel.hpp"
#include "views/variables/VariablesModel.hpp"

#include <QDir>
#include <QFile>
#include <QFontMetricsF>
#include <QLabel>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTreeView>
#include <QtTest>

#include <functional>
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
    void bundledExamplesHaveNoEnglishLeft_data();
    void bundledExamplesHaveNoEnglishLeft();
    void loadErrorsInFrench();
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
    QTest::addColumn<QString>("file");
    for (const char *language : {"en", "fr"})
        for (const char *file : {"every_action.c", "heap_objects.c"})
            QTest::addRow("%s %s", language, file) << QString::fromLatin1(language) << QString::fromLatin1(file);
}

void tst_FrenchDebugger::everyLabelIsWhole() {
    QFETCH(QString, language);
    QFETCH(QString, file);
    useLanguage(language);
    MainWindow window;
    QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
    const bool everyAction = file == QLatin1String("every_action.c");
    RunConfiguration sc; // reads, writes and nondet choices are events too
    sc.interpreter.model = interpreter::MemoryModel::Sc;
    sc.interpreter.nondet = interpreter::NondetSource::Explore;
    QVERIFY(explore(window, QStringLiteral(WEFT_GUI_TEST_DATA "/") + file, everyAction ? sc : RunConfiguration()));
    const views::EventStructureScene *scene = window.eventStructureView()->structure();
    QTRY_VERIFY(scene->isUpToDate());
    const ExplorationSnapshot &snapshot = *window.session().snapshot();
    QCOMPARE(scene->drawnEvents(), snapshot.events.size());

    std::set<ActionKind> kinds;
    int unnamed = 0; // objects said short in the boxes: heap blocks and locals named by where they come from
    const QSizeF box(views::EventNodesItem::kWidth - 6, views::EventNodesItem::kHeight - 2);
    for (EventId e = 0; e < snapshot.events.size(); ++e) {
        const EventRecord &event = snapshot.events[e];
        kinds.insert(event.action.kind);
        const views::EventLabel &label = scene->label(e);
        const QString object = views::EventAppearance::boxObject(snapshot, event);
        const QString whole = views::EventAppearance::actionText(event.action.kind) +
                              (object.isEmpty() ? QString() : QLatin1Char(' ') + object);
        unnamed += object != views::EventAppearance::labelObject(snapshot, event);
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
    if (!everyAction) { // a heap mutex, a heap semaphore and a local mutex: their labels were whole too
        QVERIFY2(unnamed >= 10, qPrintable(QString::number(unnamed)));
        return;
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

void tst_FrenchDebugger::bundledExamplesHaveNoEnglishLeft_data() {
    QTest::addColumn<QString>("file");
    for (const QFileInfo &f :
         QDir(QStringLiteral(WEFT_EXAMPLES)).entryInfoList({QStringLiteral("*.c")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f.fileName())) << f.absoluteFilePath();
}

/// The English words Weft's own texts use (actions, states, defect messages, values): none is French.
/// Quoted parts ('m', `x == 2', "…", « … ») are the program's own text and are not looked at.
static QStringList englishLeft(const QString &text) {
    static const QSet<QString> english = {
        QStringLiteral("lock"),      QStringLiteral("unlock"),  QStringLiteral("locked"),
        QStringLiteral("unlocked"),  QStringLiteral("trylock"), QStringLiteral("waits"),
        QStringLiteral("wait"),      QStringLiteral("waiter"),  QStringLiteral("waiters"),
        QStringLiteral("join"),      QStringLiteral("failed"),  QStringLiteral("failure"),
        QStringLiteral("data"),      QStringLiteral("race"),    QStringLiteral("reads"),
        QStringLiteral("writes"),    QStringLiteral("read"),    QStringLiteral("write"),
        QStringLiteral("with"),      QStringLiteral("no"),      QStringLiteral("between"),
        QStringLiteral("them"),      QStringLiteral("global"),  QStringLiteral("byte"),
        QStringLiteral("called"),    QStringLiteral("exited"),  QStringLiteral("status"),
        QStringLiteral("value"),     QStringLiteral("arrived"), QStringLiteral("signals"),
        QStringLiteral("pending"),   QStringLiteral("not"),     QStringLiteral("initialised"),
        QStringLiteral("blocked"),   QStringLiteral("running"), QStringLiteral("ready"),
        QStringLiteral("finished"),  QStringLiteral("stopped"), QStringLiteral("next"),
        QStringLiteral("start"),     QStringLiteral("create"),  QStringLiteral("exit"),
        QStringLiteral("deadlock"),  QStringLiteral("heap"),    QStringLiteral("block"),
        QStringLiteral("allocated"), QStringLiteral("local"),   QStringLiteral("at"),
        QStringLiteral("of"),        QStringLiteral("and"),     QStringLiteral("on"),
        QStringLiteral("for"),       QStringLiteral("to"),      QStringLiteral("the"),
        QStringLiteral("cannot"),    QStringLiteral("is"),      QStringLiteral("by"),
        QStringLiteral("times"),     QStringLiteral("other"),   QStringLiteral("its"),
        QStringLiteral("then"),      QStringLiteral("up"),      QStringLiteral("leave"),
        QStringLiteral("code"),      QStringLiteral("nondet"),  QStringLiteral("in"),
        QStringLiteral("address"),
    };
    static const QRegularExpression quoted(QStringLiteral("'[^']*'|`[^']*'|\"[^\"]*\"|«[^»]*»"));
    return test::wordsLeft(text, english, quoted);
}

void tst_FrenchDebugger::bundledExamplesHaveNoEnglishLeft() {
    QFETCH(QString, file);
    useLanguage(QStringLiteral("fr"));
    MainWindow window;
    QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
    QVERIFY(explore(window, file));
    const ExplorationSnapshot &snapshot = *window.session().snapshot();
    QStringList texts; // every text of the kinds the issue names, with where it was seen
    for (EventId e = 0; e < snapshot.events.size(); ++e)
        texts << QStringLiteral("événement : ") + views::EventAppearance::label(snapshot, snapshot.events[e]);
    const QAbstractItemModel *defects = window.defectsView()->model();
    // Each defect's counterexample (the first four), or the first execution of a program without any.
    const int shown = std::max(1, std::min(defects->rowCount(), 4));
    for (int d = 0; d < shown; ++d) {
        if (defects->rowCount() == 0) {
            window.selectExecution(1);
        } else {
            texts << QStringLiteral("défaut : ") + defects->index(d, views::DefectsModel::Kind).data().toString() +
                         QStringLiteral(" / ") + defects->index(d, views::DefectsModel::Message).data().toString();
            window.showDefect(d);
        }
        QTRY_VERIFY(window.replay()->hasReplay());
        const views::TraceModel *trace = window.replay()->traceModel();
        for (int row = 0; row < trace->rowCount(); ++row)
            texts << QStringLiteral("trace : ") + trace->row(std::size_t(row)).text();
        // Thread states and values at every step of the counterexample.
        for (int row = trace->rowCount(); row-- > 0;) {
            window.replay()->runTo(row);
            const views::ThreadsModel *threads = window.replay()->threadsModel();
            for (int t = 0; t < threads->rowCount(); ++t)
                texts << QStringLiteral("état : ") + threads->index(t, views::ThreadsModel::State).data().toString();
            const views::VariablesModel *variables = window.replay()->variablesModel();
            std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
                for (int r = 0; r < variables->rowCount(parent); ++r) {
                    texts << QStringLiteral("valeur : ") +
                                 variables->index(r, views::VariablesModel::Value, parent).data().toString();
                    walk(variables->index(r, 0, parent));
                }
            };
            walk({});
        }
    }
    texts.removeDuplicates();
    QVERIFY(texts.size() > 10);
    for (const QString &text : texts)
        QVERIFY2(englishLeft(text).isEmpty(),
                 qPrintable(text + QStringLiteral(" ← ") + englishLeft(text).join(QLatin1Char(' '))));
}

// The front end's errors without a line (a file of another type, no main) are in the banner and the status
// bar in the UI language, as the engine's runtime messages are.
void tst_FrenchDebugger::loadErrorsInFrench() {
    useLanguage(QStringLiteral("fr"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto write = [&](const QString &name, const QByteArray &text) {
        QFile f(dir.filePath(name));
        return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() ? f.fileName() : QString();
    };
    MainWindow window;
    QVERIFY(test::showAndActivate(window));
    const QString notes = write(QStringLiteral("notes.txt"), "int main(void) { return 0; }\n");
    QVERIFY(!window.openFile(notes));
    const QString banner = window.errorBanner()->text();
    QVERIFY2(banner.contains(QStringLiteral("type de fichier d'entrée '.txt' non pris en charge")), qPrintable(banner));
    QVERIFY2(!banner.contains(QStringLiteral("unsupported")), qPrintable(banner));
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("non pris en charge")),
             qPrintable(window.statusBar()->currentMessage()));

    QVERIFY(!window.openFile(write(QStringLiteral("empty.c"), "")));
    QVERIFY2(window.errorBanner()->text().contains(QStringLiteral("le programme n'a pas de fonction main")),
             qPrintable(window.errorBanner()->text()));

    // Weft's own errors with a line (Clang accepts the code, Weft's lowering does not): underlined,
    // their tooltip in French.
    const struct {
        const char *name, *code;
        int line, column; ///< where Weft says the error is
        const char *french;
    } lowering[] = {
        {"vector.c",
         "typedef int v4 __attribute__((vector_size(16)));\nint main(void) {\n    v4 a = {1, 2, 3, 4};\n"
         "    v4 b = a + a;\n    return b[0];\n}\n",
         4, 14, "les types vectoriels ne sont pas pris en charge"},
        {"huge.c", "char huge[200 << 20];\nint main(void) {\n    huge[1] = 1;\n    return 0;\n}\n", 3, 13,
         "la variable globale 'huge' est trop grande (128 Mio au plus)"},
    };
    for (const auto &c : lowering) {
        QVERIFY(!window.openFile(write(QString::fromLatin1(c.name), c.code)));
        const int at = window.editor()->document()->findBlockByNumber(c.line - 1).position() + c.column - 1;
        const QString tip = window.editor()->diagnosticAt(at);
        QVERIFY2(tip.contains(QString::fromUtf8(c.french)), qPrintable(tip));
        QVERIFY2(englishLeft(tip).isEmpty(), qPrintable(tip));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("survolez")),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    useLanguage(QStringLiteral("en"));
}

QTEST_MAIN(tst_FrenchDebugger)
#include "tst_FrenchDebugger.moc"
