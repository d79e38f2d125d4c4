// SPDX-License-Identifier: MIT
#include "app/gui/ReplayController.hpp"

#include "engine/debugger/Replay.hpp"
#include "engine/debugger/StateInspector.hpp"
#include "views/eventstructure/EventAppearance.hpp"
#include "views/messages/MessageText.hpp"
#include "views/source/SourceEditor.hpp"
#include "views/threads/ThreadsModel.hpp"
#include "views/trace/ThreadPalette.hpp"
#include "views/trace/TraceModel.hpp"
#include "views/variables/VariablesModel.hpp"
#include "views/variables/VariablesView.hpp"

#include <QAction>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>

namespace weft::gui {

/// What a load computes off the GUI thread: the replay standing where it was asked to, and the trace's
/// threads (its columns).
struct ReplayController::Prepared {
    std::unique_ptr<debugger::Replay> replay;
    std::vector<ThreadId> threads;
};

ReplayController::ReplayController(views::SourceEditor *editor, QWidget *parent)
    : QObject(parent), m_editor(editor), m_trace(new views::TraceModel(this)), m_threads(new views::ThreadsModel(this)),
      m_variables(new views::VariablesModel(this)), m_traceView(new QTableView(parent)),
      m_threadsView(new QTreeView(parent)), m_variablesView(new views::VariablesView(parent)),
      m_console(new QPlainTextEdit(parent)), m_loadProgress(new QWidget(parent)),
      m_loadBar(new QProgressBar(m_loadProgress)) {
    m_traceView->setObjectName(QStringLiteral("traceView"));
    m_traceView->setModel(m_trace);
    m_traceView->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_traceView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_traceView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_traceView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // One line per step: fixed heights, so a trace of millions of rows costs only what is drawn.
    m_traceView->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_traceView->verticalHeader()->setDefaultSectionSize(m_traceView->fontMetrics().height() + 8);
    m_traceView->setToolTip(tr("The chosen interleaving, one column per thread. Double-click a step (or press Enter on it) to run to it."));
    m_traceView->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_traceView, &QWidget::customContextMenuRequested, this, [this](QPoint pos) {
        const QModelIndex i = m_traceView->indexAt(pos);
        if (i.isValid())
            Q_EMIT traceContextMenuRequested(i.row(), m_traceView->viewport()->mapToGlobal(pos));
    });
    connect(m_traceView, &QAbstractItemView::activated, this, [this](const QModelIndex &i) { runTo(i.row()); });

    m_threadsView->setObjectName(QStringLiteral("threadsView"));
    m_threadsView->setModel(m_threads);
    m_threadsView->setUniformRowHeights(true);
    m_threadsView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_threadsView->header()->setSectionResizeMode(views::ThreadsModel::Thread, QHeaderView::ResizeToContents);
    m_threadsView->setToolTip(tr("Each thread's state and call stack; select a frame to see its locals."));
    connect(m_threadsView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &ReplayController::frameSelected);

    m_variablesView->setObjectName(QStringLiteral("variablesView"));
    m_variablesView->setModel(m_variables);
    m_variablesView->setUniformRowHeights(true);
    m_variablesView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_variablesView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_variablesView->setToolTip(tr("Globals and the selected frame's locals; values changed by the last step are highlighted."));

    m_console->setObjectName(QStringLiteral("console"));
    m_console->setReadOnly(true);
    m_console->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_console->setPlaceholderText(tr("The replayed program's output appears here."));

    m_loadProgress->setObjectName(QStringLiteral("loadProgress"));
    m_loadBar->setObjectName(QStringLiteral("loadProgressBar"));
    m_loadBar->setMinimumWidth(220);
    auto *cancel = new QToolButton(m_loadProgress);
    cancel->setObjectName(QStringLiteral("loadCancelButton"));
    cancel->setText(tr("Cancel"));
    cancel->setToolTip(tr("Stop loading this execution"));
    connect(cancel, &QToolButton::clicked, this, &ReplayController::cancelLoad);
    auto *layout = new QHBoxLayout(m_loadProgress);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_loadBar);
    layout->addWidget(cancel);
    m_loadProgress->hide();

    createActions(parent);
    clear();
}

ReplayController::~ReplayController() { stopLoader(); }

void ReplayController::stopLoader() {
    if (m_loader.joinable()) {
        m_loader.request_stop();
        m_loader.join(); // it polls the stop every few hundred events
    }
}

