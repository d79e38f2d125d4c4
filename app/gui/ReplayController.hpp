// SPDX-License-Identifier: MIT
// The debugger half of the main window: steps one chosen interleaving (debugger::Replay) and keeps the
// trace, threads, variables and console panes and the editor's thread markers in step. It owns the
// panes' models and widgets and the stepping actions (F10, Shift+F10, F11, Ctrl+F10, F8, Ctrl+Shift+F10);
// MainWindow docks and menus them. A long execution is traced and run to its starting step on a worker
// thread (progress and Cancel in the status bar); the panes follow once it is loaded. GUI thread only.
#pragma once

#include "engine/debugger/ProgramLoader.hpp"
#include "engine/base/Ids.hpp"
#include "engine/execution/Schedule.hpp"
#include "engine/interpreter/InterpreterOptions.hpp"

#include <QObject>

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <thread>
#include <vector>

class QAction;
class QPlainTextEdit;
class QProgressBar;
class QTableView;
class QTreeView;
class QWidget;

namespace weft::debugger {
class Replay;
}

namespace weft::views {
class SourceEditor;
struct ThreadMarker;
class ThreadsModel;
class TraceModel;
struct TraceRow;
class VariablesModel;
} // namespace weft::views

namespace weft::gui {

class ReplayController final : public QObject {
    Q_OBJECT
public:
    ReplayController(views::SourceEditor *editor, QWidget *parent);
    ~ReplayController() override;

    /// `standAt` for load(): the end of the execution (its failing step, if any).
    static constexpr std::size_t kAtEnd = std::numeric_limits<std::size_t>::max();

    /// Replays `schedule` of `program` (null clears the panes) and stands before event `standAt`;
    /// `events`: the unfolding's events of the execution (or of a prefix of it) in trace order when
    /// known (to map trace rows to the event structure). An execution of backgroundThreshold() events or
    /// more loads on a worker thread (isLoading(), cancelLoad()); `then` runs once it is loaded, before
    /// loaded() (at once for a short one), never if the load is cancelled or replaced. False (the panes
    /// cleared) without a program.
    bool load(std::shared_ptr<const debugger::LoadedProgram> program, const Schedule &schedule,
              std::vector<EventId> events = {}, std::size_t standAt = 0, std::function<void()> then = {});
    void clear();
    /// A load, or a long jump (F8, Run to Selected far ahead), runs on the worker.
    bool isLoading() const { return m_loading; }
    /// Stops a load in progress (the panes stay empty) or a long jump (it stays where it got to);
    /// loadCancelled().
    void cancelLoad();
    /// Executions at least this long (their schedule's length) load in the background.
    void setBackgroundThreshold(std::size_t events) { m_backgroundThreshold = events; }
    std::size_t backgroundThreshold() const { return m_backgroundThreshold; }
    /// The progress bar and Cancel button shown while loading (for the status bar).
    QWidget *loadProgressWidget() const { return m_loadProgress; }
    QProgressBar *loadProgressBar() const { return m_loadBar; }
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

    /// Stands where the race (or other report) found while performing event `position` - 1 was raised:
    /// inside that thread's code just after the access (see debugger::Replay::runToReport).
    void runToReport(std::size_t position);
    /// Lines the defect shown involves besides where the threads stand (a race's two accesses), marked
    /// in the editor until the next load.
    void setDefectMarkers(std::vector<views::ThreadMarker> markers);

    /// The trace row of event `id` of the replayed execution, or -1.
    int rowOfEvent(EventId id) const;
    /// The unfolding event of trace row `row` (kNoEvent if unknown).
    EventId eventOfRow(int row) const;
    /// The known events of the replayed execution, in trace order (a prefix of it, or empty).
    const std::vector<EventId> &events() const { return m_events; }
    /// More of them, found once it is loaded (at most one per trace row).
    void setEvents(std::vector<EventId> events);
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
    /// A load or a long jump went to the background (`expected`: the events to trace or run).
    void loadStarted(std::size_t expected);
    /// A load finished (also a short one done at once); the replay stands where it was asked to.
    void loaded();
    /// A background load or jump was cancelled (by cancelLoad(), not by a newer load).
    void loadCancelled();
    /// A long jump done on the worker arrived (loadStarted() told when it began).
    void jumpFinished();

private:
    struct Prepared;
    /// Traces the execution and runs it to `standAt`; null once `progress` asks to stop.
    static std::shared_ptr<Prepared> prepare(const debugger::LoadedProgram &program, const Schedule &schedule,
                                             const interpreter::InterpreterOptions &options, std::size_t standAt,
                                             const std::function<void(int phase, std::size_t done)> &report,
                                             std::stop_token stop);
    void install(Prepared &prepared);
    /// Stands before event `position`; far forwards (backgroundThreshold() events or more) on the worker.
    void jump(std::size_t position);
    /// The rows after the events: the failing step, or each deadlocked thread's request.
    std::vector<views::TraceRow> outcomeRows(const debugger::Replay &replay) const;
    void showLoadProgress(std::uint64_t generation, int phase, std::size_t done);
    void stopLoader();
    void createActions(QWidget *parent);
    void refresh();
    void updateActions();
    void frameSelected();

    views::SourceEditor *m_editor;
    std::shared_ptr<const debugger::LoadedProgram> m_program;
    interpreter::InterpreterOptions m_interpreterOptions;
    std::unique_ptr<debugger::Replay> m_replay;
    std::vector<EventId> m_events;
    std::vector<views::ThreadMarker> m_defectMarkers;

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

    QWidget *m_loadProgress;
    QProgressBar *m_loadBar;
    std::size_t m_backgroundThreshold = 20000;
    std::size_t m_loadExpected = 0;
    std::uint64_t m_generation = 0; ///< which load a worker's messages belong to
    bool m_loading = false;
    bool m_jumping = false; ///< the worker runs the loaded replay to a far step
    std::jthread m_loader; ///< last member: stopped and joined first
};

} // namespace weft::gui
