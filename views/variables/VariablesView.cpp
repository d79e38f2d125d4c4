// SPDX-License-Identifier: MIT
#include "views/variables/VariablesView.hpp"

#include "views/variables/VariablesModel.hpp"

namespace weft::views {

VariablesView::VariablesView(QWidget *parent) : QTreeView(parent) {
    connect(this, &QTreeView::expanded, this, [this](const QModelIndex &index) {
        const QString key = keyOf(index);
        if (index.parent().isValid())
            m_expanded.insert(key);
        else
            m_collapsedGroups.remove(key);
    });
    connect(this, &QTreeView::collapsed, this, [this](const QModelIndex &index) {
        const QString key = keyOf(index);
        if (index.parent().isValid())
            m_expanded.remove(key);
        else
            m_collapsedGroups.insert(key);
    });
}

void VariablesView::setModel(QAbstractItemModel *model) {
    disconnect(m_refreshed);
    QTreeView::setModel(model);
    m_model = qobject_cast<VariablesModel *>(model);
    if (m_model)
        m_refreshed =
            connect(m_model, &VariablesModel::refreshed, this, [this] { restoreExpansion(); });
    restoreExpansion();
}

QString VariablesView::keyOf(const QModelIndex &index) const {
    // The locals group's title names the function and the thread: each frame keeps its own
    // expansion.
    return m_model ? m_model->pathOf(index).join(QChar(0x1f)) : QString();
}

void VariablesView::restoreExpansion(const QModelIndex &parent) {
    if (!m_model)
        return;
    // Exactly the remembered rows are open: a row kept in place for another frame's variable of the
    // same name and type must not inherit the first one's expansion.
    for (int row = 0; row < m_model->rowCount(parent); ++row) {
        const QModelIndex index = m_model->index(row, VariablesModel::Name, parent);
        if (!m_model->hasChildren(index))
            continue;
        const QString key = keyOf(index);
        const bool open =
            parent.isValid() ? m_expanded.contains(key) : !m_collapsedGroups.contains(key);
        if (open != isExpanded(index))
            setExpanded(index, open);
        if (open)
            restoreExpansion(index);
    }
}

} // namespace weft::views
