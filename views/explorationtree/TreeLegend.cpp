// SPDX-License-Identifier: MIT
#include "views/explorationtree/TreeLegend.hpp"

#include "views/explorationtree/TreeBranchesItem.hpp"
#include "views/explorationtree/TreeLeavesItem.hpp"

#include <QEvent>
#include <QPainter>

#include <algorithm>
#include <iterator>

namespace weft::views {

static constexpr int kPad = 6, kSymbol = 10, kGap = 6;

TreeLegend::TreeLegend(QWidget *parent) : QWidget(parent) {
    setAttribute(Qt::WA_TransparentForMouseEvents);
}

QStringList TreeLegend::entries() const {
    return {tr("maximal configuration"), tr("sleep-set blocked"),  tr("defect"),
            tr("assume-blocked"),        tr("alternative branch"), tr("data branch (another nondet value)")};
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
    const LeafKind kinds[] = {LeafKind::Maximal, LeafKind::SleepBlocked, LeafKind::Defect, LeafKind::AssumeBlocked};
    constexpr int kLeafKinds = int(std::size(kinds));
    for (int i = 0; i < texts.size(); ++i) {
        const int x = kPad + (i % columns()) * columnWidth();
        const int y = kPad + (i / columns()) * line;
        const QRectF symbol(x, y + (line - kSymbol) / 2.0, kSymbol, kSymbol);
        if (i < kLeafKinds) {
            TreeLeavesItem::paintSymbol(&p, kinds[i], symbol);
        } else {
            p.setPen(QPen(i == kLeafKinds ? TreeBranchesItem::elbowColour() : TreeBranchesItem::dataBranchColour(), 2));
            p.drawLine(symbol.topLeft(), symbol.topRight());
            p.drawLine(symbol.topRight(), symbol.bottomRight());
        }
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x + kSymbol + kGap, y, columnWidth(), line), Qt::AlignVCenter | Qt::AlignLeft, texts[i]);
    }
}

} // namespace weft::views
