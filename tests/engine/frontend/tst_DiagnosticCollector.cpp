// SPDX-License-Identifier: MIT
// Tests the diagnostics of compileC (DiagnosticCollector): exact file/line/column/severity/text of Clang's
// errors and warnings, fix-its, I/O and IR parse errors. Sources go to a fresh temporary directory per test.
#include "engine/frontend/CCompiler.hpp"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using weft::Diagnostic;
using weft::Severity;
using weft::frontend::compileC;
using weft::frontend::CompileOptions;
using weft::frontend::formatDiagnostics;

class tst_DiagnosticCollector : public QObject {
    Q_OBJECT
private slots:
    void init();
    void missingHeaderIsErrorAtInclude();
    void syntaxErrorHasExactLocation();
    void errorsAndWarningsKeepClangOrder();
    void missingFileIsClearError();
    void unsupportedExtensionIsError();
    void warningsAreKept();
    void brokenIrReportsLocation();
    void noteFollowsItsError();
    void werrorPromotesWarning();
    void errorInHeaderNamesHeader();
    void unknownDriverFlagIsError();
    void invalidIrFailsVerification();

private:
    std::string write(const std::string &name, const std::string &text);
    std::unique_ptr<QTemporaryDir> m_dir;
};

static QString q(const std::string &s) { return QString::fromStdString(s); }

