// SPDX-License-Identifier: MIT
// The debugger half of the main window: steps one chosen interleaving (debugger::Replay) and keeps the
// trace, threads, variables and console panes and the editor's thread markers in step. It owns the
// panes' models and widgets and the stepping actions (F10, Shift+F10, F11, Ctrl+F10, F8, Ctrl+Shift+F10);
// MainWindow docks and menus them. GUI thread only.
#pragma once

#include "engine/debugger/ProgramLoader.hpp"
#include "engine/base/Ids.hpp"
#include "engine/execution/Schedule.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"

#include <QObject>

#include <memory>
#include <vector>

class QAction;
class QPlainTextEdit;
class QTableView;
class QTreeView;
class QWidget;

namespace weft::debugger {
class Replay;
}

namespace weft::views {
class SourceEditor;
class ThreadsModel;
class TraceModel;
class VariablesModel;
} // namespace weft::views

namespace weft::gui {

class ReplayController final : public QObject {
    Q_OBJECT
public:
    ReplayController(views::SourceEditor *editor, QWidget *parent);
    ~ReplayController() override;

    /// Replays `schedule` of `program` (null clears the panes); `events`: the unfolding's events of the
    /// execution (or of a prefix of it) in trace order when known (to map trace rows to the event structure).
    bool load(std::shared_ptr<const debugger::LoadedProgram> program, const Schedule &schedule,
              std::vector<EventId> events = {});
    void clear();
    /// How replays run the program (the same model and options as the exploration).
    void setInterpreterOptions(const interpreter::InterpreterOptions &options) { m_interpreterOptions = options; }
    bool hasReplay() const { return m_replay != nullptr; }
    debugger::Replay *replay() const { return m_replay.get(); }

    QTableView *traceView() const { return m_traceView; }
    QTreeView *threadsView() const { return m_threadsView; }
    QTreeView *variablesView() const { return m_variablesView; }
    QPlainTextEdit *console() const { return m_console; }
    views::TraceModel *traceModel() const { return m_trace; }
    views::ThreadsModel *threadsModel() const { return m_threads; }
    views::VariablesModel *variablesModel() const { return m_variables; }
    /// Step Event, Step Back, Step Line, Run to Selected Event, Run to End, Restart (menu order).
    QList<QAction *> actions() const;
    QAction *stepEventAction() const { return m_stepEvent; }
    QAction *stepBackAction() const { return m_stepBack; }
    QAction *stepLineAction() const { return m_stepLine; }
    QAction *runToSelectedAction() const { return m_runToSelected; }
    QAction *runToEndAction() const { return m_runToEnd; }
    QAction *restartAction() const { return m_restart; }

    /// The trace row of event `id` of the replayed execution, or -1.
    int rowOfEvent(EventId id) const;
    /// The unfolding event of trace row `row` (kNoEvent if unknown).
    EventId eventOfRow(int row) const;
    /// The known events of the replayed execution, in trace order (a prefix of it, or empty).
    const std::vector<EventId> &events() const { return m_events; }
    /// Selects trace row `row` (e.g. for an event clicked in the event structure).
    void selectRow(int row);

public Q_SLOTS:
    void stepEvent();
    void stepBack();
    void stepLine();
    void runToSelected();
    void runToEnd();
    void restart();
    void runTo(int row);

Q_SIGNALS:
    /// A line for the status bar (position, the defect reached, ...).
    void message(const QString &text);
    /// The replay moved (or was loaded or cleared).
    void positionChanged();
    /// Right click on trace row `row`.
    void traceContextMenuRequested(int row, QPoint globalPos);

private:
    void createActions(QWidget *parent);
    void refresh();
    void updateActions();
    void frameSelected();

    views::SourceEditor *m_editor;
    std::shared_ptr<const debugger::LoadedProgram> m_program;
    interpreter::InterpreterOptions m_interpreterOptions;
    std::unique_ptr<debugger::Replay> m_replay;
    std::vector<EventId> m_events;

    views::TraceModel *m_trace;
    views::ThreadsModel *m_threads;
    views::VariablesModel *m_variables;
    QTableView *m_traceView;
    QTreeView *m_threadsView;
    QTreeView *m_variablesView;
    QPlainTextEdit *m_console;

    QAction *m_stepEvent = nullptr;
    QAction *m_stepBack = nullptr;
    QAction *m_stepLine = nullptr;
    QAction *m_runToSelected = nullptr;
    QAction *m_runToEnd = nullptr;
    QAction *m_restart = nullptr;
};

} // namespace weft::gui
