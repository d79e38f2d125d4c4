// SPDX-License-Identifier: MIT
// What the engine reports, in French (issue 19, "every user-visible string translated, including what
// the engine reports"): each case of every_defect.c (a memory fault, undefined behaviour, invalid
// synchronisation, an unsupported operation, a livelock, a bound, an uninitialised read, a race at an
// offset, a deadlock) is explored in a real window offscreen; its defect's
// English message (the CLI's text) reads back as the expected kind of message, and the defects pane
// shows it with no English word left. Every kind of message has a French wording.
#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "app/gui/RunConfiguration.hpp"
#include "app/gui/Translation.hpp"
#include "engine/debugger/Replay.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/defects/DefectsModel.hpp"
#include "views/messages/MessageText.hpp"
#include "views/threads/ThreadsModel.hpp"
#include "views/trace/TraceModel.hpp"

#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTreeView>
#include <QtTest>

using namespace weft;
using namespace weft::gui;

class tst_FrenchDefects : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(installTranslation(*QCoreApplication::instance(), QStringLiteral("fr")));
    }
    void everyKindHasAFrenchWording();
    void defectsInFrench_data();
    void defectsInFrench();
    void assumptionStopsAThreadInFrench();
    void boundsInFrench_data();
    void boundsInFrench();
};

/// The English words of the engine's messages; none is French ("livelock" is not: French says it too,
/// after "boucle infinie d'attente"). Quoted parts ('x', "%Lf", « … ») are the
/// program's text, command-line options (--model sc) are typed as they are; neither is looked at.
static QStringList englishLeft(const QString &text) {
    static const QSet<QString> english = [] {
        QSet<QString> words;
        for (const char *w :
             {"out",      "bounds",       "offset",      "pointer",  "dereference",  "freed",      "earlier",
              "after",    "use",          "return",      "returned", "invalid",      "memory",     "zero",
              "shift",    "stack",        "overflow",    "nested",   "calls",        "call",       "function",
              "through",  "overlapping",  "with",        "before",   "initialising", "outside",    "atomic",
              "detached", "created",      "which",       "never",    "written",      "depends",    "branch",
              "spins",    "forever",      "waiting",     "loops",    "stopped",      "assumption", "supported",
              "yet",      "cancellation", "unsupported", "bytes",    "byte",         "declared",   "allocated",
              "only",     "more",         "than",        "ran",      "held",         "count",      "lock",
              "value",    "exceeds",      "access",      "location", "overlaps",     "heap",       "block",
              "global",   "read",         "write",       "reads",    "writes",       "data",       "race",
              "of",       "at",           "the",         "and",      "to",           "is",         "by",
              "its",      "no",           "not",         "whose",    "has",          "undefined",  "behaviour",
              "deadlock", "waits",        "join",        "unlocks",  "uses",         "exceeded",   "bound",
              "step",     "infinite",     "loop",        "without",  "between",      "them",       "string",
              "literal",  "inside",       "set",         "did",      "for",          "on",         "an"})
            words.insert(QString::fromLatin1(w));
        return words;
    }();
    static const QRegularExpression programText(
        QStringLiteral("'[^']*'|`[^']*'|\"[^\"]*\"|«[^»]*»|--[a-z]+(=[a-z]+| [a-z]+)?"));
    return test::wordsLeft(text, english, programText);
}

/// Whether `message` or a message nested in it is of `kind`.
static bool contains(const Message &message, MessageKind kind) {
    if (message.kind == kind)
        return true;
    for (std::size_t i = 0; i < message.args.size(); ++i)
        if (isNestedArgument(message.kind, i) && contains(parseMessage(message.args[i]), kind))
            return true;
    return false;
}

void tst_FrenchDefects::everyKindHasAFrenchWording() {
    for (int k = int(MessageKind::AssertionFailed); k < int(MessageKind::Count); ++k) {
        const auto kind = MessageKind(k);
        const QString english = QString::fromUtf8(messageTemplate(kind));
        // "→ %1", "%1 = %2" and a list of reads in every language.
        if (kind == MessageKind::PointsTo || kind == MessageKind::ReadValue || kind == MessageKind::ReadValues)
            continue;
        QVERIFY2(views::MessageText::wording(kind) != english, qPrintable(english));
        QVERIFY2(englishLeft(views::MessageText::wording(kind)).isEmpty(),
                 qPrintable(views::MessageText::wording(kind)));
    }
}

