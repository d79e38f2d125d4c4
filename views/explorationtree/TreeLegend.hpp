// SPDX-License-Identifier: MIT
// The key of the exploration tree's symbols, a strip above the tree view.
// GUI thread only.
#pragma once

#include <QWidget>

namespace weft::views {

class TreeLegend final : public QWidget {
    Q_OBJECT
public:
    explicit TreeLegend(QWidget *parent = nullptr);
    QSize sizeHint() const override;
    /// Lays the entries out in as many columns as fit `width`.
    void setAvailableWidth(int width);
    /// The entries, in order (maximal, SSB, defect, alternative branch).
    QStringList entries() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    int columnWidth() const;
    int columns() const;

    int m_availableWidth = 0;
};

} // namespace weft::views
