// SPDX-License-Identifier: MIT
// The desktop debugger's window: the source editor in the middle, docks for the exploration tree, the
// event structure and the defects, the debugger panes (trace, threads, variables, console: ReplayController), live
// counters in the status bar, and the File / Explore / Debug / View / Help menus. Glue only: it forwards user intent to the ExplorationSession and snapshots to the views.
// GUI thread only.
#pragma once

#include "app/session/ExplorationSession.hpp"

#include <QMainWindow>

class QAction;
class QDockWidget;
class QTreeView;

namespace weft::views {
struct BlockedRequest;
class CountersBar;
class DefectsModel;
class EventStructureView;
class ExplorationTreeView;
class SourceEditor;
} // namespace weft::views

namespace weft::gui {

class ExamplesMenu;
class RecentFilesMenu;
class ReplayController;
class SettingsMenu;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    /// Opens `path` in the editor and loads it for exploration. False if it cannot be read or does not
    /// compile: then the program already loaded stays, with its results, and the status bar says why;
    /// with none loaded, the editor shows the file and its diagnostics.
    bool openFile(const QString &path);
    /// -D and -I for the files opened from now on.
    void setCompileFlags(std::vector<std::string> defines, std::vector<std::string> includeDirs);
    /// The event model and run options of explorations and replays (`weft gui --model sc ...`).
    void setInterpreterOptions(const interpreter::InterpreterOptions &options);

    session::ExplorationSession &session() { return *m_session; }
    views::SourceEditor *editor() const { return m_editor; }
    views::EventStructureView *eventStructureView() const { return m_eventStructure; }
    views::ExplorationTreeView *explorationTreeView() const { return m_tree; }
    views::CountersBar *counters() const { return m_counters; }
    QTreeView *defectsView() const { return m_defects; }
    ReplayController *replay() const { return m_replay; }
    SettingsMenu *settingsMenu() const { return m_settings; }
    ExamplesMenu *examplesMenu() const { return m_examples; }
    RecentFilesMenu *recentFilesMenu() const { return m_recent; }
    /// Event Structure, Exploration Tree (SVG/PNG), Results (JSON), Trace (text): File ▸ Export.
    QList<QAction *> exportActions() const { return m_exports; }
    QAction *exploreAction() const { return m_explore; }
    QAction *pauseAction() const { return m_pause; }
    QAction *cancelAction() const { return m_cancel; }

public Q_SLOTS:
    void showOpenDialog();
    void explore();
    void setPaused(bool paused);
    void cancel();
    void showAbout();
    void showHelp();
    /// "Explore with this event": replays a maximal run containing `e` and as much of the current
    /// execution as is compatible, and stops before `e` in the trace. False if `e` is unknown.
    bool exploreWithEvent(EventId e);
    /// The context menu of event `e` (non-modal, so tests can drive it); `e` becomes the selected event.
    QMenu *showEventMenu(EventId e, QPoint globalPos);
    /// The context menu of trace row `row`: one "what if" entry per event in immediate conflict with it.
    QMenu *showTraceMenu(int row, QPoint globalPos);
    QAction *exploreWithAction() const { return m_exploreWith; }
    /// The events of the execution shown (highlighted and in the trace).
    const std::vector<EventId> &currentConfiguration() const { return m_configuration; }

    /// Writes the event structure (`tree` false) or the exploration tree to `path` (.svg or .png).
    bool exportDiagram(bool tree, const QString &path);
    /// Writes the results as the CLI's JSON to `path`.
    bool exportResults(const QString &path);
    /// Writes the trace loaded in the debugger as text to `path`.
    bool exportTrace(const QString &path);
    /// Selects a finished execution (as a click on its leaf does): marks the leaf and highlights its
    /// events in the event structure.
    void selectExecution(quint64 execution);
    /// Loads defect `row`'s counterexample into the trace and runs it to the failing step (as a
    /// double-click in the defects list does).
    void showDefect(int row);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createDocks();
    QDockWidget *addDock(QWidget *content, const QString &title, const QString &name, Qt::DockWidgetArea area);
    void updateActions();
    void resetViews();
    void showLoadFailure(const QString &path, const QString &text);
    void showSnapshot(const session::SnapshotPtr &snapshot);
    void explorationFinished();
    void leafActivated(quint64 execution, quint32 node);
    void eventActivated(EventId id);
    /// Rings the replay's next event in the event structure and scrolls it into view; at the end of a
    /// deadlock, draws each blocked thread's request and whom it waits for.
    void showCurrentStep();
    /// At the end of a deadlock: each blocked thread's request, its last event and whom it waits for.
    std::vector<views::BlockedRequest> blockedRequests() const;
    void loadExecution(quint64 execution, quint32 node);
    /// Once a race's execution is loaded: stands where `message`'s report was raised, both accesses marked.
    void showRace(const std::string &message);
    void createExportActions();
    void createAlternativeActions();
    /// View ▸ Filter Threads: "Show All Threads" and one checkable entry per thread of the structure.
    void fillThreadFilter(QMenu *menu);
    /// Marks the trace steps where an event outside the current configuration conflicts with the step.
    void markAlternatives();
    /// Once an execution is loaded (a leaf, a defect, "what if"): finds the events of its every step,
    /// so that the event structure highlights all of them and rings the next one, the trace marks
    /// every ⇄, and the exploration tree marks the execution's leaf.
    void followReplay();
    QString askExportPath(const QString &title, const QString &suggested, const QString &filter);

    session::ExplorationSession *m_session;
    views::SourceEditor *m_editor;
    views::EventStructureView *m_eventStructure;
    views::ExplorationTreeView *m_tree;
    views::DefectsModel *m_defectsModel;
    QTreeView *m_defects;
    views::CountersBar *m_counters;
    ReplayController *m_replay;
    SettingsMenu *m_settings;
    ExamplesMenu *m_examples;
    RecentFilesMenu *m_recent;
    QList<QAction *> m_exports;
    QAction *m_help = nullptr;
    QAction *m_exploreWith = nullptr;
    QMenu *m_contextMenu = nullptr;
    EventId m_selectedEvent = kNoEvent;
    std::vector<EventId> m_configuration;
    std::vector<std::string> m_defines;
    std::vector<std::string> m_includeDirs;

    QAction *m_open = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_explore = nullptr;
    QAction *m_pause = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_zoomIn = nullptr;
    QAction *m_zoomOut = nullptr;
    QAction *m_fit = nullptr;
    QAction *m_about = nullptr;
    QMenu *m_viewMenu = nullptr;
};

} // namespace weft::gui
