// SPDX-License-Identifier: MIT
// The event structure explored so far as a scene: one lane per thread (LaneLayout), the events as one
// EventNodesItem, thread-order and cross-thread causality arrows and dashed immediate conflicts as
// EventEdgesItems. Each snapshot only appends what is new, at most 5 times a second and in time-boxed
// slices of the event loop (SliceScheduler); items read positions from the layout when painting, so a lane that widens
// moves nothing by hand. Clicks and tooltips find the event under the mouse through the layout.
// GUI thread only.
#pragma once

#include "engine/results/ExplorationSnapshot.hpp"
#include "views/eventstructure/DeadlockItem.hpp"
#include "views/eventstructure/EventEdgesItem.hpp"
#include "views/eventstructure/EventNodesItem.hpp"
#include "views/eventstructure/LaneLayout.hpp"

#include <QGraphicsScene>

#include <memory>

namespace weft::views {

class CurrentEventItem;
class LaneBackgroundItem;
class SliceScheduler;

class EventStructureScene final : public QGraphicsScene {
    Q_OBJECT
public:
    using EdgeKind = EventEdgesItem::Kind;
    /// At most this many events, and about SliceScheduler::kSliceMilliseconds of work, per slice.
    static constexpr std::size_t kSlice = 20000;
    /// New snapshots are taken in at most this often, less often for large structures (each batch
    /// repaints the scene).
    static constexpr int kBatchIntervalMilliseconds = 200;

    explicit EventStructureScene(QObject *parent = nullptr);

    /// Shows `snapshot`: adds the events and conflicts new since the previous one (another run
    /// starts over).
    void setSnapshot(std::shared_ptr<const ExplorationSnapshot> snapshot);
    /// Removes everything.
    void clearStructure();
    /// Emphasises these events (a configuration) and fades the others; empty: no emphasis.
    void setHighlighted(const std::vector<EventId> &events);
    /// Marks the debugger's current step: the event the replay performs next, ringed in its thread's
    /// colour (kNoEvent: none). Not drawn while the event is not drawn yet or its thread is filtered out.
    void setCurrentEvent(EventId id);
    EventId currentEvent() const { return m_currentEvent; }
    /// The marker of the current event (what is drawn, in which colour).
    const CurrentEventItem &currentEventMarker() const { return *m_current; }
    /// Draws the end of a deadlock: each blocked thread's request and whom it waits for (empty: none).
    void setBlockedRequests(std::vector<BlockedRequest> requests);
    const DeadlockItem &deadlock() const { return *m_deadlock; }
    /// The node of `id` in scene coordinates (empty if it is not drawn).
    QRectF nodeRect(EventId id) const;

    std::size_t drawnEvents() const { return m_nodes->count(); }
    std::size_t drawnConflicts() const { return m_edges[std::size_t(EdgeKind::Conflict)]->count(); }
    /// Every event and conflict of the latest snapshot is drawn.
    bool isUpToDate() const;
    const LaneLayout &layout() const { return m_layout; }
    /// The snapshot drawn (null before the first).
    const std::shared_ptr<const ExplorationSnapshot> &snapshot() const { return m_snapshot; }
    std::size_t lineCount(EdgeKind kind) const { return m_edges[std::size_t(kind)]->count(); }
    const EventEdgesItem &edges(EdgeKind kind) const { return *m_edges[std::size_t(kind)]; }
    EventNodesItem::Emphasis emphasis(EventId id) const { return m_nodes->emphasis(id); }
    /// Event `id`'s label as drawn when zoomed in.
    const EventLabel &label(EventId id) const { return m_nodes->labelOf(id); }
    /// Filter by thread: the events of `hidden` threads (and their edges) are not drawn nor clickable.
    void setHiddenThreads(std::vector<ThreadId> hidden);
    const std::vector<ThreadId> &hiddenThreads() const { return m_hiddenThreads; }
    bool isHidden(EventId id) const { return m_nodes->isHidden(id); }
    /// The threads that have events in the latest snapshot, ascending.
    std::vector<ThreadId> threads() const;
    /// The drawn (and not filtered out) event under `scenePos`, or kNoEvent.
    EventId eventAt(QPointF scenePos) const;
    /// What hovering `scenePos` shows ("" off the events).
    QString toolTipAt(QPointF scenePos) const;

Q_SIGNALS:
    /// The user clicked an event.
    void eventActivated(weft::EventId id);
    /// Everything of the latest snapshot is drawn.
    void upToDate();
    /// The user asked for an event's context menu (right click) at `screenPos`.
    void eventContextMenuRequested(weft::EventId id, QPoint screenPos);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void helpEvent(QGraphicsSceneHelpEvent *event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent *event) override;

private:
    bool drawSlice();
    void layoutChanged();
    void showCurrentEvent();

    std::shared_ptr<const ExplorationSnapshot> m_snapshot;
    LaneLayout m_layout;
    LaneBackgroundItem *m_lanes;
    EventNodesItem *m_nodes;
    std::vector<bool> m_members; ///< the highlighted execution's events (the edges read it)
    EventEdgesItem *m_edges[3];
    CurrentEventItem *m_current;
    DeadlockItem *m_deadlock;
    EventId m_currentEvent = kNoEvent;
    SliceScheduler *m_scheduler;
    std::vector<ThreadId> m_hiddenThreads;
    std::vector<bool> m_hidden; ///< per drawn event: its thread is filtered out
};

} // namespace weft::views
