// SPDX-License-Identifier: MIT
#include "views/source/LineNumberArea.hpp"

#include "views/source/SourceEditor.hpp"

namespace weft::views {

LineNumberArea::LineNumberArea(SourceEditor *editor) : QWidget(editor), m_editor(editor) {}

QSize LineNumberArea::sizeHint() const { return {m_editor->lineNumberAreaWidth(), 0}; }

void LineNumberArea::paintEvent(QPaintEvent *event) { m_editor->paintLineNumberArea(event); }

} // namespace weft::views