void tst_FrenchDefects::defectsInFrench_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<int>("kind"); ///< a MessageKind the defect's message holds
    QTest::addColumn<QString>("options");
    auto row = [](int which, MessageKind kind, const char *options = "") {
        QTest::addRow("case %d %s kind %d", which, options, int(kind))
            << which << int(kind) << QString::fromLatin1(options);
    };
    row(1, MessageKind::OutOfBounds);
    row(1, MessageKind::SizedHeapBlockAt);
    row(2, MessageKind::NullDereference);
    row(3, MessageKind::UseAfterFree);
    row(4, MessageKind::DoubleFree);
    row(5, MessageKind::InvalidFreeInside);
    row(6, MessageKind::InvalidFree);
    row(7, MessageKind::InvalidDereference);
    row(8, MessageKind::ReadOnlyWrite);
    row(8, MessageKind::StringLiteral);
    row(9, MessageKind::UseAfterReturn);
    row(9, MessageKind::NamedLocalAt);
    row(10, MessageKind::DivisionByZero);
    row(11, MessageKind::ShiftTooFar);
    row(12, MessageKind::StackOverflow, "depth");
    row(13, MessageKind::NullFunctionCall);
    row(14, MessageKind::OverlappingCopy);
    row(15, MessageKind::DestroyLockedMutex);
    row(16, MessageKind::RwUnlockNotHeld);
    row(17, MessageKind::JoinDetached);
    row(18, MessageKind::UnlockNotHeld);
    row(19, MessageKind::SemaphoreUninitialised);
    row(20, MessageKind::AtomicEndOutside);
    row(21, MessageKind::NeverWritten);
    row(21, MessageKind::TheBranch);
    row(22, MessageKind::NeverInitialised);
    row(23, MessageKind::ObjectAtOffset);
    row(24, MessageKind::WaitsForHeldLock);
    row(25, MessageKind::SpinsUnderSync);
    row(25, MessageKind::SpinsAtWaiting, "sc");
    row(26, MessageKind::UnsupportedCall);
    row(26, MessageKind::ThreadCancellation);
    row(27, MessageKind::JumpNotSet);
    row(28, MessageKind::LongDoubleArithmetic);
    row(29, MessageKind::InstructionBound, "steps");
    row(30, MessageKind::DataRace);
    row(31, MessageKind::BarrierCountZero);
    row(32, MessageKind::MixedSizeWrite, "sc");
    row(33, MessageKind::ReadValues);
    row(33, MessageKind::HeapBlockAt);
    row(34, MessageKind::ActionInAtomic);
    row(34, MessageKind::ActLock);
    row(35, MessageKind::ThreadBound);
    row(36, MessageKind::DestroyedMutexUsed);
    row(37, MessageKind::WaitsForOwnLock);
}

void tst_FrenchDefects::defectsInFrench() {
    QFETCH(int, which);
    QFETCH(int, kind);
    QFETCH(QString, options);
    RunConfiguration configuration;
    configuration.defines = {"CASE=" + std::to_string(which)};
    if (options == QLatin1String("sc"))
        configuration.interpreter.model = interpreter::MemoryModel::Sc;
    if (options == QLatin1String("depth"))
        configuration.interpreter.maxCallDepth = 100;
    if (options == QLatin1String("steps"))
        configuration.interpreter.stepBound = 10000;
    MainWindow window;
    QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
    window.setCommandLineConfiguration(configuration);
    QVERIFY(window.openFile(QStringLiteral(WEFT_GUI_TEST_DATA "/every_defect.c")));
    QSignalSpy finished(&window.session(), &session::ExplorationSession::finished);
    window.exploreAction()->trigger();
    QVERIFY(finished.wait(60000));

    const ExplorationSnapshot &snapshot = *window.session().snapshot();
    const QAbstractItemModel *defects = window.defectsView()->model();
    QVERIFY(snapshot.defects && !snapshot.defects->empty());
    const std::vector<DefectRecord> &records = *snapshot.defects;
    QCOMPARE(defects->rowCount(), int(records.size()));
    bool found = false;
    for (int d = 0; d < defects->rowCount(); ++d) {
        const std::string &message = records[std::size_t(d)].message;
        found = found || contains(parseMessage(message), MessageKind(kind));
        const QString shown = defects->index(d, views::DefectsModel::Message).data().toString();
        const QString defectKind = defects->index(d, views::DefectsModel::Kind).data().toString();
        QVERIFY2(shown != QString::fromStdString(message), message.c_str());
        QVERIFY2(englishLeft(shown).isEmpty(),
                 qPrintable(shown + QStringLiteral(" ← ") + englishLeft(shown).join(QLatin1Char(' '))));
        QVERIFY2(englishLeft(defectKind).isEmpty(), qPrintable(defectKind));
    }
    QVERIFY2(found, records.front().message.c_str());
}

