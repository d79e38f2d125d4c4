// SPDX-License-Identifier: MIT
#include "views/source/CSyntaxHighlighter.hpp"

namespace weft::views {

static constexpr int kInComment = 1; // block state: a /* comment continues into the next line

QTextCharFormat CSyntaxHighlighter::formatFor(Role role) {
    QTextCharFormat f;
    switch (role) {
    case Role::Plain: break;
    case Role::Keyword:
        f.setForeground(QColor(0, 60, 160));
        f.setFontWeight(QFont::Bold);
        break;
    case Role::Type: f.setForeground(QColor(120, 30, 150)); break;
    case Role::Preprocessor: f.setForeground(QColor(150, 80, 0)); break;
    case Role::Number: f.setForeground(QColor(0, 120, 120)); break;
    case Role::String: f.setForeground(QColor(170, 30, 30)); break;
    case Role::Comment:
        f.setForeground(QColor(100, 120, 100));
        f.setFontItalic(true);
        break;
    }
    return f;
}

CSyntaxHighlighter::CSyntaxHighlighter(QTextDocument *document) : QSyntaxHighlighter(document) {
    const QString keywords = QStringLiteral(
        "auto|break|case|const|continue|default|do|else|enum|extern|for|goto|if|inline|register|"
        "restrict|return|sizeof|static|struct|switch|typedef|union|volatile|while|_Atomic|_Bool|"
        "_Noreturn|_Static_assert|_Thread_local|NULL|true|false");
    const QString types = QStringLiteral(
        "void|char|short|int|long|float|double|signed|unsigned|bool|size_t|ssize_t|"
        "u?int(8|16|32|64|ptr)_t|atomic_\\w+|pthread_\\w+_t|pthread_t|sem_t|FILE");
    m_rules.push_back({QRegularExpression(QStringLiteral("\\b(%1)\\b").arg(types)), Role::Type});
    m_rules.push_back({QRegularExpression(QStringLiteral("\\b(%1)\\b").arg(keywords)), Role::Keyword});
    m_rules.push_back({QRegularExpression(QStringLiteral(
                           "\\b(0[xX][0-9a-fA-F]+|[0-9]+\\.?[0-9]*([eE][-+]?[0-9]+)?)[uUlLfF]*\\b")),
                       Role::Number});
    m_rules.push_back({QRegularExpression(QStringLiteral("^\\s*#\\s*\\w+")), Role::Preprocessor});
    m_rules.push_back({QRegularExpression(QStringLiteral("<[\\w./]+>(?=\\s*$)")), Role::String});
    m_rules.push_back({QRegularExpression(QStringLiteral("\"(\\\\.|[^\"\\\\])*\"")), Role::String});
    m_rules.push_back({QRegularExpression(QStringLiteral("'(\\\\.|[^'\\\\])+'")), Role::String});
}

void CSyntaxHighlighter::highlightBlock(const QString &text) {
    for (const Rule &rule : m_rules) {
        auto it = rule.pattern.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            setFormat(int(m.capturedStart()), int(m.capturedLength()), formatFor(rule.role));
        }
    }
    // Comments last: they override everything inside them. Strings hide comment openers.
    const QTextCharFormat comment = formatFor(Role::Comment);
    int start = 0;
    if (previousBlockState() == kInComment) {
        const int end = int(text.indexOf(QLatin1String("*/")));
        if (end < 0) {
            setFormat(0, int(text.size()), comment);
            setCurrentBlockState(kInComment);
            return;
        }
        setFormat(0, end + 2, comment);
        start = end + 2;
    }
    setCurrentBlockState(0);
    bool inString = false;
    QChar quote;
    for (int i = start; i < text.size(); ++i) {
        const QChar c = text[i];
        if (inString) {
            if (c == QLatin1Char('\\'))
                ++i;
            else if (c == quote)
                inString = false;
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            inString = true;
            quote = c;
        } else if (c == QLatin1Char('/') && i + 1 < text.size() && text[i + 1] == QLatin1Char('/')) {
            setFormat(i, int(text.size()) - i, comment);
            return;
        } else if (c == QLatin1Char('/') && i + 1 < text.size() && text[i + 1] == QLatin1Char('*')) {
            const int end = int(text.indexOf(QLatin1String("*/"), i + 2));
            if (end < 0) {
                setFormat(i, int(text.size()) - i, comment);
                setCurrentBlockState(kInComment);
                return;
            }
            setFormat(i, end + 2 - i, comment);
            i = end + 1;
        }
    }
}

} // namespace weft::views
