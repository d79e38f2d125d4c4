// SPDX-License-Identifier: MIT
#include "views/explorationtree/TreeLegend.hpp"

#include "views/defects/DefectsModel.hpp"
#include "views/explorationtree/TreeBranchesItem.hpp"
#include "views/explorationtree/TreeLeavesItem.hpp"
#include "views/explorationtree/VisitedRunsItem.hpp"

#include <QEvent>
#include <QPainter>

#include <algorithm>

namespace weft::views {

static constexpr int kPad = 6, kSymbol = 10, kGap = 6;

TreeLegend::TreeLegend(QWidget *parent) : QWidget(parent) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
}

QStringList TreeLegend::entries() const {
    QStringList texts{tr("maximal configuration"), tr("sleep-set blocked")};
    if (m_defectKinds.empty())
        texts << tr("defect");
    for (DefectKind kind : m_defectKinds)
        texts << DefectsModel::kindText(kind);
    texts << tr("assume-blocked");
    if (m_visitedRuns)
        texts << tr("replayed, not explored");
    texts << tr("alternative branch") << tr("data branch (another nondet value)");
    return texts;
}

void TreeLegend::setShowsVisitedRuns(bool shows) {
    if (shows == m_visitedRuns)
        return;
    m_visitedRuns = shows;
    updateGeometry();
    update();
}

void TreeLegend::setDefectKinds(std::vector<DefectKind> kinds) {
    if (kinds == m_defectKinds)
        return;
    m_defectKinds = std::move(kinds);
    updateGeometry();
    update();
}

// As many columns as fit the available width: a strip above the tree.
int TreeLegend::columnWidth() const {
    int width = 0;
    for (const QString &e : entries())
        width = std::max(width, fontMetrics().horizontalAdvance(e));
    return kSymbol + kGap + width + 2 * kPad;
}

int TreeLegend::columns() const {
    const int fit = m_availableWidth > 0 ? (m_availableWidth - kPad) / columnWidth() : 2;
    return std::clamp(fit, 1, int(entries().size()));
}

void TreeLegend::setAvailableWidth(int width) {
    if (width == m_availableWidth)
        return;
    m_availableWidth = width;
    updateGeometry();
    update();
}

QSize TreeLegend::sizeHint() const {
    const int line = std::max(fontMetrics().height(), kSymbol + 2);
    const int count = int(entries().size());
    const int rows = (count + columns() - 1) / columns();
    return {kPad + columns() * columnWidth(), kPad * 2 + line * rows};
}

void TreeLegend::changeEvent(QEvent *event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange)
        updateGeometry();
    QWidget::changeEvent(event);
}

void TreeLegend::paintEvent(QPaintEvent *) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const int line = std::max(fontMetrics().height(), kSymbol + 2);
    const QStringList texts = entries();
    // The leaf entries, then the two branch entries.
    std::vector<std::pair<LeafKind, DefectKind>> leaves{{LeafKind::Maximal, {}}, {LeafKind::SleepBlocked, {}}};
    if (m_defectKinds.empty())
        leaves.emplace_back(LeafKind::Defect, DefectKind::AssertionFailure);
    for (DefectKind kind : m_defectKinds)
        leaves.emplace_back(LeafKind::Defect, kind);
    leaves.emplace_back(LeafKind::AssumeBlocked, DefectKind{});
    const int leafEntries = int(leaves.size());
    for (int i = 0; i < texts.size(); ++i) {
        const int x = kPad + (i % columns()) * columnWidth();
        const int y = kPad + (i / columns()) * line;
        const QRectF symbol(x, y + (line - kSymbol) / 2.0, kSymbol, kSymbol);
        const int branch = i - leafEntries - (m_visitedRuns ? 1 : 0); // 0: alternative, 1: data branch
        if (i < leafEntries) {
            TreeLeavesItem::paintSymbol(&p, leaves[i].first, symbol, leaves[i].second);
        } else if (branch < 0) {
            VisitedRunsItem::paintSymbol(&p, symbol);
        } else {
            p.setPen(QPen(branch == 0 ? TreeBranchesItem::elbowColour() : TreeBranchesItem::dataBranchColour(), 2));
            p.drawLine(symbol.topLeft(), symbol.topRight());
            p.drawLine(symbol.topRight(), symbol.bottomRight());
        }
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x + kSymbol + kGap, y, columnWidth(), line), Qt::AlignVCenter | Qt::AlignLeft, texts[i]);
    }
}

} // namespace weft::views
