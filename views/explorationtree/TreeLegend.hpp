// SPDX-License-Identifier: MIT
// The key of the exploration tree's symbols, a strip above the tree view.
// GUI thread only.
#pragma once

#include "engine/base/DefectKind.hpp"

#include <QWidget>

#include <vector>

namespace weft::views {

class TreeLegend final : public QWidget {
    Q_OBJECT
public:
    explicit TreeLegend(QWidget *parent = nullptr);
    QSize sizeHint() const override;
    /// Lays the entries out in as many columns as fit `width`.
    void setAvailableWidth(int width);
    /// The defect kinds to show, each with its own symbol (none: one generic "defect" entry).
    void setDefectKinds(std::vector<DefectKind> kinds);
    /// Whether to list the leaf of a run replayed but not explored (VisitedRunsItem).
    void setShowsVisitedRuns(bool shows);
    /// The entries' texts, in order: maximal, SSB, the defect kinds (or "defect"), assume-blocked,
    /// alternative branch, data branch.
    QStringList entries() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    int columnWidth() const;
    int columns() const;

    int m_availableWidth = 0;
    std::vector<DefectKind> m_defectKinds;
    bool m_visitedRuns = false;
};

} // namespace weft::views
