// SPDX-License-Identifier: MIT
// Regression tests for what differential testing against native execution found
// (tests/differential/csmith-compare.sh): each a small program reduced from a csmith program whose
// output under Weft differed from the natively compiled one, with the native output.
#include "tests/engine/interpreter/CProgram.hpp"

#include <QtTest>

using namespace weft;
using weft::testing::runOnce;
using weft::testing::ScratchSources;

class tst_DifferentialFindings : public QObject {
    Q_OBJECT
private slots:
    void init() { QVERIFY(m_sources.reset()); }
    void sameOutputAsNative_data();
    void sameOutputAsNative();
    void overlappingMemcpyIsStillUndefined();

private:
    ScratchSources m_sources;
};

void tst_DifferentialFindings::sameOutputAsNative_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("output");
    // csmith seeds 21, 43, 44, ...: `g_78 = g_78;` Clang copies the struct with llvm.memcpy from an
    // object onto itself, which Weft reported as a memcpy with overlapping source and destination.
    QTest::newRow("struct self-assignment") << R"(#include <stdio.h>
struct S { int a; long b; char c[20]; };
struct S g = {1, 2, "x"};
int main(void) {
    struct S *p = &g, l = {3, 4, "y"};
    g = g;
    g = *p;
    l = l;
    printf("%d %ld %s %d %ld %s\n", g.a, g.b, g.c, l.a, l.b, l.c);
    return 0;
}
)" << "1 2 x 3 4 y\n";
}

void tst_DifferentialFindings::sameOutputAsNative() {
    QFETCH(QString, source);
    QFETCH(QString, output);
    const auto p = m_sources.load("finding.c", source.toStdString());
    const auto run = runOnce(p);
    QVERIFY2(!run.execution.fault, run.execution.fault ? run.execution.fault->message.c_str() : "");
    QCOMPARE(QString::fromStdString(run.output), output);
}

void tst_DifferentialFindings::overlappingMemcpyIsStillUndefined() {
    // Only exactly equal ranges are allowed (llvm.memcpy's contract); a partial overlap is a defect.
    const auto p = m_sources.load("overlap.c", R"(#include <string.h>
int main(void) {
    char b[8] = "abcdefg";
    memcpy(b + 1, b, 4);
    return b[1];
}
)");
    const auto run = runOnce(p);
    QVERIFY(run.execution.fault);
    QCOMPARE(run.execution.fault->kind, DefectKind::UndefinedBehaviour);
    QVERIFY(run.execution.fault->message.find("memcpy with overlapping source and destination") != std::string::npos);
}

QTEST_GUILESS_MAIN(tst_DifferentialFindings)
#include "tst_DifferentialFindings.moc"
