// SPDX-License-Identifier: MIT
#include "app/gui/MainWindow.hpp"

#include "app/gui/ExamplesMenu.hpp"
#include "app/gui/Exports.hpp"
#include "app/gui/RecentFilesMenu.hpp"
#include "app/gui/ReplayController.hpp"
#include "app/gui/RunConfigurationDialog.hpp"
#include "app/gui/SettingsMenu.hpp"
#include "engine/base/Version.hpp"
#include "engine/debugger/Replay.hpp"
#include "views/defects/DefectsModel.hpp"
#include "views/eventstructure/EventAppearance.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/messages/MessageText.hpp"
#include "views/progress/CountersBar.hpp"
#include "views/source/SourceEditor.hpp"
#include "views/trace/ThreadPalette.hpp"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace weft::gui {

using session::ExplorationSession;

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new ExplorationSession(this)), m_editor(new views::SourceEditor(this)),
      m_eventStructure(new views::EventStructureView(this)), m_tree(new views::ExplorationTreeView(this)),
      m_defectsModel(new views::DefectsModel(this)), m_defects(new QTreeView(this)),
      m_counters(new views::CountersBar(this)), m_replay(new ReplayController(m_editor, this)),
      m_settings(new SettingsMenu(this)), m_examples(new ExamplesMenu(this)), m_recent(new RecentFilesMenu(this)) {
    setObjectName(QStringLiteral("MainWindow"));
    setWindowTitle(tr("Weft"));
    setAcceptDrops(true);
    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("errorBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::RichText);
    m_banner->setStyleSheet(QStringLiteral("background: #fde7e9; color: #5f0b12; border-bottom: 1px solid #e0a0a8; "
                                           "padding: 6px;"));
    m_banner->hide();
    auto *centre = new QWidget(this);
    auto *centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    centreLayout->addWidget(m_banner);
    centreLayout->addWidget(m_editor);
    setCentralWidget(centre);
    m_watcher = new QFileSystemWatcher(this);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &MainWindow::fileChangedOnDisk);
    connect(m_editor->document(), &QTextDocument::modificationChanged, this, [this](bool modified) {
        setWindowModified(modified);
        if (modified)
            statusBar()->showMessage(tr("Edited: Ctrl+S saves and compiles it again, then F5 explores it."));
    });
    m_defects->setModel(m_defectsModel);
    m_defects->setRootIsDecorated(false);
    m_defects->setUniformRowHeights(true);
    m_defects->header()->setStretchLastSection(false);
    m_defects->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_defects->header()->setSectionResizeMode(views::DefectsModel::Message, QHeaderView::Stretch);
    statusBar()->addPermanentWidget(m_replay->loadProgressWidget());
    m_runSummary = new QToolButton(this);
    m_runSummary->setObjectName(QStringLiteral("runConfigurationButton"));
    m_runSummary->setAutoRaise(true);
    statusBar()->addPermanentWidget(m_runSummary);
    statusBar()->addPermanentWidget(m_counters);

    createActions();
    createMenus();
    createDocks();
    connect(m_runSummary, &QToolButton::clicked, this, &MainWindow::showRunConfiguration);
    connect(m_settings, &SettingsMenu::optionsChanged, this, [this] {
        // The Settings menu's policy and bounds: the default of files without a run configuration of
        // their own, and the current file's from now on (remembered if it has one).
        m_run.exploration = m_settings->apply(m_run.exploration);
        if (m_commandLine)
            m_commandLine->exploration = m_run.exploration;
        else if (!m_configurationFile.isEmpty() && RunConfiguration::saved(m_configurationFile))
            m_run.save(m_configurationFile);
        useRunConfiguration();
    });
    m_run.exploration = m_settings->apply(m_run.exploration);
    useRunConfiguration();

    connect(m_session, &ExplorationSession::snapshotPublished, this, &MainWindow::showSnapshot);
    connect(m_session, &ExplorationSession::stateChanged, this, &MainWindow::updateActions);
    connect(m_session, &ExplorationSession::finished, this, &MainWindow::explorationFinished);
    connect(m_tree->tree(), &views::ExplorationTreeScene::leafActivated, this, &MainWindow::leafActivated);
    connect(m_eventStructure->structure(), &views::EventStructureScene::eventActivated, this,
            &MainWindow::eventActivated);
    connect(m_replay, &ReplayController::positionChanged, this, &MainWindow::showCurrentStep);
    connect(m_defects, &QAbstractItemView::activated, this, [this](const QModelIndex &i) { showDefect(i.row()); });
    connect(m_examples, &ExamplesMenu::exampleChosen, this, &MainWindow::openFile);
    connect(m_recent, &RecentFilesMenu::fileChosen, this, &MainWindow::openFile);
    connect(m_replay, &ReplayController::message, this, [this](const QString &text) { statusBar()->showMessage(text); });
    connect(m_replay, &ReplayController::loaded, this, &MainWindow::followReplay);
    connect(m_replay, &ReplayController::loadStarted, this, &MainWindow::updateActions);
    connect(m_replay, &ReplayController::loaded, this, &MainWindow::updateActions);
    connect(m_replay, &ReplayController::jumpFinished, this, &MainWindow::updateActions);
    connect(m_replay, &ReplayController::loadCancelled, this, [this] {
        if (!m_replay->hasReplay()) { // a load (a cancelled jump keeps its run)
            m_configuration.clear();
            m_eventStructure->structure()->setHighlighted({});
        }
        updateActions();
    });
    updateActions();
}

