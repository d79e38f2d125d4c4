// SPDX-License-Identifier: MIT
// The threads pane's model: one row per thread (name, status with what it waits for) and, under it,
// its call stack (function, file:line), innermost frame first. Fed a ProgramState per step.
// GUI thread only.
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

class ThreadsModel final : public QStandardItemModel {
    Q_OBJECT
public:
    enum Column { Thread, State, ColumnCount };
    /// Item data of every row: the thread id, and the frame index (-1 on a thread's own row).
    static constexpr int ThreadRole = Qt::UserRole + 1;
    static constexpr int FrameRole = Qt::UserRole + 2;

    explicit ThreadsModel(QObject *parent = nullptr);

    void setState(const ProgramState &state);
    /// "running: lock 'm'", "blocked: join T2", "finished", ... in the UI language.
    static QString statusText(const ThreadState &thread);
    /// A pending action in the UI language ("lock 'm'", "wait for a signal on 'c'").
    static QString pendingText(const debugger::NextAction &next);
    /// The index of `thread`'s frame `frame` (-1: the thread's row), invalid if absent.
    QModelIndex indexOf(ThreadId thread, int frame) const;
};

} // namespace weft::views
