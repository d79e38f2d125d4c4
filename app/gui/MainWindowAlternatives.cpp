// SPDX-License-Identifier: MIT
// MainWindow's "Explore with this event" (issue 4 item 5): from the event structure's context menu
// or Ctrl+E on the selected event, and from the trace's context menu at steps where another event
// could have happened instead ("what if T2 had taken the lock here?").
#include "app/gui/MainWindow.hpp"

#include "app/gui/ReplayController.hpp"
#include "engine/debugger/EventChoice.hpp"
#include "engine/debugger/Replay.hpp"
#include "views/eventstructure/EventAppearance.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/explorationtree/ExplorationTreeScene.hpp"
#include "views/explorationtree/ExplorationTreeView.hpp"
#include "views/trace/TraceModel.hpp"

#include <QAction>
#include <QMenu>
#include <QStatusBar>

namespace weft::gui {

void MainWindow::createAlternativeActions() {
    m_exploreWith = new QAction(tr("E&xplore with This Event"), this);
    m_exploreWith->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exploreWith->setToolTip(tr("Replay a run that contains the selected event and as much of the current "
                                 "execution as is compatible (Ctrl+E)"));
    m_exploreWith->setEnabled(false);
    connect(m_exploreWith, &QAction::triggered, this, [this] { exploreWithEvent(m_selectedEvent); });
    connect(m_eventStructure->structure(), &views::EventStructureScene::eventContextMenuRequested, this,
            [this](EventId e, QPoint at) { showEventMenu(e, at); });
    connect(m_replay, &ReplayController::traceContextMenuRequested, this,
            [this](int row, QPoint at) { showTraceMenu(row, at); });
}

bool MainWindow::exploreWithEvent(EventId e) {
    const session::SnapshotPtr s = m_session->snapshot();
    if (!s || e >= s->events.size() || !m_session->program())
        return false;
    debugger::ChosenRun alt = debugger::configurationWith(*s, m_configuration, e);
    const std::size_t kept = alt.events.size() - debugger::causalPast(*s, e).size();
    m_configuration = alt.events;
    m_eventStructure->structure()->setHighlighted(alt.events);
    m_tree->tree()->setChosenExecution(0); // until its leaf is found (followReplay)
    const std::vector<EventId> &events = alt.events;
    const int row = int(std::find(events.begin(), events.end(), e) - events.begin());
    m_selectedEvent = e;
    m_exploreWith->setEnabled(false);
    const QString label = views::EventAppearance::label(*s, s->events[e]);
    m_replay->load(m_session->program(), alt.schedule, alt.events, std::size_t(row), [this, e, row, kept, label] {
        m_replay->selectRow(row);
        statusBar()->showMessage(
            tr("Now exploring with event %1 (%2): its causes, %3 compatible events of the "
               "previous execution, then free run to the end (%4 steps). The event is the next step.")
                .arg(e)
                .arg(label)
                .arg(kept)
                .arg(m_replay->replay()->eventCount()));
    });
    return true;
}

void MainWindow::followReplay() {
    const session::SnapshotPtr s = m_session->snapshot();
    const debugger::Replay *r = m_replay->replay();
    if (!s || !r)
        return;
    // Steps past the known events (the free run after "what if", a defect's schedule) are the
    // snapshot's events too once explored: one source of truth for every view.
    std::vector<EventId> events = debugger::eventsOfRun(*s, r->trace().execution.actions, m_replay->events());
    m_replay->setEvents(events);
    if (events.size() > m_configuration.size() || m_configuration.empty())
        m_configuration = std::move(events);
    m_eventStructure->structure()->setHighlighted(m_configuration);
    // The leaf of the run as replayed (a "what if" run may be one explored before); none found keeps
    // what was chosen (a clicked leaf, a defect's execution; nothing after "what if").
    if (m_configuration.size() == r->eventCount()) {
        const auto leaf = debugger::leafOfRun(*s, m_configuration);
        if (leaf != ExplorationTree::kRoot)
            m_tree->tree()->setChosenExecution(s->tree[leaf].execution);
    }
    if (m_tree->tree()->chosenExecution() == 0) {
        // Not explored (an exploration bounded, cancelled or still running): its own leaf, right of the
        // explored ones (the same run again marks the same leaf), and said.
        m_tree->tree()->addVisitedRun(m_configuration, r->eventCount());
        const QString now = statusBar()->currentMessage();
        const QString note = tr("This run is not among the %n execution(s) explored so far: it is drawn as its own "
                                "leaf, right of the tree.",
                                nullptr, int(s->statistics.executions));
        statusBar()->showMessage(now.isEmpty() ? note : now + QLatin1Char(' ') + note);
    }
    markAlternatives();
    showCurrentStep();
}

void MainWindow::markAlternatives() {
    const session::SnapshotPtr s = m_session->snapshot();
    if (!s || !m_replay->hasReplay())
        return;
    // One pass over the conflicts (not one per row): a row is marked when its event is in immediate
    // conflict with an event outside the current configuration.
    const std::vector<EventId> &events = m_replay->events();
    std::vector<std::int64_t> rowOf(s->events.size(), -1);
    for (std::size_t row = 0; row < events.size(); ++row)
        if (events[row] < rowOf.size())
            rowOf[events[row]] = std::int64_t(row);
    std::vector<char> chosen(s->events.size(), 0);
    for (EventId c : m_configuration)
        if (c < chosen.size())
            chosen[c] = 1;
    std::vector<bool> rows(events.size(), false);
    auto mark = [&](EventId here, EventId other) {
        if (here < rowOf.size() && rowOf[here] >= 0 && other < chosen.size() && !chosen[other])
            rows[std::size_t(rowOf[here])] = true;
    };
    for (std::size_t i = 0; i < s->conflicts.size(); ++i) {
        const ConflictRecord &c = s->conflicts[i];
        mark(c.earlier, c.later);
        mark(c.later, c.earlier);
    }
    m_replay->traceModel()->setAlternatives(std::move(rows));
}

QMenu *MainWindow::showEventMenu(EventId e, QPoint globalPos) {
    eventActivated(e); // selects it (line, trace row) and updates Ctrl+E
    delete m_contextMenu;
    m_contextMenu = new QMenu(this);
    m_contextMenu->setObjectName(QStringLiteral("eventContextMenu"));
    m_contextMenu->addAction(m_exploreWith);
    m_contextMenu->popup(globalPos);
    return m_contextMenu;
}

QMenu *MainWindow::showTraceMenu(int row, QPoint globalPos) {
    const session::SnapshotPtr s = m_session->snapshot();
    delete m_contextMenu;
    m_contextMenu = new QMenu(this);
    m_contextMenu->setObjectName(QStringLiteral("traceContextMenu"));
    m_contextMenu->addAction(m_replay->runToSelectedAction());
    const EventId here = m_replay->eventOfRow(row);
    if (s && here != kNoEvent) {
        bool first = true;
        for (EventId other : debugger::immediateConflicts(*s, here)) {
            if (std::find(m_configuration.begin(), m_configuration.end(), other) != m_configuration.end())
                continue;
            if (first)
                m_contextMenu->addSeparator();
            first = false;
            const EventRecord &r = s->events[other];
            QAction *a = m_contextMenu->addAction(tr("What if T%1 had gone first here: %2")
                                                      .arg(r.thread)
                                                      .arg(views::EventAppearance::label(*s, r)));
            a->setData(qulonglong(other));
            connect(a, &QAction::triggered, this, [this, other] { exploreWithEvent(other); });
        }
        if (first)
            m_contextMenu->addAction(tr("No other thread could have gone first here"))->setEnabled(false);
    }
    m_contextMenu->popup(globalPos);
    return m_contextMenu;
}

} // namespace weft::gui
