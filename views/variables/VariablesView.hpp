// SPDX-License-Identifier: MIT
// The variables pane: a tree over a VariablesModel whose groups (globals, locals) open by default
// and whose struct and array rows stay as the user left them, expanded or not, across steps and
// frame changes (remembered by path: group, variable, field...). Display only. GUI thread only.
#pragma once

#include <QSet>
#include <QString>
#include <QTreeView>

namespace weft::views {

class VariablesModel;

class VariablesView final : public QTreeView {
    Q_OBJECT
public:
    explicit VariablesView(QWidget *parent = nullptr);

    /// Must be a VariablesModel.
    void setModel(QAbstractItemModel *model) override;

private:
    /// Opens the groups (unless the user closed them) and the rows whose paths the user opened, and
    /// closes the others, below `parent`.
    void restoreExpansion(const QModelIndex &parent = {});
    QString keyOf(const QModelIndex &index) const;

    VariablesModel *m_model = nullptr;
    QMetaObject::Connection m_refreshed;
    QSet<QString> m_expanded;        ///< paths of rows the user expanded
    QSet<QString> m_collapsedGroups; ///< paths of groups the user collapsed
};

} // namespace weft::views
