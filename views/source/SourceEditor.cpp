// SPDX-License-Identifier: MIT
#include "views/source/SourceEditor.hpp"

#include "views/messages/MessageText.hpp"

#include "views/source/CSyntaxHighlighter.hpp"
#include "views/source/LineNumberArea.hpp"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

#include <algorithm>

namespace weft::views {

static QColor severityColour(Severity s) {
    switch (s) {
    case Severity::Error: return QColor(220, 30, 30);
    case Severity::Warning: return QColor(230, 140, 0);
    case Severity::Note: return QColor(40, 100, 220);
    }
    return Qt::red;
}

SourceEditor::SourceEditor(QWidget *parent)
    : QPlainTextEdit(parent), m_gutter(new LineNumberArea(this)), m_highlighter(new CSyntaxHighlighter(document())) {
    setLineWrapMode(NoWrap);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(std::max(9.0, mono.pointSizeF()));
    setFont(mono);
    setPlaceholderText(tr("Open a C file (File ▸ Open) to explore its interleavings."));
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(lineNumberAreaWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, &SourceEditor::updateGutter);
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void SourceEditor::setSource(const QString &fileName, const QString &text) {
    m_fileName = fileName;
    m_marks.clear();
    m_currentLine = 0;
    m_threadMarkers.clear();
    setPlainText(text);
    document()->setModified(false);
    updateSelections();
}

bool SourceEditor::belongsHere(const Diagnostic &d) const {
    if (d.file.empty() || (d.line == 0 && d.severity != Severity::Error))
        return false;
    const QFileInfo mine(m_fileName), theirs(QString::fromStdString(d.file));
    if (mine.exists() && theirs.exists())
        return mine.canonicalFilePath() == theirs.canonicalFilePath();
    return mine.fileName() == theirs.fileName();
}

void SourceEditor::setDiagnostics(const std::vector<Diagnostic> &diagnostics) {
    m_marks.clear();
    for (const Diagnostic &d : diagnostics) {
        if (!belongsHere(d))
            continue;
        // An error about the whole file (e.g. the compiler failed on it) is marked on its first line.
        const int line = std::max(1, int(d.line));
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (!block.isValid())
            continue;
        Mark mark;
        mark.line = line;
        mark.severity = d.severity;
        mark.text = MessageText::format(d.text); // Weft's own warnings in the UI language; Clang's as they are
        const QString text = block.text();
        if (d.column == 0 || int(d.column) > text.size()) {
            mark.start = block.position();
            mark.end = block.position() + std::max<int>(1, int(text.size()));
        } else {
            // From the column to the end of the token there (at least one character).
            int from = int(d.column) - 1, to = from + 1;
            auto isWord = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); };
            if (isWord(text[from]))
                while (to < text.size() && isWord(text[to]))
                    ++to;
            mark.start = block.position() + from;
            mark.end = block.position() + to;
        }
        m_marks.push_back(mark);
    }
    updateSelections();
    m_gutter->update();
}

QString SourceEditor::diagnosticAt(int position) const {
    QStringList texts;
    for (const Mark &m : m_marks)
        if (position >= m.start && position < m.end)
            texts << m.text;
    return texts.join(QLatin1Char('\n'));
}

std::vector<int> SourceEditor::linesWith(Severity severity) const {
    std::vector<int> lines;
    for (const Mark &m : m_marks)
        if (m.severity >= severity && (lines.empty() || lines.back() != m.line))
            lines.push_back(m.line);
    return lines;
}

void SourceEditor::setCurrentLine(int line) {
    m_currentLine = line;
    updateSelections();
    if (line > 0) {
        const QTextBlock block = document()->findBlockByNumber(line - 1);
        if (block.isValid()) {
            QTextCursor cursor(block);
            setTextCursor(cursor);
            centerCursor();
        }
    }
    m_gutter->update();
}

void SourceEditor::setThreadMarkers(std::vector<ThreadMarker> markers) {
    m_threadMarkers = std::move(markers);
    updateSelections();
    for (const ThreadMarker &m : m_threadMarkers)
        if (m.running && m.line > 0) {
            const QTextBlock block = document()->findBlockByNumber(m.line - 1);
            if (block.isValid()) {
                setTextCursor(QTextCursor(block));
                ensureCursorVisible();
            }
        }
    m_gutter->update();
}

