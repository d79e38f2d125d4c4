// SPDX-License-Identifier: MIT
#include "views/eventstructure/EventStructureScene.hpp"

#include "views/eventstructure/CurrentEventItem.hpp"
#include "views/eventstructure/EventAppearance.hpp"
#include "views/eventstructure/LaneBackgroundItem.hpp"
#include "views/graphics/SliceScheduler.hpp"
#include "views/trace/ThreadPalette.hpp"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneHelpEvent>
#include <QGraphicsSceneMouseEvent>
#include <QToolTip>

#include <algorithm>

namespace weft::views {

static LaneMetrics metrics() {
    LaneMetrics m;
    m.left = 0;
    m.top = 0;
    m.slotWidth = EventNodesItem::kWidth + 10;
    m.laneGap = 24;
    m.rowHeight = 40;
    return m;
}

EventStructureScene::EventStructureScene(QObject *parent)
    : QGraphicsScene(parent), m_layout(metrics()), m_lanes(new LaneBackgroundItem(m_layout)),
      m_nodes(new EventNodesItem(m_layout)),
      m_edges{new EventEdgesItem(m_layout, EdgeKind::ThreadOrder), new EventEdgesItem(m_layout, EdgeKind::Causality),
              new EventEdgesItem(m_layout, EdgeKind::Conflict)},
      m_current(new CurrentEventItem(m_layout, QSizeF(EventNodesItem::kWidth, EventNodesItem::kHeight))),
      m_deadlock(new DeadlockItem(m_layout, QSizeF(EventNodesItem::kWidth, EventNodesItem::kHeight))),
      m_scheduler(new SliceScheduler(
          [this] { return drawSlice(); },
                                     // A large structure costs more to repaint: take new snapshots in less
                                     // often (up to 1 s).
          [this] { return std::min(1000, kBatchIntervalMilliseconds + int(drawnEvents() / 50)); }, this)) {
    setItemIndexMethod(NoIndex); // a handful of large items
    addItem(m_lanes);
    addItem(m_nodes);
    addItem(m_current);
    addItem(m_deadlock);
    m_nodes->setHidden(&m_hidden);
    for (EventEdgesItem *edges : m_edges) {
        addItem(edges);
        edges->setHidden(&m_hidden);
        edges->setMembers(&m_members);
    }
}

void EventStructureScene::clearStructure() {
    m_snapshot.reset();
    m_layout = LaneLayout(metrics());
    delete m_nodes;
    m_nodes = new EventNodesItem(m_layout);
    addItem(m_nodes);
    m_hidden.clear(); // the thread filter (m_hiddenThreads) stays
    m_nodes->setHidden(&m_hidden);
    for (EventEdgesItem *&edges : m_edges) {
        const EdgeKind kind = edges->kind();
        delete edges;
        edges = new EventEdgesItem(m_layout, kind);
        addItem(edges);
        edges->setHidden(&m_hidden);
        edges->setMembers(&m_members);
    }
    m_scheduler->reset();
    m_currentEvent = kNoEvent;
    showCurrentEvent();
    m_deadlock->setRequests({});
    layoutChanged();
}

void EventStructureScene::setBlockedRequests(std::vector<BlockedRequest> requests) {
    m_deadlock->setRequests(std::move(requests));
    layoutChanged();
}

void EventStructureScene::setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot) {
    if (!snapshot)
        return;
    if (m_snapshot && !m_snapshot->isContinuedBy(*snapshot))
        clearStructure();
    m_snapshot = std::move(snapshot);
    m_nodes->setSnapshot(m_snapshot.get());
    if (isUpToDate())
        Q_EMIT upToDate();
    else
        m_scheduler->schedule();
}

bool EventStructureScene::isUpToDate() const {
    return !m_snapshot || (drawnEvents() == m_snapshot->events.size() && drawnConflicts() == m_snapshot->conflicts.size());
}

bool EventStructureScene::drawSlice() {
    if (!m_snapshot)
        return true;
    const ExplorationSnapshot &s = *m_snapshot;
    const std::size_t from = drawnEvents();
    const std::size_t limit = std::min(s.events.size(), from + kSlice);
    std::size_t to = from;
    for (; to < limit && !m_scheduler->isSliceOver(to - from); ++to) {
        const EventRecord &e = s.events[to];
        m_layout.add({e.id, e.thread, e.threadPred, e.depth});
        m_nodes->append(e.action.kind);
        m_hidden.push_back(std::find(m_hiddenThreads.begin(), m_hiddenThreads.end(), e.thread) != m_hiddenThreads.end());
        if (e.threadPred != kNoEvent)
            m_edges[std::size_t(EdgeKind::ThreadOrder)]->append(e.threadPred, e.id);
        if (e.otherPred != kNoEvent)
            m_edges[std::size_t(EdgeKind::Causality)]->append(e.otherPred, e.id);
    }
    EventEdgesItem &conflicts = *m_edges[std::size_t(EdgeKind::Conflict)];
    for (std::size_t i = conflicts.count(); i < s.conflicts.size() && s.conflicts[i].later < to; ++i)
        conflicts.append(s.conflicts[i].earlier, s.conflicts[i].later);
    layoutChanged();
    if (m_currentEvent != kNoEvent && m_current->event() == kNoEvent && m_currentEvent < to)
        showCurrentEvent(); // drawn at last
    if (!isUpToDate())
        return false;
    Q_EMIT upToDate();
    return true;
}