void MainWindow::createActions() {
    m_open = new QAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this);
    m_open->setShortcut(QKeySequence::Open);
    m_open->setToolTip(tr("Open a C file (Ctrl+O)"));
    connect(m_open, &QAction::triggered, this, &MainWindow::showOpenDialog);

    m_save = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this);
    m_save->setShortcut(QKeySequence::Save);
    m_save->setToolTip(tr("Save the edited file and compile it again (Ctrl+S)"));
    connect(m_save, &QAction::triggered, this, &MainWindow::save);
    m_reload = new QAction(tr("&Reload"), this);
    m_reload->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_reload->setToolTip(tr("Load the file again from disk, dropping unsaved edits (Ctrl+R)"));
    connect(m_reload, &QAction::triggered, this, &MainWindow::reloadFile);

    m_quit = new QAction(tr("&Quit"), this);
    m_quit->setShortcut(QKeySequence::Quit);
    m_quit->setMenuRole(QAction::QuitRole);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    m_explore = new QAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Explore"), this);
    m_explore->setShortcut(Qt::Key_F5);
    m_explore->setToolTip(tr("Explore every interleaving of the program (F5)"));
    connect(m_explore, &QAction::triggered, this, &MainWindow::explore);

    m_pause = new QAction(style()->standardIcon(QStyle::SP_MediaPause), tr("&Pause"), this);
    m_pause->setCheckable(true);
    m_pause->setShortcut(Qt::Key_F6);
    m_pause->setToolTip(tr("Pause or resume the exploration (F6)"));
    connect(m_pause, &QAction::toggled, this, &MainWindow::setPaused);

    m_cancel = new QAction(style()->standardIcon(QStyle::SP_MediaStop), tr("&Cancel"), this);
    m_cancel->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_cancel->setToolTip(tr("Stop the exploration and keep what it found, or stop loading an execution (Shift+F5)"));
    connect(m_cancel, &QAction::triggered, this, &MainWindow::cancel);

    m_runConfiguration = new QAction(tr("Run &Configuration…"), this);
    m_runConfiguration->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_runConfiguration->setToolTip(
        tr("Defines, include directories, C standard, event model, races, nondet values, policy and bounds of "
           "this file (Ctrl+Shift+R)"));
    connect(m_runConfiguration, &QAction::triggered, this, &MainWindow::showRunConfiguration);

    // Ctrl+± scales the whole window's text (createLayoutActions); the diagram zooms with Ctrl+Alt+±, or
    // +/- and Ctrl+wheel in the diagram.
    m_zoomIn = new QAction(tr("Zoom &In"), this);
    m_zoomIn->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Equal));
    connect(m_zoomIn, &QAction::triggered, m_eventStructure, &views::ZoomableView::zoomIn);
    m_zoomOut = new QAction(tr("Zoom &Out"), this);
    m_zoomOut->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Minus));
    connect(m_zoomOut, &QAction::triggered, m_eventStructure, &views::ZoomableView::zoomOut);
    m_fit = new QAction(tr("&Fit Event Structure"), this);
    m_fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_fit, &QAction::triggered, m_eventStructure, &views::ZoomableView::fitAll);

    m_help = new QAction(style()->standardIcon(QStyle::SP_DialogHelpButton), tr("Weft &Help"), this);
    m_help->setShortcut(QKeySequence::HelpContents);
    m_help->setToolTip(tr("What each pane shows and the keys (F1)"));
    connect(m_help, &QAction::triggered, this, &MainWindow::showHelp);
    createExportActions();
    createAlternativeActions();
    createLayoutActions();

    m_about = new QAction(tr("&About Weft"), this);
    m_about->setMenuRole(QAction::AboutRole);
    connect(m_about, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::createMenus() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    file->addAction(m_open);
    file->addAction(m_save);
    file->addAction(m_reload);
    file->addMenu(m_recent);
    file->addMenu(m_examples);
    QMenu *exports = file->addMenu(tr("&Export"));
    exports->setObjectName(QStringLiteral("exportMenu"));
    exports->setToolTipsVisible(true);
    exports->addActions(m_exports);
    file->addSeparator();
    file->addAction(m_quit);

    QMenu *explore = menuBar()->addMenu(tr("E&xplore"));
    explore->setObjectName(QStringLiteral("exploreMenu"));
    explore->addAction(m_explore);
    explore->addAction(m_pause);
    explore->addAction(m_cancel);
    explore->addSeparator();
    explore->addAction(m_runConfiguration);

    QMenu *debug = menuBar()->addMenu(tr("&Debug"));
    debug->setObjectName(QStringLiteral("debugMenu"));
    debug->addActions(m_replay->actions());
    debug->addSeparator();
    debug->addAction(m_exploreWith);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    m_viewMenu->addAction(m_zoomIn);
    m_viewMenu->addAction(m_zoomOut);
    m_viewMenu->addAction(m_fit);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_presentation);
    m_viewMenu->addAction(m_largerText);
    m_viewMenu->addAction(m_smallerText);
    m_viewMenu->addAction(m_normalText);
    m_viewMenu->addSeparator();
    QMenu *filter = m_viewMenu->addMenu(tr("Filter &Threads"));
    filter->setObjectName(QStringLiteral("threadFilterMenu"));
    filter->setToolTipsVisible(true);
    connect(filter, &QMenu::aboutToShow, this, [this, filter] { fillThreadFilter(filter); });
    fillThreadFilter(filter);
    m_viewMenu->addSeparator();

    menuBar()->addMenu(m_settings);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    help->addAction(m_help);
    help->addAction(m_about);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);

    QToolBar *tools = addToolBar(tr("Exploration"));
    tools->setObjectName(QStringLiteral("explorationToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->addAction(m_open);
    tools->addSeparator();
    tools->addAction(m_explore);
    tools->addAction(m_pause);
    tools->addAction(m_cancel);

    QToolBar *stepping = addToolBar(tr("Debug"));
    stepping->setObjectName(QStringLiteral("debugToolBar"));
    stepping->addActions(m_replay->actions());
}

QDockWidget *MainWindow::addDock(QWidget *content, const QString &title, const QString &name,
                                 Qt::DockWidgetArea area) {
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    dock->setWidget(content);
    addDockWidget(area, dock);
    m_viewMenu->addAction(dock->toggleViewAction());
    return dock;
}

void MainWindow::fillThreadFilter(QMenu *menu) {
    menu->clear();
    views::EventStructureScene *scene = m_eventStructure->structure();
    QAction *all = menu->addAction(tr("Show &All Threads"));
    all->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    all->setToolTip(tr("Show the events of every thread in the event structure (Ctrl+Shift+A)"));
    connect(all, &QAction::triggered, this, [scene] { scene->setHiddenThreads({}); });
    menu->addSeparator();
    const std::vector<ThreadId> hidden = scene->hiddenThreads();
    for (ThreadId t : scene->threads()) {
        QAction *a = menu->addAction(tr("T%1").arg(t));
        a->setCheckable(true);
        a->setChecked(std::find(hidden.begin(), hidden.end(), t) == hidden.end());
        a->setToolTip(tr("Show or hide thread T%1's events in the event structure").arg(t));
        a->setData(t);
        connect(a, &QAction::toggled, this, [scene, t](bool shown) {
            std::vector<ThreadId> h = scene->hiddenThreads();
            h.erase(std::remove(h.begin(), h.end(), t), h.end());
            if (!shown)
                h.push_back(t);
            scene->setHiddenThreads(std::move(h));
        });
    }
}

void MainWindow::createDocks() {
    // Sized in proportion to the window when it is first shown (arrangeDocks).
    addDock(m_tree, tr("Exploration Tree"), QStringLiteral("explorationTreeDock"), Qt::LeftDockWidgetArea);
    addDock(m_eventStructure, tr("Event Structure"), QStringLiteral("eventStructureDock"), Qt::RightDockWidgetArea);
    addDock(m_replay->threadsView(), tr("Threads"), QStringLiteral("threadsDock"), Qt::LeftDockWidgetArea);
    addDock(m_replay->variablesView(), tr("Variables"), QStringLiteral("variablesDock"), Qt::LeftDockWidgetArea);
    QDockWidget *trace = addDock(m_replay->traceView(), tr("Trace"), QStringLiteral("traceDock"), Qt::BottomDockWidgetArea);
    QDockWidget *defects = addDock(m_defects, tr("Defects"), QStringLiteral("defectsDock"), Qt::BottomDockWidgetArea);
    QDockWidget *console = addDock(m_replay->console(), tr("Console"), QStringLiteral("consoleDock"),
                                   Qt::BottomDockWidgetArea);
    splitDockWidget(trace, defects, Qt::Horizontal);
    tabifyDockWidget(defects, console);
    defects->raise();
}

void MainWindow::resetViews() {
    m_eventStructure->structure()->clearStructure();
    m_eventStructure->fitAll();
    m_tree->tree()->clearTree();
    m_tree->fitAll();
    m_defectsModel->clear();
    m_counters->clear();
    m_replay->clear();
    m_configuration.clear();
    m_selectedEvent = kNoEvent;
    m_exploreWith->setEnabled(false);
}

void MainWindow::explore() {
    if (!m_session->hasProgram() || m_session->isExploring())
        return;
    resetViews();
    m_editor->setCurrentLine(0);
    useRunConfiguration();
    m_session->start();
    const QString name = QFileInfo(m_session->fileName()).fileName();
    const unsigned jobs = debugger::LiveExploration::jobsFor(m_session->options());
    if (jobs > 1)
        statusBar()->showMessage(tr("Exploring %1 with %n jobs: the exploration tree shows the executions as they "
                                    "arrive; once the exploration ends, it is drawn in one job's order.",
                                    nullptr, int(jobs))
                                     .arg(name));
    else
        statusBar()->showMessage(tr("Exploring %1…").arg(name));
}

void MainWindow::setPaused(bool paused) {
    if (paused)
        m_session->pause();
    else
        m_session->resume();
}

void MainWindow::cancel() {
    if (m_replay->isLoading())
        m_replay->cancelLoad();
    else
        m_session->cancel();
}

void MainWindow::updateActions() {
    const bool exploring = m_session->isExploring();
    m_save->setEnabled(!m_editor->fileName().isEmpty());
    m_reload->setEnabled(!m_editor->fileName().isEmpty());
    m_explore->setEnabled(m_session->hasProgram() && !exploring);
    m_pause->setEnabled(exploring);
    {
        const QSignalBlocker block(m_pause);
        m_pause->setChecked(m_session->state() == ExplorationSession::State::Paused);
    }
    m_pause->setText(m_pause->isChecked() ? tr("&Resume") : tr("&Pause"));
    m_cancel->setEnabled(exploring || m_replay->isLoading());
}

void MainWindow::showSnapshot(const session::SnapshotPtr &snapshot) {
    m_eventStructure->structure()->setSnapshot(snapshot);
    m_tree->tree()->setSnapshot(snapshot);
    m_defectsModel->setSnapshot(snapshot);
    m_counters->setSnapshot(snapshot);
}

void MainWindow::explorationFinished() {
    const session::SnapshotPtr s = m_session->snapshot();
    if (!s)
        return;
    const Statistics &st = s->statistics;
    QString message = tr("%1: %2 maximal configurations, %3 SSB, %4 events, %5 defects in %6 s.")
                          .arg(views::CountersBar::stopText(s->stopReason))
                          .arg(st.maximalConfigurations)
                          .arg(st.sleepSetBlocked)
                          .arg(st.events)
                          .arg(st.defects)
                          .arg(st.wallSeconds, 0, 'f', 2);
    if (!s->diagnostics.empty())
        message += QLatin1Char(' ') + views::MessageText::format(s->diagnostics.front());
    statusBar()->showMessage(message);
    updateActions();
}

void MainWindow::leafActivated(quint64 execution, quint32 node) {
    const session::SnapshotPtr s = m_session->snapshot();
    if (!s || node >= s->tree.size())
        return;
    m_eventStructure->structure()->setHighlighted(s->pathTo(node));
    loadExecution(execution, node);
}

void MainWindow::loadExecution(quint64 execution, quint32 node) {
    const session::SnapshotPtr s = m_session->snapshot();
    std::vector<EventId> events = s->pathTo(node);
    Schedule schedule;
    for (EventId e : events)
        schedule.append(s->events[e].action);
    m_configuration = events;
    const std::size_t length = schedule.replay.size();
    m_replay->load(m_session->program(), schedule, std::move(events), 0, [this, execution, length] {
        statusBar()->showMessage(tr("Execution %1 loaded in the trace (%2 events): F10 steps an event, F11 a line, "
                                    "F8 runs to the end.")
                                     .arg(execution)
                                     .arg(length));
    });
}

void MainWindow::showDefect(int row) {
    const DefectRecord *d = m_defectsModel->defect(row);
    const session::SnapshotPtr s = m_session->snapshot();
    if (!d || !s)
        return;
    const auto schedule = Schedule::parse(d->schedule);
    if (!schedule)
        return;
    const auto node = s->leafOf(d->execution);
    std::vector<EventId> events;
    if (node != ExplorationTree::kRoot) {
        m_tree->tree()->setChosenExecution(d->execution);
        events = s->pathTo(node);
        m_eventStructure->structure()->setHighlighted(events);
    }
    m_configuration = events;
    if (d->kind == DefectKind::DataRace) {
        // A race is reported and gone past: open where the second access raised it, both lines marked.
        const std::string message = d->message;
        m_replay->load(m_session->program(), *schedule, std::move(events), 0, [this, message] { showRace(message); });
        return;
    }
    // Stands on the failing step (its line marked, the message shown) without replaying the trace twice.
    m_replay->load(m_session->program(), *schedule, std::move(events), ReplayController::kAtEnd);
}

void MainWindow::showRace(const std::string &message) {
    const debugger::Replay *r = m_replay->replay();
    const auto &reports = r->trace().execution.reports;
    auto report = std::find_if(reports.begin(), reports.end(), [&](const auto &x) {
        return x.second.kind == DefectKind::DataRace && x.second.message == message;
    });
    if (report == reports.end())
        report = std::find_if(reports.begin(), reports.end(),
                              [](const auto &x) { return x.second.kind == DefectKind::DataRace; });
    // Both accesses, as the report's message holds them: T2 reads at f.c:24:9, T1 writes at f.c:24:7.
    std::vector<views::ThreadMarker> markers;
    Message race = parseMessage(message);
    if (race.kind == MessageKind::Located)
        race = parseMessage(race.args[1]);
    for (std::size_t side = 1; race.kind == MessageKind::DataRace && side < race.args.size(); ++side) {
        const Message access = parseMessage(race.args[side]); // {thread, "file:line:column"}
        if (access.kind != MessageKind::ThreadReads && access.kind != MessageKind::ThreadWrites &&
            access.kind != MessageKind::ThreadFrees)
            continue;
        const ThreadId t = QString::fromStdString(access.args[0]).toUInt();
        const int line = QString::fromStdString(access.args[1]).section(QLatin1Char(':'), -2, -2).toInt();
        markers.push_back({line, views::threadColour(t), QStringLiteral("⚠") + tr("T%1").arg(t), false});
    }
    m_replay->setDefectMarkers(std::move(markers));
    if (report != reports.end())
        m_replay->runToReport(report->first);
    statusBar()->showMessage(tr("Data race: %1").arg(views::MessageText::format(message)));
}

void MainWindow::selectExecution(quint64 execution) {
    const session::SnapshotPtr s = m_session->snapshot();
    if (!s)
        return;
    const auto node = s->leafOf(execution);
    if (node == ExplorationTree::kRoot)
        return;
    m_tree->tree()->setChosenExecution(execution);
    leafActivated(execution, node);
}

void MainWindow::eventActivated(EventId id) {
    const session::SnapshotPtr s = m_session->snapshot();
    if (!s || id >= s->events.size())
        return;
    const EventRecord &e = s->events[id];
    if (e.spot.line)
        m_editor->setCurrentLine(int(e.spot.line));
    m_replay->selectRow(m_replay->rowOfEvent(id));
    m_selectedEvent = id;
    m_exploreWith->setEnabled(std::find(m_configuration.begin(), m_configuration.end(), id) == m_configuration.end());
}

void MainWindow::showCurrentStep() {
    // The next event, as the trace's position and the editor's thread markers show it (the arrow of a
    // debugger points at what runs next); nothing at the end of the interleaving. Inside a thread's local
    // code (after F11) the current event is already taken: the ring is on the one after it.
    const debugger::Replay *r = m_replay->replay();
    const EventId e = r ? m_replay->eventOfRow(int(r->position() + (r->isInsideLocalCode() ? 1 : 0))) : kNoEvent;
    m_eventStructure->structure()->setCurrentEvent(e);
    if (e != kNoEvent)
        m_eventStructure->ensureEventVisible(e);
    m_eventStructure->structure()->setBlockedRequests(r && r->atEnd() ? blockedRequests()
                                                                      : std::vector<views::BlockedRequest>{});
}

std::vector<views::BlockedRequest> MainWindow::blockedRequests() const {
    const debugger::Replay *r = m_replay->replay();
    std::vector<views::BlockedRequest> out;
    if (!r || r->trace().execution.end != ExecutionEnd::Deadlock)
        return out;
    const auto &steps = r->trace().steps;
    const std::vector<EventId> &events = m_replay->events(); // the run's events, by trace row
    for (const debugger::TraceStep &b : r->trace().blocked) {
        views::BlockedRequest request;
        request.thread = b.action.thread;
        request.label = views::EventAppearance::stepText(b.action.kind, b.object, b.action.value);
        if (b.action.kind == ActionKind::ThreadJoin)
            request.waitsFor = ThreadId(b.action.object);
        // A lock wanted: the last event on it took it (else it would be free), and that thread must
        // release it first.
        const bool wantsLock = b.action.kind == ActionKind::MutexLock || b.action.kind == ActionKind::RwRdlock ||
                               b.action.kind == ActionKind::RwWrlock;
        bool lastOnObject = true;
        for (std::size_t row = std::min(steps.size(), events.size()); row-- > 0;) {
            const Action &a = steps[row].action;
            if (request.after == kNoEvent && a.thread == b.action.thread)
                request.after = events[row];
            if (wantsLock && lastOnObject && !targetsThread(a.kind) && a.object == b.action.object) {
                lastOnObject = false;
                const bool takes = a.kind == ActionKind::MutexLock || a.kind == ActionKind::MutexTrylock ||
                                   a.kind == ActionKind::RwWrlock || a.kind == ActionKind::RwTrywrlock ||
                                   a.kind == ActionKind::RwRdlock || a.kind == ActionKind::RwTryrdlock;
                if (takes && a.thread != b.action.thread) {
                    request.heldBy = events[row];
                    request.waitsFor = a.thread;
                }
            }
        }
        out.push_back(std::move(request));
    }
    return out;
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About Weft"),
                       tr("<h3>Weft %1</h3><p>An interactive concurrency debugger for C programs that use "
                          "POSIX threads. Weft explores every meaningfully different interleaving with "
                          "unfolding-based partial-order reduction and shows the event structure and the "
                          "exploration tree as they grow.</p>")
                           .arg(QString::fromLatin1(kVersion)));
}

