// SPDX-License-Identifier: MIT
// The source editor: line-number gutter, C highlighting, diagnostics underlined with their message as
// tooltip (through a real tooltip event), only for this file, and the current-line marker.
#include "views/source/CSyntaxHighlighter.hpp"
#include "views/source/SourceEditor.hpp"

#include <QtTest>
#include <QTextBlock>
#include <QToolTip>

using namespace weft;
using namespace weft::views;

class tst_SourceEditor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void gutter();
    void highlighting();
    void diagnosticsUnderlinedWithToolTip();
    void otherFilesIgnored();
    void currentLine();
};

static const char *kSource = "#include <pthread.h>\n"
                             "static int x; // shared\n"
                             "int main(void) {\n"
                             "    x = 42 +;\n"
                             "    /* a\n"
                             "       comment */ return \"s\";\n"
                             "}\n";

void tst_SourceEditor::gutter() {
    SourceEditor editor;
    editor.setSource(QStringLiteral("/tmp/prog.c"), QString::fromLatin1(kSource));
    editor.resize(500, 300);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    QCOMPARE(editor.blockCount(), 8);
    QVERIFY(editor.lineNumberAreaWidth() > editor.fontMetrics().horizontalAdvance(QStringLiteral("99")));
    QCOMPARE(editor.viewport()->geometry().left() >= editor.lineNumberAreaWidth(), true);
    QVERIFY(!editor.isReadOnly()); // the window saves and reloads what is typed
    QVERIFY(!editor.document()->isModified());
}

// The format the highlighter gave the first character of `word` on line `line` (0-based).
static QTextCharFormat formatAt(SourceEditor &editor, int line, const QString &word) {
    const QTextBlock block = editor.document()->findBlockByNumber(line);
    const int at = int(block.text().indexOf(word));
    for (const QTextLayout::FormatRange &r : block.layout()->formats())
        if (at >= r.start && at < r.start + r.length)
            return r.format;
    return {};
}

void tst_SourceEditor::highlighting() {
    SourceEditor editor;
    editor.setSource(QStringLiteral("/tmp/prog.c"), QString::fromLatin1(kSource));
    using Role = CSyntaxHighlighter::Role;
    auto colour = [](Role r) { return CSyntaxHighlighter::formatFor(r).foreground().color(); };
    QCOMPARE(formatAt(editor, 0, QStringLiteral("#include")).foreground().color(), colour(Role::Preprocessor));
    QCOMPARE(formatAt(editor, 1, QStringLiteral("static")).foreground().color(), colour(Role::Keyword));
    QCOMPARE(formatAt(editor, 1, QStringLiteral("int")).foreground().color(), colour(Role::Type));
    QCOMPARE(formatAt(editor, 1, QStringLiteral("// shared")).foreground().color(), colour(Role::Comment));
    QCOMPARE(formatAt(editor, 3, QStringLiteral("42")).foreground().color(), colour(Role::Number));
    QCOMPARE(formatAt(editor, 5, QStringLiteral("comment")).foreground().color(), colour(Role::Comment));
    QCOMPARE(formatAt(editor, 5, QStringLiteral("return")).foreground().color(), colour(Role::Keyword));
    QCOMPARE(formatAt(editor, 5, QStringLiteral("\"s\"")).foreground().color(), colour(Role::String));
}

void tst_SourceEditor::diagnosticsUnderlinedWithToolTip() {
    SourceEditor editor;
    editor.setSource(QStringLiteral("/tmp/prog.c"), QString::fromLatin1(kSource));
    editor.resize(500, 300);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    Diagnostic error{"/tmp/prog.c", 4, 13, Severity::Error, "expected expression"};
    Diagnostic warning{"/tmp/prog.c", 2, 12, Severity::Warning, "unused variable 'x'"};
    editor.setDiagnostics({error, warning});
    QCOMPARE(editor.markCount(), 2u);
    QCOMPARE(editor.linesWith(Severity::Error), std::vector<int>{4});
    QCOMPARE(editor.linesWith(Severity::Warning), (std::vector<int>{4, 2}));

    const QTextBlock line4 = editor.document()->findBlockByNumber(3);
    const int at = line4.position() + 12; // the ';' after '+'
    QCOMPARE(editor.diagnosticAt(at), QStringLiteral("expected expression"));
    QCOMPARE(editor.diagnosticAt(line4.position()), QString());
    bool underlined = false;
    for (const QTextEdit::ExtraSelection &s : editor.extraSelections())
        underlined |= s.format.underlineStyle() == QTextCharFormat::WaveUnderline && s.cursor.selectionStart() == at;
    QVERIFY(underlined);

    // Hovering the underlined text shows Clang's message.
    QTextCursor cursor(editor.document());
    cursor.setPosition(at);
    const QPoint local = editor.cursorRect(cursor).center() + QPoint(2, 0);
    QHelpEvent help(QEvent::ToolTip, local, editor.viewport()->mapToGlobal(local));
    QApplication::sendEvent(editor.viewport(), &help);
    QTRY_COMPARE(QToolTip::text(), QStringLiteral("expected expression"));
}

void tst_SourceEditor::otherFilesIgnored() {
    SourceEditor editor;
    editor.setSource(QStringLiteral("/tmp/prog.c"), QString::fromLatin1(kSource));
    editor.setDiagnostics({{"/usr/include/stdio.h", 3, 1, Severity::Error, "elsewhere"},
                           {"", 0, 0, Severity::Error, "no location"}});
    QCOMPARE(editor.markCount(), 0u);
}

void tst_SourceEditor::currentLine() {
    SourceEditor editor;
    editor.setSource(QStringLiteral("/tmp/prog.c"), QString::fromLatin1(kSource));
    editor.setCurrentLine(3);
    QCOMPARE(editor.currentLine(), 3);
    QCOMPARE(editor.textCursor().blockNumber(), 2);
    bool marked = false;
    for (const QTextEdit::ExtraSelection &s : editor.extraSelections())
        marked |= s.format.property(QTextFormat::FullWidthSelection).toBool() && s.cursor.blockNumber() == 2;
    QVERIFY(marked);
}

QTEST_MAIN(tst_SourceEditor)
#include "tst_SourceEditor.moc"
