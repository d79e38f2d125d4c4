// SPDX-License-Identifier: MIT
// The end of a deadlock in the event structure: below each blocked thread's last event, a dashed red box
// for the request it waits on ("lock 'b'"), a red arrow from it to the thread it waits for (that
// thread's request box when it waits too: the wait-for cycle), and a dotted line to the event that holds
// what it wants (the other thread's lock). Reads positions from the LaneLayout when painting. GUI thread
// only.
#pragma once

#include "views/eventstructure/LaneLayout.hpp"

#include <QGraphicsItem>
#include <QString>

#include <vector>

namespace weft::views {

/// One blocked thread's request at the end of a deadlock.
struct BlockedRequest {
    ThreadId thread = kNoThread;
    EventId after = kNoEvent;      ///< its last event in the execution (where its lane ends)
    QString label;                 ///< "lock 'b'", "join T1"
    ThreadId waitsFor = kNoThread; ///< the thread that must act first (the holder, the joined thread)
    EventId heldBy = kNoEvent;     ///< the event that took what it waits for (a lock), if any
};

class DeadlockItem final : public QGraphicsItem {
public:
    /// `nodeSize`: the size of an event's node in scene units.
    DeadlockItem(const LaneLayout &layout, QSizeF nodeSize);

    /// Draws these requests (empty: nothing).
    void setRequests(std::vector<BlockedRequest> requests);
    const std::vector<BlockedRequest> &requests() const { return m_requests; }
    /// Where request `i` is drawn, in scene coordinates (empty when its last event is not laid out).
    QRectF requestRect(std::size_t i) const;
    /// Call after the layout grew or moved lanes.
    void layoutChanged();

    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    /// The box of the request of thread `t`, or an empty rectangle.
    QRectF requestOf(ThreadId t) const;

    const LaneLayout &m_layout;
    QSizeF m_nodeSize;
    std::vector<BlockedRequest> m_requests;
    QRectF m_bounds;
};

} // namespace weft::views