void EventStructureScene::layoutChanged() {
    m_lanes->layoutChanged();
    m_nodes->layoutChanged();
    for (EventEdgesItem *edges : m_edges)
        edges->layoutChanged();
    m_current->layoutChanged();
    m_deadlock->layoutChanged();
    // Room for the requests drawn below the lanes' last events.
    const QRectF bounds = (m_lanes->boundingRect() | m_deadlock->boundingRect()).adjusted(-20, -20, 20, 20);
    if (bounds != sceneRect())
        setSceneRect(bounds);
}

void EventStructureScene::setHighlighted(const std::vector<EventId> &events) {
    std::vector<bool> members;
    for (EventId e : events) {
        if (members.size() <= e)
            members.resize(std::size_t{e} + 1, false);
        members[e] = true;
    }
    const bool active = !members.empty();
    m_members = members;
    for (EventEdgesItem *edges : m_edges)
        edges->setMembers(&m_members);
    m_nodes->setHighlighted(std::move(members));
    for (EventEdgesItem *edges : m_edges)
        edges->setOpacity(active ? 0.35 : 1.0);
}

void EventStructureScene::setCurrentEvent(EventId id) {
    m_currentEvent = id;
    showCurrentEvent();
}

void EventStructureScene::showCurrentEvent() {
    const EventId id = m_currentEvent;
    if (id == kNoEvent || id >= drawnEvents() || isHidden(id) || !m_snapshot) {
        m_current->setEvent(kNoEvent, {});
        return;
    }
    m_current->setEvent(id, threadColour(m_snapshot->events[id].thread));
}

QRectF EventStructureScene::nodeRect(EventId id) const {
    if (id >= drawnEvents())
        return {};
    const QPointF c = m_layout.position(id);
    return {c.x() - EventNodesItem::kWidth / 2, c.y() - EventNodesItem::kHeight / 2, EventNodesItem::kWidth,
            EventNodesItem::kHeight};
}

void EventStructureScene::setHiddenThreads(std::vector<ThreadId> hidden) {
    m_hiddenThreads = std::move(hidden);
    m_hidden.assign(drawnEvents(), false);
    if (m_snapshot)
        for (EventId e = 0; e < m_hidden.size() && e < m_snapshot->events.size(); ++e)
            m_hidden[e] = std::find(m_hiddenThreads.begin(), m_hiddenThreads.end(), m_snapshot->events[e].thread) !=
                          m_hiddenThreads.end();
    m_nodes->update();
    for (EventEdgesItem *edges : m_edges)
        edges->update();
    showCurrentEvent();
}

std::vector<ThreadId> EventStructureScene::threads() const {
    std::vector<ThreadId> out;
    if (m_snapshot)
        for (std::size_t e = 0; e < m_snapshot->events.size(); ++e) {
            const ThreadId t = m_snapshot->events[e].thread;
            if (std::find(out.begin(), out.end(), t) == out.end())
                out.push_back(t);
        }
    std::sort(out.begin(), out.end());
    return out;
}

EventId EventStructureScene::eventAt(QPointF scenePos) const {
    const EventId id = m_layout.eventAt(scenePos, QSizeF(EventNodesItem::kWidth, EventNodesItem::kHeight));
    return id < drawnEvents() && !isHidden(id) ? id : kNoEvent;
}

QString EventStructureScene::toolTipAt(QPointF scenePos) const {
    const EventId id = eventAt(scenePos);
    if (id == kNoEvent || !m_snapshot || id >= m_snapshot->events.size())
        return {};
    return EventAppearance::toolTip(*m_snapshot, m_snapshot->events[id]);
}

void EventStructureScene::mousePressEvent(QGraphicsSceneMouseEvent *event) {
    const EventId id = eventAt(event->scenePos());
    if (id != kNoEvent && event->button() == Qt::LeftButton) {
        Q_EMIT eventActivated(id);
        event->accept();
        return;
    }
    QGraphicsScene::mousePressEvent(event);
}

void EventStructureScene::contextMenuEvent(QGraphicsSceneContextMenuEvent *event) {
    const EventId id = eventAt(event->scenePos());
    if (id == kNoEvent)
        return QGraphicsScene::contextMenuEvent(event);
    Q_EMIT eventContextMenuRequested(id, event->screenPos());
    event->accept();
}

void EventStructureScene::helpEvent(QGraphicsSceneHelpEvent *event) {
    const QString text = toolTipAt(event->scenePos());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->screenPos(), text, event->widget());
    event->accept();
}

} // namespace weft::views
