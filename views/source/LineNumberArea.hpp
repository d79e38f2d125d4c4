// SPDX-License-Identifier: MIT
// The gutter of the source editor: line numbers, a red or orange dot on lines with a diagnostic and an
// arrow on the current line. Painted by the editor, which owns the text layout. GUI thread only.
#pragma once

#include <QWidget>

namespace weft::views {

class SourceEditor;

class LineNumberArea final : public QWidget {
    Q_OBJECT
public:
    explicit LineNumberArea(SourceEditor *editor);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    SourceEditor *m_editor;
};

} // namespace weft::views