void ReplayController::createActions(QWidget *parent) {
    auto make = [&](QStyle::StandardPixmap icon, const QString &text, const QKeySequence &key, const QString &tip,
                    void (ReplayController::*slot)()) {
        auto *a = new QAction(parent->style()->standardIcon(icon), text, this);
        a->setShortcut(key);
        a->setToolTip(tip);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    m_stepEvent = make(QStyle::SP_MediaSeekForward, tr("Step &Event"), QKeySequence(Qt::Key_F10),
                       tr("Perform the next event of the interleaving (F10)"), &ReplayController::stepEvent);
    m_stepBack = make(QStyle::SP_MediaSeekBackward, tr("Step &Back"), QKeySequence(Qt::SHIFT | Qt::Key_F10),
                      tr("Go back one event (Shift+F10)"), &ReplayController::stepBack);
    m_stepLine = make(QStyle::SP_ArrowDown, tr("Step &Line"), QKeySequence(Qt::Key_F11),
                      tr("Run the running thread to its next source line (F11)"), &ReplayController::stepLine);
    m_runToSelected = make(QStyle::SP_ArrowRight, tr("Run to &Selected Event"), QKeySequence(Qt::CTRL | Qt::Key_F10),
                           tr("Replay up to the event selected in the trace (Ctrl+F10)"),
                           &ReplayController::runToSelected);
    m_runToEnd = make(QStyle::SP_MediaSkipForward, tr("Run to E&nd"), QKeySequence(Qt::Key_F8),
                      tr("Replay to the end of the interleaving or its defect (F8)"), &ReplayController::runToEnd);
    m_restart = make(QStyle::SP_MediaSkipBackward, tr("&Restart Replay"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F10),
                     tr("Back to the start of the interleaving (Ctrl+Shift+F10)"), &ReplayController::restart);
}

QList<QAction *> ReplayController::actions() const {
    return {m_stepEvent, m_stepBack, m_stepLine, m_runToSelected, m_runToEnd, m_restart};
}

std::shared_ptr<ReplayController::Prepared>
ReplayController::prepare(const debugger::LoadedProgram &program, const Schedule &schedule,
                          const interpreter::InterpreterOptions &options, std::size_t standAt,
                          const std::function<void(int phase, std::size_t done)> &report, std::stop_token stop) {
    debugger::ReplayProgress tracing{stop, [&](std::size_t done) { report(0, done); }};
    auto out = std::make_shared<Prepared>();
    out->replay = std::make_unique<debugger::Replay>(program.program, schedule, options, report ? &tracing : nullptr);
    if (stop.stop_requested())
        return nullptr;
    for (const debugger::TraceStep &step : out->replay->trace().steps)
        if (std::find(out->threads.begin(), out->threads.end(), step.action.thread) == out->threads.end())
            out->threads.push_back(step.action.thread);
    std::sort(out->threads.begin(), out->threads.end());
    if (standAt == 0)
        return out;
    if (!report) {
        out->replay->runTo(standAt);
        return out;
    }
    const debugger::ReplayProgress running{stop, [&](std::size_t done) { report(1, done); }};
    return out->replay->runTo(standAt, running) ? out : nullptr;
}

bool ReplayController::load(std::shared_ptr<const debugger::LoadedProgram> program, const Schedule &schedule,
                            std::vector<EventId> events, std::size_t standAt, std::function<void()> then) {
    stopLoader();
    ++m_generation; // what the stopped worker still posts is dropped
    m_loading = false;
    clear();
    if (!program) {
        m_loadProgress->hide();
        return false;
    }
    m_program = std::move(program);
    m_events = std::move(events);
    const std::size_t expected = schedule.replay.size();
    if (expected < m_backgroundThreshold) {
        m_loadProgress->hide();
        const auto prepared = prepare(*m_program, schedule, m_interpreterOptions, standAt, {}, {});
        install(*prepared);
        if (then)
            then();
        Q_EMIT loaded();
        return true;
    }
    const std::uint64_t generation = m_generation;
    m_loading = true;
    m_loadExpected = expected;
    m_loadBar->setRange(0, int(std::min<std::size_t>(expected, std::numeric_limits<int>::max())));
    m_loadBar->setValue(0);
    m_loadBar->setFormat(tr("Loading %1 events…").arg(expected));
    m_loadProgress->show();
    updateActions();
    Q_EMIT message(tr("Loading an execution of %1 events (Cancel stops it)…").arg(expected));
    Q_EMIT loadStarted(expected);
    m_loader = std::jthread([this, program = m_program, schedule, options = m_interpreterOptions, standAt, generation,
                             then = std::move(then)](std::stop_token stop) {
        const auto report = [this, generation](int phase, std::size_t done) {
            QMetaObject::invokeMethod(
                this, [this, generation, phase, done] { showLoadProgress(generation, phase, done); },
                Qt::QueuedConnection);
        };
        std::shared_ptr<Prepared> prepared = prepare(*program, schedule, options, standAt, report, stop);
        if (!prepared)
            return;
        QMetaObject::invokeMethod(
            this,
            [this, generation, prepared, then] {
                if (generation != m_generation)
                    return;
                m_loading = false;
                m_loadProgress->hide();
                install(*prepared);
                if (then)
                    then();
                Q_EMIT loaded();
            },
            Qt::QueuedConnection);
    });
    return true;
}

void ReplayController::showLoadProgress(std::uint64_t generation, int phase, std::size_t done) {
    if (generation != m_generation || !m_loading)
        return;
    if (phase == 0) {
        m_loadBar->setValue(int(std::min<std::size_t>(done, std::size_t(m_loadBar->maximum()))));
        m_loadBar->setFormat(tr("Tracing: %1 of %2 events").arg(done).arg(m_loadExpected));
    } else {
        m_loadBar->setValue(int(std::min<std::size_t>(done, std::size_t(m_loadBar->maximum()))));
        m_loadBar->setFormat(tr("Running to the step: %1 events").arg(done));
    }
}

void ReplayController::cancelLoad() {
    if (!m_loading)
        return;
    stopLoader(); // the worker notices within a few hundred events
    ++m_generation; // what it posted before is dropped
    m_loading = false;
    m_loadProgress->hide();
    if (m_jumping) {
        // A long jump stops where it stood: the replay stays, at that step.
        m_jumping = false;
        refresh();
        Q_EMIT message(tr("Stopped at step %1 of %2.").arg(m_replay->position() + 1).arg(m_replay->eventCount()));
        Q_EMIT loadCancelled();
        return;
    }
    clear();
    Q_EMIT message(tr("Loading the execution was cancelled."));
    Q_EMIT loadCancelled();
}

void ReplayController::jump(std::size_t position) {
    if (!m_replay || m_loading)
        return;
    position = std::min(position, m_replay->eventCount());
    // Forwards costs the distance from where the machine stands; backwards at most the checkpoints'
    // spacing: only a long way forwards goes to the worker.
    const std::size_t from = m_replay->position();
    if (position <= from || position - from < m_backgroundThreshold) {
        m_replay->runTo(position);
        refresh();
        return;
    }
    const std::uint64_t generation = ++m_generation;
    m_loading = true;
    m_jumping = true;
    m_loadExpected = position - from;
    m_loadBar->setRange(0, int(std::min<std::size_t>(m_loadExpected, std::numeric_limits<int>::max())));
    m_loadBar->setValue(0);
    m_loadBar->setFormat(tr("Running to step %1…").arg(position + 1));
    m_loadProgress->show();
    updateActions();
    Q_EMIT loadStarted(m_loadExpected);
    // The worker owns the replay's machine until it is done; the trace (immutable) stays readable.
    m_loader = std::jthread([this, replay = m_replay.get(), position, generation](std::stop_token stop) {
        const debugger::ReplayProgress progress{
            stop, [this, generation](std::size_t done) {
                QMetaObject::invokeMethod(
                    this, [this, generation, done] { showLoadProgress(generation, 1, done); }, Qt::QueuedConnection);
            }};
        replay->runTo(position, progress);
        QMetaObject::invokeMethod(
            this,
            [this, generation] {
                if (generation != m_generation)
                    return;
                m_loading = false;
                m_jumping = false;
                m_loadProgress->hide();
                refresh();
                Q_EMIT jumpFinished();
            },
            Qt::QueuedConnection);
    });
}

std::vector<views::TraceRow> ReplayController::outcomeRows(const debugger::Replay &replay) const {
    const debugger::TracedExecution &trace = replay.trace();
    const program::SourceMap &files = m_program->program.sourceMap;
    std::vector<views::TraceRow> rows;
    // A deadlock's waiting threads, or those left when an assumption stopped a thread: their requests.
    if (trace.execution.end == ExecutionEnd::Deadlock || trace.execution.end == ExecutionEnd::AssumeBlocked) {
        for (const debugger::TraceStep &b : trace.blocked)
            rows.push_back({b.action.thread,
                            b.action.kind,
                            b.object,
                            b.action.value,
                            files.fileName(b.spot.file),
                            b.spot.line,
                            views::TraceRow::Outcome::Blocked,
                            {}});
    } else if (replay.endsInDefect() && trace.execution.fault && trace.execution.fault->thread != kNoThread) {
        std::string message = trace.execution.fault->message;
        const std::string where = files.format(trace.faultSpot) + ": "; // the row shows the spot
        if (message.starts_with(where))
            message.erase(0, where.size());
        views::TraceRow row;
        row.thread = trace.execution.fault->thread;
        row.file = files.fileName(trace.faultSpot.file);
        row.line = trace.faultSpot.line;
        row.outcome = views::TraceRow::Outcome::Failed;
        row.failure = views::MessageText::format(message);
        rows.push_back(std::move(row));
    }
    return rows;
}

void ReplayController::install(Prepared &prepared) {
    m_replay = std::move(prepared.replay);
    if (m_events.size() > m_replay->eventCount())
        m_events.clear();
    const debugger::Replay *replay = m_replay.get();
    const program::SourceMap *files = &m_program->program.sourceMap;
    auto outcome = std::make_shared<const std::vector<views::TraceRow>>(outcomeRows(*replay));
    std::vector<ThreadId> threads = std::move(prepared.threads);
    for (const views::TraceRow &row : *outcome)
        if (std::find(threads.begin(), threads.end(), row.thread) == threads.end())
            threads.insert(std::upper_bound(threads.begin(), threads.end(), row.thread), row.thread);
    m_trace->setTrace(
        replay->eventCount() + outcome->size(),
        [replay, files, outcome](std::size_t i) {
            if (i >= replay->eventCount())
                return (*outcome)[i - replay->eventCount()];
            const debugger::TraceStep &step = replay->trace().steps[i];
            return views::TraceRow{
                step.action.thread, step.action.kind, step.object, step.action.value, files->fileName(step.spot.file),
                step.spot.line};
        },
        std::move(threads));
    m_variables->clear();
    if (!replay->trace().steps.empty())
        m_variables->selectFrame(replay->runningThread() != kNoThread ? replay->runningThread()
                                                                      : replay->trace().steps.front().action.thread,
                                 0);
    refresh();
}

void ReplayController::clear() {
    stopLoader(); // a jump's worker uses the replay
    ++m_generation; // what a worker posted before it stopped is dropped
    m_loading = m_jumping = false;
    m_loadProgress->hide();
    m_trace->clear(); // before the replay its rows come from
    m_replay.reset();
    m_events.clear();
    m_defectMarkers.clear();
    m_threads->setState({});
    m_variables->clear();
    m_console->clear();
    m_editor->setThreadMarkers({});
    updateActions();
    Q_EMIT positionChanged();
}

void ReplayController::setEvents(std::vector<EventId> events) {
    if (m_replay && events.size() <= m_replay->eventCount())
        m_events = std::move(events);
}

EventId ReplayController::eventOfRow(int row) const {
    return row >= 0 && std::size_t(row) < m_events.size() ? m_events[std::size_t(row)] : kNoEvent;
}

int ReplayController::rowOfEvent(EventId id) const {
    const auto it = std::find(m_events.begin(), m_events.end(), id);
    return it == m_events.end() ? -1 : int(it - m_events.begin());
}

void ReplayController::selectRow(int row) {
    if (row < 0 || row >= m_trace->rowCount())
        return;
    const int column = m_trace->columnOf(m_trace->row(std::size_t(row)).thread);
    const QModelIndex index = m_trace->index(row, std::max(0, column));
    m_traceView->setCurrentIndex(index);
    m_traceView->scrollTo(index);
}

void ReplayController::stepEvent() {
    if (m_replay && !m_loading && m_replay->stepEvent())
        refresh();
}

void ReplayController::stepBack() {
    if (m_replay && !m_loading && m_replay->stepBack())
        refresh();
}

void ReplayController::stepLine() {
    if (m_replay && !m_loading && m_replay->stepLine())
        refresh();
}

void ReplayController::runToSelected() {
    const QModelIndex current = m_traceView->currentIndex();
    if (current.isValid())
        runTo(current.row());
}

void ReplayController::runToReport(std::size_t position) {
    if (!m_replay || m_loading)
        return;
    m_replay->runToReport(position);
    refresh();
}

void ReplayController::setDefectMarkers(std::vector<views::ThreadMarker> markers) {
    m_defectMarkers = std::move(markers);
    refresh();
}

void ReplayController::runToEnd() { jump(kAtEnd); }

void ReplayController::restart() { jump(0); }

void ReplayController::runTo(int row) {
    if (row >= 0)
        jump(std::size_t(row));
}

void ReplayController::updateActions() {
    const bool loaded = m_replay != nullptr && !m_loading; // a long jump owns the replay meanwhile
    const bool more = loaded && !m_replay->atEnd();
    const bool back = loaded && (m_replay->position() > 0 || m_replay->isInsideLocalCode());
    m_stepEvent->setEnabled(more);
    m_stepLine->setEnabled(more);
    m_runToEnd->setEnabled(more);
    m_stepBack->setEnabled(back);
    m_restart->setEnabled(back);
    m_runToSelected->setEnabled(loaded);
}

void ReplayController::frameSelected() {
    const QModelIndex current = m_threadsView->currentIndex();
    if (!current.isValid())
        return;
    const ThreadId thread = current.data(views::ThreadsModel::ThreadRole).toUInt();
    const int frame = std::max(0, current.data(views::ThreadsModel::FrameRole).toInt());
    if (thread != m_variables->selectedThread() || frame != m_variables->selectedFrame())
        m_variables->selectFrame(thread, frame); // the view restores its rows' expansion
}

void ReplayController::refresh() {
    updateActions();
    if (!m_replay)
        return;
    const debugger::Replay &r = *m_replay;
    debugger::ProgramState state = debugger::inspectState(r);

    // Thread markers in the editor: each live thread at its innermost frame's line.
    const QString shownFile = QFileInfo(m_editor->fileName()).fileName();
    std::vector<views::ThreadMarker> markers;
    for (const debugger::ThreadState &t : state.threads)
        if (!t.frames.empty() && t.frames.front().line &&
            QFileInfo(QString::fromStdString(t.frames.front().file)).fileName() == shownFile)
            markers.push_back({int(t.frames.front().line), views::threadColour(t.id), tr("T%1").arg(t.id),
                               t.status == debugger::ThreadStatus::Running});

    // The threads pane keeps the selected frame when it still exists, else follows the running thread.
    ThreadId thread = m_variables->selectedThread();
    int frame = m_variables->selectedFrame();
    const debugger::ThreadState *selected = state.thread(thread);
    if (!selected || std::size_t(frame) >= std::max<std::size_t>(1, selected->frames.size()) ||
        (r.runningThread() != kNoThread && thread != r.runningThread() && frame == 0)) {
        thread = r.runningThread() != kNoThread ? r.runningThread() : (state.threads.empty() ? kNoThread : state.threads.front().id);
        frame = 0;
    }
    const QString output = QString::fromStdString(state.output);
    {
        const QSignalBlocker block(m_threadsView->selectionModel());
        m_threads->setState(state);
        m_threadsView->expandAll();
        const QModelIndex index = m_threads->indexOf(thread, frame);
        m_threadsView->setCurrentIndex(index.isValid() ? index : m_threads->indexOf(thread, -1));
    }
    m_variables->setState(std::move(state));
    m_variables->selectFrame(thread, frame);
    if (m_console->toPlainText() != output) {
        m_console->setPlainText(output);
        m_console->verticalScrollBar()->setValue(m_console->verticalScrollBar()->maximum());
    }

    m_trace->setPosition(r.position(), r.isInsideLocalCode());
    if (m_trace->rowCount() > 0) // at the end: the failing step's row
        m_traceView->scrollTo(m_trace->index(std::min(int(r.position()), m_trace->rowCount() - 1), 0));
    markers.insert(markers.end(), m_defectMarkers.begin(), m_defectMarkers.end());
    m_editor->setThreadMarkers(std::move(markers));

    if (r.atEnd() && r.endsInDefect()) {
        if (r.faultSpot().line)
            m_editor->setCurrentLine(int(r.faultSpot().line));
        Q_EMIT message(tr("End of the interleaving (%1 events): %2")
                           .arg(r.eventCount())
                           .arg(views::MessageText::format(r.endMessage())));
    } else if (r.atEnd()) {
        m_editor->setCurrentLine(0);
        Q_EMIT message(tr("End of the interleaving (%1 events): every thread finished.").arg(r.eventCount()));
    } else {
        m_editor->setCurrentLine(0);
        const debugger::TraceStep &next = r.trace().steps[r.position()];
        Q_EMIT message(r.isInsideLocalCode() ? tr("Step %1 of %2: T%3 runs its local code.")
                                                   .arg(r.position() + 1)
                                                   .arg(r.eventCount())
                                                   .arg(next.action.thread)
                                             : tr("Step %1 of %2: next T%3 %4.")
                                                   .arg(r.position() + 1)
                                                   .arg(r.eventCount())
                                                   .arg(next.action.thread)
                                                   .arg(views::EventAppearance::stepText(next.action.kind, next.object,
                                                                                         next.action.value)));
    }
    Q_EMIT positionChanged();
}

} // namespace weft::gui
