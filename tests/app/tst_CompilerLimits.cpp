// SPDX-License-Identifier: MIT
// `weft explore` on input at the compiler's limits (tests/app/DeepInputs.hpp): each file gives a result
// or a clear error, never a signal; a compiler that crashes is an internal error, exit code 3.
#include "tests/app/DeepInputs.hpp"
#include "tests/app/WeftRun.hpp"

#include <QTemporaryDir>
#include <QtTest>

using namespace weft;
using weft::testing::contains;
using weft::testing::runWeft;

class tst_CompilerLimits : public QObject {
    Q_OBJECT
private slots:
    void deepInputCompilesOrIsRejected_data();
    void deepInputCompilesOrIsRejected();
    void compilerCrashIsAnInternalError();

private:
    QTemporaryDir m_dir;
};

void tst_CompilerLimits::deepInputCompilesOrIsRejected_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("compiles");
    for (const weft::testing::DeepInput &input : weft::testing::deepInputs())
        QTest::newRow(input.name.c_str()) << QString::fromStdString(input.name) << input.compiles;
}

void tst_CompilerLimits::deepInputCompilesOrIsRejected() {
    QFETCH(QString, name);
    QFETCH(bool, compiles);
    const std::string file = weft::testing::writeDeepInput(m_dir.path().toStdString(), name.toStdString());
    const testing::WeftRun r = runWeft({"explore", file, "--quiet"});
    if (compiles) {
        QVERIFY2(r.code == cli::kNoDefect, (r.out + r.err).c_str());
        QVERIFY2(contains(r.out, "weft: 0 defects, 1 maximal configuration"), r.out.c_str());
    } else {
        QVERIFY2(r.code == cli::kBadInput, (r.out + r.err).c_str());
        QVERIFY2(contains(r.err, ": error: bracket nesting level exceeded maximum of 256"), r.err.c_str());
    }
}

void tst_CompilerLimits::compilerCrashIsAnInternalError() {
    // A 4 MiB compiler stack is far too small for 10^5 terms: Clang overflows it, as it overflowed the
    // process's stack before, and Weft reports it and goes on.
    const std::string file = weft::testing::writeDeepInput(m_dir.path().toStdString(), "terms_1e5");
    qputenv("WEFT_COMPILER_STACK_MIB", "4");
    const testing::WeftRun explore = runWeft({"explore", file});
    const testing::WeftRun replay = runWeft({"replay", file, "--schedule", "0"});
    qunsetenv("WEFT_COMPILER_STACK_MIB");
    QCOMPARE(explore.code, int(cli::kInternalError));
    QVERIFY2(contains(explore.err, "terms_1e5.c: error: the C compiler failed on this input: it crashed (signal 11"),
             explore.err.c_str());
    QVERIFY2(contains(explore.err, "out of stack on deeply nested code"), explore.err.c_str());
    QCOMPARE(replay.code, int(cli::kInternalError));
    QVERIFY2(contains(replay.err, "the C compiler failed on this input"), replay.err.c_str());
    // The process recovered: the same file compiles with the full stack.
    QCOMPARE(runWeft({"explore", file, "--quiet"}).code, int(cli::kNoDefect));
}

QTEST_APPLESS_MAIN(tst_CompilerLimits)
#include "tst_CompilerLimits.moc"
