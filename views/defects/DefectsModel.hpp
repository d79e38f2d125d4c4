// SPDX-License-Identifier: MIT
// The defects found so far as a table (kind, message, location, executions), fed by snapshots.
// Resets only when the snapshot's defect list changed. GUI thread only.
#pragma once

#include "engine/results/ExplorationSnapshot.hpp"

#include <QAbstractTableModel>

#include <memory>

namespace weft::views {

class DefectsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Kind, Message, Location, Occurrences, ColumnCount };

    explicit DefectsModel(QObject *parent = nullptr);

    void setSnapshot(const std::shared_ptr<const ExplorationSnapshot> &snapshot);
    void clear();
    const DefectRecord *defect(int row) const;

    /// "assertion failure", "deadlock", ... in the UI language.
    static QString kindText(DefectKind kind);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const std::vector<DefectRecord>> m_defects;
};

} // namespace weft::views
