// SPDX-License-Identifier: MIT
// `weft gui FILE.c --screenshot OUT.png` as a user runs it: explores offscreen and writes the window as
// a PNG (the README's pictures); a file that does not compile still gives a picture, and exit code 2
// (3 when the compiler crashed on it).
#include <QtTest>

class tst_GuiCommand : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void screenshotAfterExploring();
    void screenshotOfACompileError();
    void screenshotNeedsAFile();
    void screenshotOfACompilerCrash();
};

static int runWeft(const QStringList &arguments, QString *errors = nullptr,
                   const QString &compilerStackMib = QString()) {
    QProcess weft;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    if (!compilerStackMib.isEmpty())
        env.insert(QStringLiteral("WEFT_COMPILER_STACK_MIB"), compilerStackMib);
    weft.setProcessEnvironment(env);
    weft.start(QStringLiteral(WEFT_EXECUTABLE), arguments);
    if (!weft.waitForFinished(120000))
        return -1;
    if (errors)
        *errors = QString::fromLocal8Bit(weft.readAllStandardError());
    return weft.exitStatus() == QProcess::NormalExit ? weft.exitCode() : -1;
}

void tst_GuiCommand::screenshotAfterExploring() {
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("main-window.png"));
    QCOMPARE(runWeft({QStringLiteral("gui"), QStringLiteral(WEFT_TEST_PROGRAMS "/lost_update/lost_update.c"),
                      QStringLiteral("--screenshot"), png}),
             0);
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 1200 && image.height() >= 800);
}

void tst_GuiCommand::screenshotOfACompileError() {
    QTemporaryDir dir;
    const QString source = dir.filePath(QStringLiteral("broken.c"));
    QFile file(source);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("int main(void) { return 1 +; }\n");
    file.close();
    const QString png = dir.filePath(QStringLiteral("broken.png"));
    QCOMPARE(runWeft({QStringLiteral("gui"), source, QStringLiteral("--screenshot"), png}), 2);
    QVERIFY(!QImage(png).isNull());
}

void tst_GuiCommand::screenshotNeedsAFile() {
    QTemporaryDir dir;
    QString errors;
    QCOMPARE(runWeft({QStringLiteral("gui"), QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))},
                     &errors),
             2);
    QVERIFY(errors.contains(QStringLiteral("needs a FILE.c")));
}

void tst_GuiCommand::screenshotOfACompilerCrash() {
    QTemporaryDir dir;
    const QString source = dir.filePath(QStringLiteral("terms.c"));
    QFile file(source);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("int main(void) { int x = 1");
    for (int i = 1; i < 100'000; ++i)
        file.write(" + 1");
    file.write("; return x == 0; }\n");
    file.close();
    const QString png = dir.filePath(QStringLiteral("terms.png"));
    // A 4 MiB compiler stack is far too small for 100,000 terms: Clang crashes, Weft does not.
    QCOMPARE(runWeft({QStringLiteral("gui"), source, QStringLiteral("--screenshot"), png}, nullptr, QStringLiteral("4")),
             3);
    QVERIFY(!QImage(png).isNull());
}

QTEST_MAIN(tst_GuiCommand)
#include "tst_GuiCommand.moc"
