// SPDX-License-Identifier: MIT
// Tests the runtime library (engine/runtime/*.c) on its test programs, tests/programs/runtime_*:
// each deterministic one ("nativeOutput": true in its expected.json) prints under Weft exactly what
// it prints (stdout and stderr) compiled natively by the system C compiler (the program's output is the oracle), and
// runs without a defect. The counts of expected.json are checked by tst_Interpreter.
#include "tests/engine/interpreter/CProgram.hpp"

#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

using namespace weft;
using weft::testing::diagnosticsOf;
using weft::testing::loadC;
using weft::testing::readText;
using weft::testing::runOnce;

namespace {

const QString kPrograms = QStringLiteral(WEFT_TEST_PROGRAMS);

/// The system C compiler, or "" when there is none.
QString nativeCompiler() {
    for (const char *name : {"cc", "gcc", "clang"})
        if (const QString path = QStandardPaths::findExecutable(QString::fromLatin1(name)); !path.isEmpty())
            return path;
    return {};
}

} // namespace

class tst_RuntimePrograms : public QObject {
    Q_OBJECT
private slots:
    void sameOutputAsNative_data();
    void sameOutputAsNative();
};

void tst_RuntimePrograms::sameOutputAsNative_data() {
    QTest::addColumn<QString>("file");
    int rows = 0;
    for (const QString &name : QDir(kPrograms).entryList({"runtime_*"}, QDir::Dirs, QDir::Name)) {
        const auto expected = nlohmann::json::parse(readText((kPrograms + '/' + name + "/expected.json").toStdString()));
        if (expected.value("nativeOutput", false)) {
            QTest::newRow(qPrintable(name)) << kPrograms + '/' + name + '/' + name + ".c";
            ++rows;
        }
    }
    QVERIFY(rows >= 3);
}

void tst_RuntimePrograms::sameOutputAsNative() {
    QFETCH(QString, file);
    const QString compiler = nativeCompiler();
    if (compiler.isEmpty())
        QSKIP("no system C compiler (cc, gcc or clang) to compare with");
    QTemporaryDir dir;
    const QString binary = dir.filePath("native");
    QProcess cc;
    cc.start(compiler, {"-w", "-O0", "-pthread", file, "-o", binary, "-lm"});
    QVERIFY(cc.waitForFinished(60000));
    QVERIFY2(cc.exitCode() == 0, cc.readAllStandardError().constData());
    QProcess native;
    native.setProcessEnvironment(QProcessEnvironment()); // an empty environment, as under Weft
    native.setStandardInputFile(QProcess::nullDevice());  // and an empty standard input
    native.setProcessChannelMode(QProcess::MergedChannels); // Weft's output has both streams
    native.start(binary, {});
    QVERIFY(native.waitForFinished(60000));
    QCOMPARE(native.exitCode(), 0);
    const QString expected = QString::fromUtf8(native.readAllStandardOutput());

    const auto p = loadC(file.toStdString());
    QVERIFY2(p, diagnosticsOf(p).c_str());
    const auto run = runOnce(*p);
    QVERIFY2(!run.execution.fault, run.execution.fault ? run.execution.fault->message.c_str() : "");
    QCOMPARE(QString::fromStdString(run.output), expected);
}

QTEST_GUILESS_MAIN(tst_RuntimePrograms)
#include "tst_RuntimePrograms.moc"