void tst_DiagnosticCollector::init() {
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

std::string tst_DiagnosticCollector::write(const std::string &name, const std::string &text) {
    const std::string path = m_dir->filePath(q(name)).toStdString();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

void tst_DiagnosticCollector::missingHeaderIsErrorAtInclude() {
    const std::string file = write("uses_header.c", "#include \"config.h\"\nint limit(void) { return LIMIT; }\n");
    auto unit = compileC({file});
    QVERIFY(!unit);
    QCOMPARE(unit.error().size(), 1u); // fatal: compilation stops at the include
    const Diagnostic &d = unit.error()[0];
    QCOMPARE(q(d.file), q(file));
    QCOMPARE(d.line, 1u);
    QCOMPARE(d.column, 10u);
    QCOMPARE(d.severity, Severity::Error);
    QCOMPARE(q(d.text), QString("'config.h' file not found"));
}

void tst_DiagnosticCollector::syntaxErrorHasExactLocation() {
    const std::string file = write("broken.c", "int main(void)\n{\n    int x = 1\n    return x;\n}\n");
    auto unit = compileC({file});
    QVERIFY(!unit);
    QCOMPARE(unit.error().size(), 1u);
    const Diagnostic &d = unit.error()[0];
    QCOMPARE(q(d.file), q(file));
    QCOMPARE(d.line, 3u);
    QCOMPARE(d.column, 14u);
    QCOMPARE(d.severity, Severity::Error);
    QCOMPARE(q(d.text), QString("expected ';' at end of declaration"));
    const std::string fixIt = "fix-it:\"" + file + "\":{3:14-3:14}:\";\"";
    QCOMPARE(d.fixIts, std::vector<std::string>{fixIt});
    QCOMPARE(q(formatDiagnostics(unit.error())),
             q(file + ":3:14: error: expected ';' at end of declaration\n" + fixIt + "\n"));
}

void tst_DiagnosticCollector::errorsAndWarningsKeepClangOrder() {
    const std::string file = write("both.c", "int f(void)\n{\n    char c = 300;\n    return undeclared;\n}\n");
    auto unit = compileC({file});
    QVERIFY(!unit);
    // Clang's own order: the constant-conversion check runs at the end of the function body.
    QCOMPARE(unit.error().size(), 2u);
    QCOMPARE(unit.error()[0].severity, Severity::Error);
    QCOMPARE(unit.error()[0].line, 4u);
    QCOMPARE(unit.error()[0].column, 12u);
    QCOMPARE(q(unit.error()[0].text), QString("use of undeclared identifier 'undeclared'"));
    QCOMPARE(unit.error()[1].severity, Severity::Warning);
    QCOMPARE(unit.error()[1].line, 3u);
    QCOMPARE(unit.error()[1].column, 14u);
}

void tst_DiagnosticCollector::missingFileIsClearError() {
    const std::string file = m_dir->filePath("absent.c").toStdString();
    auto unit = compileC({file});
    QVERIFY(!unit);
    QCOMPARE(unit.error().size(), 1u);
    QCOMPARE(q(unit.error()[0].file), q(file));
    QCOMPARE(unit.error()[0].line, 0u);
    QCOMPARE(unit.error()[0].severity, Severity::Error);
    QCOMPARE(q(formatDiagnostics(unit.error())), q(file + ": error: cannot open file: No such file or directory\n"));
}

void tst_DiagnosticCollector::unsupportedExtensionIsError() {
    const std::string file = write("prog.cpp", "int main() { return 0; }\n");
    auto unit = compileC({file});
    QVERIFY(!unit);
    QCOMPARE(q(unit.error()[0].text), QString("unsupported input file type '.cpp' (expected .c, .i, .ll or .bc)"));
}

void tst_DiagnosticCollector::warningsAreKept() {
    const std::string file = write("warn.c", "int main(void)\n{\n    int unused = 3;\n    char c = 300;\n    return c;\n}\n");
    CompileOptions options{file};
    options.extraArgs = {"-Wall"};
    auto unit = compileC(options);
    QVERIFY(unit);
    QCOMPARE(unit->warnings.size(), 2u);
    const Diagnostic &unused = unit->warnings[0];
    QCOMPARE(q(unused.file), q(file));
    QCOMPARE(unused.line, 3u);
    QCOMPARE(unused.column, 9u);
    QCOMPARE(unused.severity, Severity::Warning);
    QCOMPARE(q(unused.text), QString("unused variable 'unused' [-Wunused-variable]"));
    const Diagnostic &conversion = unit->warnings[1];
    QCOMPARE(conversion.line, 4u);
    QCOMPARE(conversion.column, 14u);
    QCOMPARE(q(conversion.text),
             QString("implicit conversion from 'int' to 'char' changes value from 300 to 44 [-Wconstant-conversion]"));

    auto withoutWall = compileC({file}); // the conversion warning is on by default
    QVERIFY(withoutWall);
    QCOMPARE(withoutWall->warnings.size(), 1u);
    QCOMPARE(withoutWall->warnings[0].line, 4u);
}

void tst_DiagnosticCollector::brokenIrReportsLocation() {
    const std::string file = write("broken.ll", "define i32 @f() {\n  ret i32 %nope\n}\n");
    auto unit = compileC({file});
    QVERIFY(!unit);
    QCOMPARE(unit.error().size(), 1u);
    QCOMPARE(q(unit.error()[0].file), q(file));
    QCOMPARE(unit.error()[0].line, 2u);
    QCOMPARE(unit.error()[0].column, 11u);
    QCOMPARE(q(unit.error()[0].text), QString("use of undefined value '%nope'"));
}

void tst_DiagnosticCollector::noteFollowsItsError() {
    const std::string file = write("redef.c", "int f(void) { return 1; }\nint f(void) { return 2; }\n");
    auto unit = compileC({file});
    QVERIFY(!unit);
    QCOMPARE(q(formatDiagnostics(unit.error())), q(file + ":2:5: error: redefinition of 'f'\n" + file +
                                                   ":1:5: note: previous definition is here\n"));
    QCOMPARE(unit.error()[1].severity, Severity::Note);
}

void tst_DiagnosticCollector::werrorPromotesWarning() {
    const std::string file = write("unused.c", "int main(void)\n{\n    int unused = 3;\n    return 0;\n}\n");
    CompileOptions options{file};
    options.extraArgs = {"-Wall", "-Werror"};
    auto unit = compileC(options);
    QVERIFY(!unit);
    QCOMPARE(unit.error().size(), 1u);
    QCOMPARE(unit.error()[0].severity, Severity::Error);
    QCOMPARE(q(unit.error()[0].text), QString("unused variable 'unused' [-Werror,-Wunused-variable]"));
}

void tst_DiagnosticCollector::errorInHeaderNamesHeader() {
    QVERIFY(QDir(m_dir->path()).mkdir("inc"));
    const std::string header = write("inc/bad.h", "#define LIMIT 7\nint helper(int) oops;\n");
    CompileOptions options{write("uses_bad.c", "#include \"bad.h\"\nint x;\n")};
    options.includeDirs = {m_dir->filePath("inc").toStdString()};
    auto unit = compileC(options);
    QVERIFY(!unit);
    QCOMPARE(q(formatDiagnostics(unit.error())),
             q(header + ":2:17: error: expected function body after function declarator\n"));
}

void tst_DiagnosticCollector::unknownDriverFlagIsError() {
    CompileOptions options{write("ok.c", "int main(void) { return 0; }\n")};
    options.extraArgs = {"-fnot-a-flag"};
    auto unit = compileC(options);
    QVERIFY(!unit);
    QCOMPARE(q(formatDiagnostics(unit.error())), QString("error: unknown argument: '-fnot-a-flag'\n"));
}

void tst_DiagnosticCollector::invalidIrFailsVerification() {
    // Parses, but %x (in an unreachable block) does not dominate its use.
    const std::string file = write("undominated.ll", "define i32 @f() {\nentry:\n  br label %exit\nexit:\n"
                                                     "  ret i32 %x\ndead:\n  %x = add i32 1, 2\n  br label %exit\n}\n");
    auto unit = compileC({file});
    QVERIFY(!unit);
    QCOMPARE(unit.error().size(), 1u);
    QCOMPARE(q(unit.error()[0].file), q(file));
    QVERIFY2(unit.error()[0].text.starts_with("invalid LLVM IR: Instruction does not dominate all uses!"),
             unit.error()[0].text.c_str());
}

QTEST_APPLESS_MAIN(tst_DiagnosticCollector)
#include "tst_DiagnosticCollector.moc"
