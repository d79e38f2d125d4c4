// SPDX-License-Identifier: MIT
// The variables pane's model: the globals and the selected frame's locals (name, value, C type); a
// value that differs from the previous step is highlighted. Fed a ProgramState per step and the frame
// the threads pane selects. GUI thread only.
#pragma once

#include "views/state/ProgramState.hpp"

#include <QStandardItemModel>

namespace weft::views {

class VariablesModel final : public QStandardItemModel {
    Q_OBJECT
public:
    enum Column { Name, Value, Type, ColumnCount };
    static constexpr int ChangedRole = Qt::UserRole + 1;

    explicit VariablesModel(QObject *parent = nullptr);

    /// The state after a step: values are compared with the state before it.
    void setState(ProgramState state);
    /// Shows the locals of `thread`'s frame `frame` (0 = innermost).
    void selectFrame(ThreadId thread, int frame);
    void clear();
    ThreadId selectedThread() const { return m_thread; }
    int selectedFrame() const { return m_frame; }

    /// The row of global or local `name` under the Globals (true) or Locals group, invalid if absent.
    QModelIndex find(const QString &name, bool global) const;

private:
    void rebuild();
    const VariableValue *previous(bool global, const std::string &name) const;

    ProgramState m_state;
    ProgramState m_previous;
    ThreadId m_thread = kNoThread;
    int m_frame = 0;
};

} // namespace weft::views
