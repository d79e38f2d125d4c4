// SPDX-License-Identifier: MIT
#include "views/defects/DefectsModel.hpp"

#include "views/messages/MessageText.hpp"

#include <QColor>

namespace weft::views {

DefectsModel::DefectsModel(QObject *parent) : QAbstractTableModel(parent) {}

void DefectsModel::setSnapshot(const std::shared_ptr<const ExplorationSnapshot> &snapshot) {
    if (!snapshot || snapshot->defects == m_defects)
        return;
    beginResetModel();
    m_defects = snapshot->defects;
    endResetModel();
}

void DefectsModel::clear() {
    beginResetModel();
    m_defects.reset();
    endResetModel();
}

const DefectRecord *DefectsModel::defect(int row) const {
    return m_defects && row >= 0 && row < int(m_defects->size()) ? &(*m_defects)[row] : nullptr;
}

QString DefectsModel::kindText(DefectKind kind) {
    switch (kind) {
    case DefectKind::AssertionFailure: return tr("assertion failure");
    case DefectKind::Deadlock: return tr("deadlock");
    case DefectKind::DataRace: return tr("data race");
    case DefectKind::Abort: return tr("abort");
    case DefectKind::ExitCode: return tr("non-zero exit");
    case DefectKind::UndefinedBehaviour: return tr("undefined behaviour");
    case DefectKind::StepBound: return tr("step bound exceeded");
    case DefectKind::ResourceLimit: return tr("resource limit exceeded");
    case DefectKind::ModelViolation: return tr("invalid synchronisation");
    case DefectKind::Nondeterminism: return tr("non-deterministic replay");
    case DefectKind::UnsupportedOperation: return tr("unsupported operation");
    case DefectKind::Livelock: return tr("livelock");
    case DefectKind::UninitialisedRead: return tr("uninitialised read");
    }
    return QString::fromUtf8(defectKindName(kind).data(), qsizetype(defectKindName(kind).size()));
}

int DefectsModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() || !m_defects ? 0 : int(m_defects->size());
}

int DefectsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant DefectsModel::data(const QModelIndex &index, int role) const {
    const DefectRecord *d = defect(index.row());
    if (!d)
        return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Kind: return kindText(d->kind);
        case Message: return MessageText::format(d->message);
        case Location: return QString::fromStdString(d->location).section(QLatin1Char('/'), -1);
        case Occurrences: return QVariant::fromValue<qulonglong>(d->occurrences);
        }
    }
    if (role == Qt::ForegroundRole && index.column() == Kind)
        return QColor(190, 30, 30);
    if (role == Qt::TextAlignmentRole && index.column() == Occurrences)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant DefectsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Kind: return tr("Kind");
    case Message: return tr("Message");
    case Location: return tr("Location");
    case Occurrences: return tr("Executions");
    }
    return {};
}

} // namespace weft::views
