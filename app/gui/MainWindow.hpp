// SPDX-License-Identifier: MIT
// The desktop debugger's window: the source editor in the middle, docks for the exploration tree, the
// event structure and the defects, the debugger panes (trace, threads, variables, console: ReplayController), live
// counters in the status bar, and the File / Explore / Debug / View / Help menus. Glue only: it forwards user intent to the ExplorationSession and snapshots to the views.
// GUI thread only.
#pragma once

#include "app/gui/RunConfiguration.hpp"
#include "app/session/ExplorationSession.hpp"

#include <QFont>
#include <QMainWindow>

class QAction;
class QFileSystemWatcher;
class QLabel;
class QDockWidget;
class QToolButton;
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
class RunConfigurationDialog;
class SettingsMenu;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    /// Opens `path` in the editor and loads it for exploration. False if it cannot be read or does not
    /// compile: then the program already loaded stays, with its results, and the status bar says why;
    /// with none loaded, the editor shows the file and its diagnostics. With unsaved edits in the editor,
    /// first asks whether to save them (false if cancelled).
    bool openFile(const QString &path);
    /// -D and -I for the files opened from now on (as on the command line: see setCommandLineConfiguration).
    void setCompileFlags(std::vector<std::string> defines, std::vector<std::string> includeDirs);
    /// The event model and run options of explorations and replays (`weft gui --model sc ...`), from now on.
    void setInterpreterOptions(const interpreter::InterpreterOptions &options);
    /// The run options given on the command line: they apply to every file opened (instead of the one
    /// remembered for it) until the user accepts a Run Configuration; the status bar says "command line".
    void setCommandLineConfiguration(const RunConfiguration &configuration);
    /// How the file in the editor is compiled and explored.
    const RunConfiguration &runConfiguration() const { return m_run; }
    /// Makes `configuration` the current file's (remembered for it): the program is compiled again if its
    /// defines, include directories or standard changed. False if it then does not compile.
    bool applyRunConfiguration(const RunConfiguration &configuration);
    /// Explore ▸ Run Configuration… (window-modal, returns at once; OK applies it).
    RunConfigurationDialog *showRunConfiguration();
    /// The window's size on a first start for a screen whose available area is `available`.
    static QSize initialSize(const QRect &available);
    /// Restores the last session's window geometry, docks and text scale, or (first start) sizes the
    /// window to the screen.
    void restoreOrSizeToScreen();
    /// Sizes the docks in proportion to the window (done when it is first shown).
    void arrangeDocks();
    /// View ▸ Presentation: the editor, the event structure, the trace and the defects only, larger text.
    void setPresentation(bool on);
    bool isPresentation() const { return m_inPresentation; }
    QAction *presentationAction() const { return m_presentation; }
    /// The text scale of the whole window (Ctrl++ / Ctrl+-; 1 = the system's size).
    void setUiScale(double scale);
    double uiScale() const { return m_uiScale; }
    /// The status bar's summary of the run configuration (a button opening the dialog).
    QToolButton *runConfigurationButton() const { return m_runSummary; }

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
    QAction *saveAction() const { return m_save; }
    QAction *reloadAction() const { return m_reload; }
    /// The banner above the editor for errors without a line (hidden when there are none).
    QLabel *errorBanner() const { return m_banner; }
    QAction *cancelAction() const { return m_cancel; }

public Q_SLOTS:
    void showOpenDialog();
    /// File ▸ Save (Ctrl+S): writes the editor's text to its file and loads it again; false if it cannot be
    /// written or does not compile.
    bool save();
    /// File ▸ Reload (Ctrl+R): loads the file in the editor again from disk (edits are dropped).
    bool reloadFile();
    /// Unsaved edits in the editor: asks whether to save them (Save, Discard, Cancel) before they would be
    /// dropped (closing the window, opening another file). False: cancelled, or the file cannot be written.
    bool settleUnsavedEdits();
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
    void showEvent(QShowEvent *event) override;

private:
    /// Writes the editor's text to its file (no reload); false, with the reason in the status bar, if it cannot.
    bool writeEditedText();
    /// openFile without asking about unsaved edits (they are dropped).
    bool loadFile(const QString &path);
    void createActions();
    void createMenus();
    void createDocks();
    void createLayoutActions();
    QDockWidget *dock(const char *name) const;
    void saveWindowSettings();
    QDockWidget *addDock(QWidget *content, const QString &title, const QString &name, Qt::DockWidgetArea area);
    void updateActions();
    /// The configuration a file opens with: the command line's, the one remembered for it, or the defaults.
    RunConfiguration configurationFor(const QString &file) const;
    /// Hands m_run to the session and the replay, and shows its summary.
    void useRunConfiguration();
    void resetViews();
    void showLoadFailure(const QString &path, const QString &text);
    /// The banner above the editor for `diagnostics`' errors without a line (hidden when there are none).
    void showErrorBanner(const QString &name, const std::vector<Diagnostic> &diagnostics);
    void watch(const QString &path);
    void fileChangedOnDisk(const QString &path);
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
    /// The configuration of the file in the editor (m_configurationFile), and the command line's if any.
    RunConfiguration m_run;
    std::optional<RunConfiguration> m_commandLine;
    QString m_configurationFile;
    QToolButton *m_runSummary = nullptr;
    QAction *m_runConfiguration = nullptr;

    QAction *m_open = nullptr;
    QAction *m_save = nullptr;
    QAction *m_reload = nullptr;
    QLabel *m_banner = nullptr;
    QFileSystemWatcher *m_watcher = nullptr;
    QAction *m_quit = nullptr;
    QAction *m_explore = nullptr;
    QAction *m_pause = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_zoomIn = nullptr;
    QAction *m_zoomOut = nullptr;
    QAction *m_fit = nullptr;
    QAction *m_about = nullptr;
    QMenu *m_viewMenu = nullptr;

    QAction *m_presentation = nullptr;
    QAction *m_largerText = nullptr;
    QAction *m_smallerText = nullptr;
    QAction *m_normalText = nullptr;
    double m_uiScale = 1.0;
    QFont m_baseFont, m_editorBaseFont, m_consoleBaseFont;
    bool m_docksArranged = false;
    bool m_inPresentation = false;
    QByteArray m_stateBeforePresentation;
    double m_scaleBeforePresentation = 1.0;
};

} // namespace weft::gui
