// SPDX-License-Identifier: MIT
// Every stored fuzz input (tests/fuzz/corpus/<target>/: the seeds, and each input that once crashed
// or hung a target, kept under the name of what it found) run through its target in an ordinary
// build: what a fuzzer found fixed stays fixed. The targets abort on a broken invariant.
#include "tests/fuzz/FuzzTargets.hpp"

#include <QDir>
#include <QFile>
#include <QtTest>

using namespace weft::fuzz;

class tst_FuzzRegressions : public QObject {
    Q_OBJECT
private slots:
    void corpusRunsClean_data();
    void corpusRunsClean();
};

void tst_FuzzRegressions::corpusRunsClean_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("file");
    const QDir corpus(QStringLiteral(WEFT_FUZZ_CORPUS));
    int inputs = 0;
    for (const QString &target : corpus.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QVERIFY2(targetNamed(target.toStdString()), qPrintable("no fuzz target named " + target));
        const QDir dir(corpus.filePath(target));
        for (const QString &file : dir.entryList(QDir::Files)) {
            QTest::newRow(qPrintable(target + "/" + file)) << target << dir.filePath(file);
            ++inputs;
        }
    }
    QVERIFY(inputs > 0);
}

void tst_FuzzRegressions::corpusRunsClean() {
    QFETCH(QString, target);
    QFETCH(QString, file);
    QFile input(file);
    QVERIFY(input.open(QIODevice::ReadOnly));
    const QByteArray bytes = input.readAll();
    // Reaching the next line is the assertion: the target neither crashed nor aborted.
    targetNamed(target.toStdString())(reinterpret_cast<const std::uint8_t *>(bytes.constData()),
                                      std::size_t(bytes.size()));
}

QTEST_GUILESS_MAIN(tst_FuzzRegressions)
#include "tst_FuzzRegressions.moc"
