// SPDX-License-Identifier: MIT
// Opening files in a real main window (offscreen): input at the compiler's limits (tests/app/DeepInputs.hpp)
// loads or shows Clang's error, never a signal; a compiler crash is an error in the editor and the status
// bar; a file that does not compile keeps the program loaded before and its exploration results.
#include "app/gui/MainWindow.hpp"
#include "tests/app/DeepInputs.hpp"
#include "tests/app/gui/GuiTestWindow.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/progress/CountersBar.hpp"
#include "views/source/SourceEditor.hpp"

#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace weft;
using namespace weft::gui;
using Counter = views::CountersBar::Counter;
using test::showAndActivate;
using test::testProgram;

class tst_MainWindowOpen : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); } // recent files, settings
    void deepInputLoadsOrShowsTheError_data();
    void deepInputLoadsOrShowsTheError();
    void compilerCrashIsShown();
    void failedCompileKeepsTheResults();

private:
    /// Writes the generated file `name`.c and returns its path.
    QString deepInput(const char *name) {
        return QString::fromStdString(testing::writeDeepInput(m_dir.path().toStdString(), name));
    }

    QTemporaryDir m_dir;
};

void tst_MainWindowOpen::deepInputLoadsOrShowsTheError_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("compiles");
    for (const testing::DeepInput &input : testing::deepInputs())
        QTest::newRow(input.name.c_str()) << QString::fromStdString(input.name) << input.compiles;
}

void tst_MainWindowOpen::deepInputLoadsOrShowsTheError() {
    QFETCH(QString, name);
    QFETCH(bool, compiles);
    MainWindow window;
    QVERIFY(showAndActivate(window));
    QCOMPARE(window.openFile(deepInput(name.toLatin1().constData())), compiles);
    const QString status = window.statusBar()->currentMessage();
    if (compiles) {
        QVERIFY2(status.startsWith(QStringLiteral("Loaded ")), qPrintable(status));
        QVERIFY(window.exploreAction()->isEnabled());
        QVERIFY(window.editor()->linesWith(Severity::Error).empty());
    } else {
        QVERIFY2(status.contains(QStringLiteral("does not compile (1 error")), qPrintable(status));
        QCOMPARE(window.editor()->linesWith(Severity::Error), std::vector<int>{1});
        QVERIFY(!window.exploreAction()->isEnabled());
    }
}

void tst_MainWindowOpen::compilerCrashIsShown() {
    MainWindow window;
    QVERIFY(showAndActivate(window));
    const QString path = deepInput("terms_1e5");
    qputenv("WEFT_COMPILER_STACK_MIB", "4"); // far too small: Clang overflows it (see tst_CompilerLimits)
    const bool loaded = window.openFile(path);
    qunsetenv("WEFT_COMPILER_STACK_MIB");
    QVERIFY(!loaded);
    const QString status = window.statusBar()->currentMessage();
    QVERIFY2(status.startsWith(QStringLiteral("terms_1e5.c could not be compiled: the C compiler failed on this "
                                              "input: it crashed")),
             qPrintable(status));
    // The file is shown with the error on its first line, as there is no better place for it.
    views::SourceEditor *editor = window.editor();
    QVERIFY(editor->toPlainText().startsWith(QStringLiteral("int main(void) { int x = 1 + 1")));
    QCOMPARE(editor->linesWith(Severity::Error), std::vector<int>{1});
    QVERIFY(editor->diagnosticAt(3).contains(QStringLiteral("the C compiler failed on this input")));
    QVERIFY(!window.exploreAction()->isEnabled());
    // The window goes on: the same file loads with the full compiler stack.
    QVERIFY(window.openFile(path));
    QVERIFY(window.exploreAction()->isEnabled());
}

void tst_MainWindowOpen::failedCompileKeepsTheResults() {
    MainWindow window;
    QVERIFY(showAndActivate(window));
    QVERIFY(window.openFile(testProgram("lost_update")));
    window.exploreAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(window.counters()->stateText(), QStringLiteral("Finished"), 60000);
    QTRY_VERIFY(window.explorationTreeView()->tree()->isUpToDate());
    const QString source = window.editor()->toPlainText();

    for (const char *name : {"parens_1e5", "terms_1e5"}) { // Clang's error, then Clang's crash
        qputenv("WEFT_COMPILER_STACK_MIB", "4");
        const bool loaded = window.openFile(deepInput(name));
        qunsetenv("WEFT_COMPILER_STACK_MIB");
        QVERIFY(!loaded);
        const QString status = window.statusBar()->currentMessage();
        QVERIFY2(status.startsWith(QLatin1String(name) + QStringLiteral(".c does not compile (")) &&
                     status.endsWith(QStringLiteral("); lost_update.c stays loaded.")),
                 qPrintable(status));
        QVERIFY(window.session().hasProgram());
        QVERIFY(window.session().snapshot());
        QCOMPARE(window.editor()->toPlainText(), source);
        QCOMPARE(window.counters()->value(Counter::Executions), QStringLiteral("6"));
        QCOMPARE(window.explorationTreeView()->tree()->leafCount(), 6u);
        QVERIFY(window.exploreAction()->isEnabled());
    }
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("the C compiler failed on this input")));
}

QTEST_MAIN(tst_MainWindowOpen)
#include "tst_MainWindowOpen.moc"