void tst_FrenchDefects::assumptionStopsAThreadInFrench() {
    // A false assumption is no defect (its run is cut, a leaf of its own): the thread it stops says so
    // at the end of that run, in the threads pane and in the trace's last rows.
    MainWindow window;
    QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
    QVERIFY(window.openFile(QStringLiteral(WEFT_GUI_TEST_DATA "/assume_blocked.c")));
    QSignalSpy finished(&window.session(), &session::ExplorationSession::finished);
    window.exploreAction()->trigger();
    QVERIFY(finished.wait(60000));
    const ExplorationSnapshot &snapshot = *window.session().snapshot();
    std::uint64_t execution = 0;
    for (std::size_t n = 0; n < snapshot.tree.size() && !execution; ++n)
        if (snapshot.tree[n].isLeaf && snapshot.tree[n].leaf == LeafKind::AssumeBlocked)
            execution = snapshot.tree[n].execution;
    QVERIFY(execution);
    window.selectExecution(execution);
    ReplayController *replay = window.replay();
    QVERIFY(replay->hasReplay());
    QTest::keyClick(&window, Qt::Key_F8);
    QVERIFY(replay->replay()->atEnd());
    QStringList shown;
    const views::ThreadsModel *threads = replay->threadsModel();
    for (int r = 0; r < threads->rowCount(); ++r)
        shown << threads->index(r, views::ThreadsModel::State).data().toString();
    const views::TraceModel *trace = replay->traceModel();
    for (int r = int(replay->replay()->eventCount()); r < trace->rowCount(); ++r)
        for (int c = 0; c < trace->columnCount(); ++c)
            shown << trace->index(r, c).data().toString();
    // T0 waits to join T1, T1 stands at its false assumption: in the pane and in the trace's rows.
    const QStringList expected = {QStringLiteral("bloqué : attend T1"), QStringLiteral("bloqué : hypothèse fausse")};
    QCOMPARE(shown.mid(0, 2), expected);
    QCOMPARE(shown.size(), 2 + 2 * trace->columnCount());
    shown.removeAll(QString());
    QCOMPARE(shown.mid(2), QStringList({expected[0] + QStringLiteral(" · assume_blocked.c:25"),
                                        expected[1] + QStringLiteral(" · assume_blocked.c:15")}));
}

void tst_FrenchDefects::boundsInFrench_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<int>("maxEvents"); ///< the exploration's bound on the event structure (0: the default)
    QTest::addColumn<QString>("said");  ///< what the status bar says of the exploration, in French
    QTest::newRow("a cut execution") << 35 << 0
                                     << QStringLiteral("avertissement : l’exécution 1 a été coupée à une borne par "
                                                       "exécution (plus de 4096 threads dans une exécution)");
    QTest::newRow("the event limit") << 24 << 5
                                     << QStringLiteral("erreur : la structure d’événements a dépassé 5 événements");
}

void tst_FrenchDefects::boundsInFrench() {
    // What the exploration says of itself when a bound stops it: the status bar, in French.
    QFETCH(int, which);
    QFETCH(int, maxEvents);
    QFETCH(QString, said);
    RunConfiguration configuration;
    configuration.defines = {"CASE=" + std::to_string(which)};
    MainWindow window;
    QVERIFY(test::showAndActivate(window, QSize(1280, 720)));
    window.setCommandLineConfiguration(configuration);
    if (maxEvents) { // no option sets it (the memory bound guards the same): the session's, as a test hook
        ExplorationOptions options = window.session().options();
        options.maxEvents = std::size_t(maxEvents);
        window.session().setOptions(options);
    }
    QVERIFY(window.openFile(QStringLiteral(WEFT_GUI_TEST_DATA "/every_defect.c")));
    QSignalSpy finished(&window.session(), &session::ExplorationSession::finished);
    window.exploreAction()->trigger();
    QVERIFY(finished.wait(120000));
    const QString status = window.statusBar()->currentMessage();
    QVERIFY2(status.contains(said), qPrintable(status));
    QVERIFY2(englishLeft(status).isEmpty(), qPrintable(status));
}

QTEST_MAIN(tst_FrenchDefects)
#include "tst_FrenchDefects.moc"
