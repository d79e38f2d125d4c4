// SPDX-License-Identifier: MIT
// The replayed interleaving as a sequence diagram: one row per visible event, one column per thread;
// the event sits in its thread's column ("lock 'm' · f.c:13"). Rows already performed are plain, the
// next one is marked, later ones are grey. Rows are asked for when drawn (a trace may have millions);
// moving the position repaints only the rows between the old and the new one. GUI thread only.
#pragma once

#include "engine/results/ExplorationSnapshot.hpp" // ActionKind

#include <QAbstractTableModel>
#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace weft::views {

/// One step of a trace as the table shows it.
struct TraceRow {
    ThreadId thread = kNoThread;
    ActionKind kind = ActionKind::ThreadStart;
    std::string object;   ///< as the engine names it: "'m'", "T2", "'forks[1]'"
    std::int64_t value = 0;
    std::string file;     ///< source file of the thread's spot ("" if unknown)
    std::uint32_t line = 0;
    /// Not an event but how the execution ends there (after the events; drawn in red, never "next"):
    /// the failing step, or a request a deadlocked thread waits on (the action above).
    enum class Outcome : std::uint8_t { None, Failed, Blocked } outcome = Outcome::None;
    QString failure; ///< Failed: the defect's message in the UI language
    /// The cell's text: "lock 'm'", "blocked: lock 'b'", "failed: assertion …", in the UI language.
    QString text() const;
};

class TraceModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TraceModel(QObject *parent = nullptr);

    /// Row `i` of a trace, built when the view draws it.
    using RowSource = std::function<TraceRow(std::size_t)>;

    /// A new trace of `count` rows whose threads (ascending) are `threads`; the position goes back to 0.
    void setTrace(std::size_t count, RowSource rowAt, std::vector<ThreadId> threads);
    /// The same from rows held by the model (short traces, tests).
    void setTrace(std::vector<TraceRow> rows);
    void clear() { setTrace({}); }
    /// Events performed so far; `inside`: the next event's thread is inside its local code.
    void setPosition(std::size_t position, bool inside = false);
    std::size_t position() const { return m_position; }
    std::size_t size() const { return m_count; }
    /// Row `i` (< size()).
    TraceRow row(std::size_t i) const { return m_rowAt(i); }
    const std::vector<ThreadId> &threads() const { return m_threads; }
    int columnOf(ThreadId thread) const;
    /// `rows[i]`: another event could have happened instead of step i (the trace's context menu offers
    /// it); shown as ⇄ in the row header.
    void setAlternatives(std::vector<bool> rows);
    bool hasAlternative(int row) const { return row >= 0 && std::size_t(row) < m_alternatives.size() && m_alternatives[std::size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::size_t m_count = 0;
    RowSource m_rowAt;
    std::vector<ThreadId> m_threads; ///< column order: ascending ids
    std::size_t m_position = 0;
    bool m_inside = false;
    std::vector<bool> m_alternatives;
};

} // namespace weft::views