void MainWindow::showHelp() {
    QMessageBox box(this);
    box.setWindowTitle(tr("Weft Help"));
    box.setTextFormat(Qt::RichText);
    box.setText(tr(
        "<h3>Weft in short</h3>"
        "<p><b>Open</b> a C file (Ctrl+O, File ▸ Examples) and <b>Explore</b> it (F5): Weft runs every "
        "meaningfully different interleaving of its threads. Pause with F6, cancel with Shift+F5.</p>"
        "<ul><li><b>Exploration tree</b>: one leaf per execution (red diamond: a defect). Click a leaf to "
        "load its interleaving.</li>"
        "<li><b>Event structure</b>: the events of all executions, one lane per thread; the selected "
        "execution is highlighted. Click an event to see its line and its step in the trace.</li>"
        "<li><b>Trace</b>: the loaded interleaving, one column per thread. F10 performs the next event, "
        "Shift+F10 goes back, F11 runs the running thread to its next line, Ctrl+F10 runs to the selected "
        "step, F8 to the end, Ctrl+Shift+F10 restarts. The editor marks each thread's line.</li>"
        "<li><b>Threads</b>: each thread's state (running, ready, blocked on what, finished) and call stack; "
        "select a frame to see its locals in <b>Variables</b> (values changed by the last step are "
        "highlighted). <b>Console</b>: what the program printed so far.</li>"
        "<li><b>Defects</b>: double-click one to replay its counterexample to the failing step.</li></ul>"
        "<p>Settings: the exploration policy, bounds and language. File ▸ Export saves the diagrams "
        "(SVG, PNG), the results (JSON, as <tt>weft explore --json</tt>) and the trace (text).</p>"));
    box.exec();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile())
        openFile(urls.front().toLocalFile());
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (!settleUnsavedEdits()) {
        event->ignore();
        return;
    }
    m_session->cancel();
    saveWindowSettings();
    QMainWindow::closeEvent(event);
}

} // namespace weft::gui
