// SPDX-License-Identifier: MIT
// The variables pane's model: the globals, the selected frame's locals and each thread's own copies
// of the thread-local variables (name, value, C type) as a tree, structs and arrays with their fields and elements as
// child rows; a value that differs from the previous step is highlighted, part by part. Fed a ProgramState per step and
// the frame the threads pane selects; rows whose variable is still there are updated in place, so a view keeps them
// expanded. GUI thread only.
#pragma once

#include "engine/debugger/ProgramState.hpp"

#include <QStandardItemModel>

namespace weft::views {

// The values these panes show (the debugging core's).
using debugger::FrameState;
using debugger::ProgramState;
using debugger::ThreadState;
using debugger::ThreadStatus;
using debugger::VariableValue;

class VariablesModel final : public QStandardItemModel {
    Q_OBJECT
public:
    enum Column { Name, Value, Type, ColumnCount };
    static constexpr int ChangedRole = Qt::UserRole + 1;
    /// True on the "…" row that stands for the elements of an array not shown.
    static constexpr int MoreRole = Qt::UserRole + 2;

    explicit VariablesModel(QObject *parent = nullptr);

    /// The state after a step: values are compared with the state before it.
    void setState(ProgramState state);
    /// Shows the locals of `thread`'s frame `frame` (0 = innermost).
    void selectFrame(ThreadId thread, int frame);
    void clear();
    ThreadId selectedThread() const { return m_thread; }
    int selectedFrame() const { return m_frame; }

    /// The row of global or local `name` under the Globals (true) or Locals group, invalid if
    /// absent.
    QModelIndex find(const QString &name, bool global) const;
    /// The row of `thread`'s own copy of thread-local variable `name` (under "Thread-locals of
    /// Tn"), invalid if it has none.
    QModelIndex findThreadLocal(ThreadId thread, const QString &name) const;
    /// The row of field or element `name` ("count", "[2]") of the variable (or part) at `parent`.
    QModelIndex part(const QModelIndex &parent, const QString &name) const;
    /// The names from the group title down to `index` (column Name), e.g. {"Globals", "s",
    /// "count"}.
    QStringList pathOf(const QModelIndex &index) const;

Q_SIGNALS:
    /// The rows were brought up to date (after a step or another frame selected).
    void refreshed();

private:
    void rebuild();
    void syncGroup(int row, const QString &title, const std::vector<VariableValue> &values,
                   const std::vector<VariableValue> *before);
    void syncRows(QStandardItem *parent, const std::vector<VariableValue> &values,
                  std::uint64_t omitted, const std::vector<VariableValue> *before);
    /// The variables of the previous step that the globals (true) or the shown locals compare with.
    const std::vector<VariableValue> *previousList(bool global) const;
    QString threadLocalsTitle(ThreadId thread) const;

    ProgramState m_state;
    ProgramState m_previous;
    ThreadId m_thread = kNoThread;
    int m_frame = 0;
    bool m_hasLocals = false; ///< row 1 is the selected frame's locals
};

} // namespace weft::views
