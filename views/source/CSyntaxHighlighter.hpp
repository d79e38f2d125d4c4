// SPDX-License-Identifier: MIT
// C highlighting for the source editor: keywords, types (with pthread_*_t), preprocessor lines,
// numbers, string and character literals, // and /* */ comments (across lines). GUI thread only.
#pragma once

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <vector>

namespace weft::views {

class CSyntaxHighlighter final : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit CSyntaxHighlighter(QTextDocument *document);

    /// What each role looks like (tests compare the formats of highlighted text with these).
    enum class Role { Plain, Keyword, Type, Preprocessor, Number, String, Comment };
    static QTextCharFormat formatFor(Role role);

protected:
    void highlightBlock(const QString &text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        Role role;
    };
    std::vector<Rule> m_rules;
};

} // namespace weft::views