void SourceEditor::updateSelections() {
    QList<QTextEdit::ExtraSelection> selections;
    for (const ThreadMarker &m : m_threadMarkers) {
        const QTextBlock block = document()->findBlockByNumber(m.line - 1);
        if (m.line <= 0 || !block.isValid())
            continue;
        QTextEdit::ExtraSelection marker;
        QColor tint = m.colour;
        tint.setAlpha(m.running ? 110 : 50);
        marker.format.setBackground(tint);
        marker.format.setProperty(QTextFormat::FullWidthSelection, true);
        marker.cursor = QTextCursor(block);
        selections << marker;
    }
    if (m_currentLine > 0) {
        const QTextBlock block = document()->findBlockByNumber(m_currentLine - 1);
        if (block.isValid()) {
            QTextEdit::ExtraSelection current;
            current.format.setBackground(QColor(255, 245, 190));
            current.format.setProperty(QTextFormat::FullWidthSelection, true);
            current.cursor = QTextCursor(block);
            selections << current;
        }
    }
    for (const Mark &m : m_marks) {
        QTextEdit::ExtraSelection s;
        s.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        s.format.setUnderlineColor(severityColour(m.severity));
        s.format.setToolTip(m.text);
        s.cursor = QTextCursor(document());
        s.cursor.setPosition(m.start);
        s.cursor.setPosition(m.end, QTextCursor::KeepAnchor);
        selections << s;
    }
    setExtraSelections(selections);
}

bool SourceEditor::viewportEvent(QEvent *event) {
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = diagnosticAt(cursorForPosition(help->pos()).position());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

int SourceEditor::lineNumberAreaWidth() const {
    int digits = 1;
    for (int max = std::max(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    return 22 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(digits, 3);
}

void SourceEditor::updateGutter(const QRect &rect, int dy) {
    if (dy)
        m_gutter->scroll(0, dy);
    else
        m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
}

void SourceEditor::resizeEvent(QResizeEvent *event) {
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    m_gutter->setGeometry(QRect(r.left(), r.top(), lineNumberAreaWidth(), r.height()));
}

void SourceEditor::paintLineNumberArea(QPaintEvent *event) {
    QPainter painter(m_gutter);
    painter.fillRect(event->rect(), QColor(242, 242, 242));
    painter.setRenderHint(QPainter::Antialiasing);
    QTextBlock block = firstVisibleBlock();
    int number = block.blockNumber() + 1;
    qreal top = blockBoundingGeometry(block).translated(contentOffset()).top();
    const int lineHeight = fontMetrics().height();
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && top + lineHeight >= event->rect().top()) {
            const QRectF row(0, top, m_gutter->width(), lineHeight);
            Severity worst = Severity::Note;
            bool marked = false;
            for (const Mark &m : m_marks)
                if (m.line == number) {
                    worst = marked ? std::max(worst, m.severity) : m.severity;
                    marked = true;
                }
            if (marked) {
                painter.setPen(Qt::NoPen);
                painter.setBrush(severityColour(worst));
                painter.drawEllipse(QPointF(7, row.center().y()), 4, 4);
            }
            if (number == m_currentLine) {
                painter.setPen(Qt::NoPen);
                painter.setBrush(QColor(20, 60, 200));
                const QPointF c(7, row.center().y());
                const QPointF arrow[3] = {c + QPointF(-4, -5), c + QPointF(4, 0), c + QPointF(-4, 5)};
                painter.drawPolygon(arrow, 3);
            }
            qreal tagX = 1;
            for (const ThreadMarker &m : m_threadMarkers) {
                if (m.line != number)
                    continue;
                QFont small = painter.font();
                small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.75));
                small.setBold(m.running);
                painter.setFont(small);
                const qreal w = QFontMetricsF(small).horizontalAdvance(m.label) + 4;
                const QRectF tag(tagX, row.top() + 1, w, row.height() - 2);
                painter.setPen(Qt::NoPen);
                painter.setBrush(m.colour);
                painter.drawRoundedRect(tag, 3, 3);
                painter.setPen(Qt::white);
                painter.drawText(tag, Qt::AlignCenter, m.label);
                painter.setFont(font());
                tagX += w + 1;
            }
            painter.setPen(number == m_currentLine ? QColor(20, 20, 20) : QColor(140, 140, 140));
            painter.drawText(row.adjusted(0, 0, -6, 0), Qt::AlignRight | Qt::AlignVCenter, QString::number(number));
        }
        top += blockBoundingRect(block).height();
        block = block.next();
        ++number;
    }
}

} // namespace weft::views
