// SPDX-License-Identifier: MIT
// File ▸ Export ▸ Results of `weft gui --model sc` writes what `weft explore --model sc --json` writes,
// byte for byte but the timings, for every bundled example and every sc test program: the same model,
// defects replayed under it, the same locations.
#include "app/gui/MainWindow.hpp"
#include "app/session/ExplorationSession.hpp"
#include "tests/app/WeftRun.hpp"

#include <QDir>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace weft;
using namespace weft::gui;

class tst_ResultsExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); } // default settings
    void scExportEqualsTheCli_data();
    void scExportEqualsTheCli();
};

void tst_ResultsExport::scExportEqualsTheCli_data() {
    QTest::addColumn<QString>("file");
    const QDir examples(QStringLiteral(WEFT_EXAMPLES));
    for (const QString &name : examples.entryList({QStringLiteral("*.c")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(name)) << examples.filePath(name);
    const QDir programs(QStringLiteral(WEFT_TEST_PROGRAMS));
    for (const QString &name : programs.entryList({QStringLiteral("sc_*")}, QDir::Dirs, QDir::Name))
        QTest::newRow(qPrintable(name)) << programs.filePath(name + QLatin1Char('/') + name + QStringLiteral(".c"));
}

/// The document with the values of its timings (CPU, wall clock, peak memory) left out.
static QString withoutTimings(const std::string &json) {
    static const QRegularExpression timings(QStringLiteral("(\"(cpuSeconds|wallSeconds|peakRssBytes)\": )[^,\\n]*"));
    return QString::fromStdString(json).replace(timings, QStringLiteral("\\1…"));
}

void tst_ResultsExport::scExportEqualsTheCli() {
    QFETCH(QString, file);
    QTemporaryDir dir;
    const std::string cliJson = dir.filePath(QStringLiteral("cli.json")).toStdString();
    const testing::WeftRun cli =
        testing::runWeft({"explore", file.toStdString(), "--model", "sc", "--quiet", "--json", cliJson});
    QVERIFY2(cli.code == 0 || cli.code == 1, cli.err.c_str());

    MainWindow window;
    interpreter::InterpreterOptions sc;
    sc.model = interpreter::MemoryModel::Sc;
    window.setInterpreterOptions(sc); // as `weft gui --model sc` does
    QVERIFY(window.openFile(file));
    QSignalSpy finished(&window.session(), &session::ExplorationSession::finished);
    QVERIFY(window.session().start());
    QVERIFY(finished.wait(120000));
    const QString guiJson = dir.filePath(QStringLiteral("gui.json"));
    QVERIFY(window.exportResults(guiJson));

    const std::string expected = testing::readText(cliJson), actual = testing::readText(guiJson.toStdString());
    QVERIFY(testing::contains(expected, "\"model\": \"sc\""));
    QCOMPARE(withoutTimings(actual), withoutTimings(expected));
}

QTEST_MAIN(tst_ResultsExport)
#include "tst_ResultsExport.moc"
