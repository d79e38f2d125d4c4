// SPDX-License-Identifier: MIT
#include "views/trace/TraceModel.hpp"

#include "views/eventstructure/EventAppearance.hpp"
#include "views/trace/ThreadPalette.hpp"

#include <QBrush>
#include <QFileInfo>
#include <QFont>

#include <algorithm>
#include <memory>

namespace weft::views {

QString TraceRow::text() const {
    switch (outcome) {
    case Outcome::None: break;
    case Outcome::Failed: return TraceModel::tr("failed: %1").arg(failure);
    case Outcome::Blocked: return TraceModel::tr("blocked: %1").arg(EventAppearance::stepText(kind, object, value));
    }
    return EventAppearance::stepText(kind, object, value);
}

TraceModel::TraceModel(QObject *parent) : QAbstractTableModel(parent) {}

void TraceModel::setTrace(std::size_t count, RowSource rowAt, std::vector<ThreadId> threads) {
    beginResetModel();
    m_count = count;
    m_rowAt = std::move(rowAt);
    m_threads = std::move(threads);
    m_position = 0;
    m_inside = false;
    m_alternatives.clear();
    endResetModel();
}

void TraceModel::setTrace(std::vector<TraceRow> rows) {
    std::vector<ThreadId> threads;
    for (const TraceRow &r : rows)
        if (std::find(threads.begin(), threads.end(), r.thread) == threads.end())
            threads.push_back(r.thread);
    std::sort(threads.begin(), threads.end());
    auto held = std::make_shared<const std::vector<TraceRow>>(std::move(rows));
    const std::size_t count = held->size();
    setTrace(count, [held](std::size_t i) { return (*held)[i]; }, std::move(threads));
}

void TraceModel::setPosition(std::size_t position, bool inside) {
    const std::size_t before = m_position;
    m_position = std::min(position, m_count);
    m_inside = inside;
    if (m_count == 0)
        return;
    // Rows between the old and the new position change between performed and to come.
    const int first = int(std::min(before, m_position));
    const int last = int(std::min(std::max(before, m_position), m_count - 1));
    Q_EMIT dataChanged(index(first, 0), index(last, columnCount() - 1));
    Q_EMIT headerDataChanged(Qt::Vertical, first, last);
}

void TraceModel::setAlternatives(std::vector<bool> rows) {
    m_alternatives = std::move(rows);
    Q_EMIT headerDataChanged(Qt::Vertical, 0, std::max(0, rowCount() - 1));
}

int TraceModel::columnOf(ThreadId thread) const {
    const auto it = std::find(m_threads.begin(), m_threads.end(), thread);
    return it == m_threads.end() ? -1 : int(it - m_threads.begin());
}

int TraceModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_count); }
int TraceModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_threads.size()); }

QVariant TraceModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || std::size_t(index.row()) >= m_count)
        return {};
    const TraceRow r = m_rowAt(std::size_t(index.row()));
    const bool mine = columnOf(r.thread) == index.column();
    const std::size_t row = std::size_t(index.row());
    const QString action = r.text();
    switch (role) {
    case Qt::DisplayRole:
        if (!mine)
            return {};
        if (r.line)
            return tr("%1 · %2:%3").arg(action, QFileInfo(QString::fromStdString(r.file)).fileName()).arg(r.line);
        return action;
    case Qt::ToolTipRole:
        if (!mine)
            return {};
        return tr("Step %1: T%2 %3\n%4:%5")
            .arg(row + 1)
            .arg(r.thread)
            .arg(action, QString::fromStdString(r.file))
            .arg(r.line);
    case Qt::BackgroundRole:
        if (r.outcome != TraceRow::Outcome::None)
            return mine ? QBrush(QColor(255, 215, 215)) : QVariant();
        if (row == m_position)
            return QBrush(m_inside ? QColor(255, 225, 160) : QColor(255, 245, 190));
        if (mine) {
            QColor c = threadColour(r.thread);
            c.setAlpha(row < m_position ? 45 : 18);
            return QBrush(c);
        }
        return {};
    case Qt::ForegroundRole:
        if (r.outcome != TraceRow::Outcome::None)
            return QBrush(QColor(170, 0, 0));
        return row > m_position ? QBrush(QColor(130, 130, 130)) : QVariant();
    case Qt::FontRole:
        if (row == m_position || r.outcome != TraceRow::Outcome::None) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default: return {};
    }
}

QVariant TraceModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal) {
        if (section < 0 || std::size_t(section) >= m_threads.size())
            return {};
        if (role == Qt::DisplayRole)
            return tr("T%1").arg(m_threads[std::size_t(section)]);
        if (role == Qt::ForegroundRole)
            return QBrush(threadColour(m_threads[std::size_t(section)]));
        return {};
    }
    if (section < 0 || std::size_t(section) >= m_count)
        return {};
    const bool outcome = m_rowAt(std::size_t(section)).outcome != TraceRow::Outcome::None;
    if (role == Qt::DisplayRole) {
        if (outcome)
            return QStringLiteral("✗");
        QString text = std::size_t(section) == m_position ? tr("▶ %1").arg(section + 1) : QString::number(section + 1);
        return hasAlternative(section) ? text + QStringLiteral(" ⇄") : text;
    }
    if (role == Qt::ToolTipRole) {
        QStringList lines;
        if (outcome)
            lines << tr("How the execution ends: the failing step, or a request a deadlocked thread waits on");
        else if (std::size_t(section) == m_position)
            lines << tr("The next event to perform");
        if (hasAlternative(section))
            lines << tr("Another event could have happened here instead: right-click the step to explore it.");
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
    }
    return {};
}

} // namespace weft::views
