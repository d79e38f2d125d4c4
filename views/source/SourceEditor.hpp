// SPDX-License-Identifier: MIT
// The source pane: the C file with line numbers and highlighting, compile diagnostics underlined
// (Clang's message as tooltip, a dot in the gutter) and a current-line marker,
// and a coloured marker per thread of a replay at the line it stands on. Editable: the window saves
// the text to the file and explores the file on disk (document()->isModified() says whether they
// differ). GUI thread only.
#pragma once

#include "engine/base/Diagnostic.hpp"

#include <QColor>
#include <QPlainTextEdit>

#include <vector>

namespace weft::views {

class CSyntaxHighlighter;
class LineNumberArea;

/// Where one thread of a replay stands: a tinted line and a coloured tag ("T1") in the gutter.
struct ThreadMarker {
    int line = 0; ///< 1-based
    QColor colour;
    QString label;
    bool running = false; ///< the thread that performs the next step: stronger tint
};

class SourceEditor final : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit SourceEditor(QWidget *parent = nullptr);

    /// Shows `text` as the contents of `fileName`; clears diagnostics and the current line.
    void setSource(const QString &fileName, const QString &text);
    const QString &fileName() const { return m_fileName; }

    /// Underlines the diagnostics that belong to this file (errors red, warnings orange, notes blue); an
    /// error about the whole file, without a line, underlines the first line.
    void setDiagnostics(const std::vector<Diagnostic> &diagnostics);
    /// The diagnostics shown (those of this file with a line, and its errors without one).
    std::size_t markCount() const { return m_marks.size(); }
    /// The messages of the diagnostics covering this document position ("" if none).
    QString diagnosticAt(int position) const;
    /// 1-based lines with a diagnostic of at least this severity.
    std::vector<int> linesWith(Severity severity) const;

    /// Marks `line` (1-based) as the current one and scrolls to it; 0 clears the mark.
    void setCurrentLine(int line);
    int currentLine() const { return m_currentLine; }

    /// One marker per replayed thread at its current line (empty: none); scrolls to the running one.
    void setThreadMarkers(std::vector<ThreadMarker> markers);
    const std::vector<ThreadMarker> &threadMarkers() const { return m_threadMarkers; }

    // Gutter (LineNumberArea calls these).
    int lineNumberAreaWidth() const;
    void paintLineNumberArea(QPaintEvent *event);

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    struct Mark {
        int start = 0;
        int end = 0; ///< exclusive
        int line = 0;
        Severity severity = Severity::Error;
        QString text;
    };
    void updateGutter(const QRect &rect, int dy);
    void updateSelections();
    bool belongsHere(const Diagnostic &d) const;

    LineNumberArea *m_gutter;
    CSyntaxHighlighter *m_highlighter;
    QString m_fileName;
    std::vector<Mark> m_marks;
    int m_currentLine = 0;
    std::vector<ThreadMarker> m_threadMarkers;
};

} // namespace weft::views
