// SPDX-License-Identifier: MIT
// Where each event of the event structure goes: one vertical lane per thread, rows by causality depth.
// Events of one thread at the same depth (conflicting branches) take side-by-side slots; a thread's
// first successor keeps its predecessor's slot, a branch moves to a free one. Pure geometry, grows
// incrementally: placed events keep their lane and slot; a lane only widens, moving the lanes to its
// right (positions are computed on demand, so a move costs nothing). Single-threaded.
#pragma once

#include "engine/base/Ids.hpp"

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace weft::views {

struct LaneMetrics {
    double left = 0;       ///< x of the first lane
    double top = 0;        ///< y of depth 0
    double slotWidth = 100;
    double laneGap = 30;   ///< between two lanes
    double rowHeight = 50;
};

/// What the layout needs of an event. Events are added in id order (0, 1, 2, ...).
struct LaneEvent {
    EventId id = kNoEvent;
    ThreadId thread = kNoThread;
    EventId threadPred = kNoEvent;
    std::uint32_t depth = 0;
};

class LaneLayout {
public:
    explicit LaneLayout(LaneMetrics metrics = {}) : m_metrics(metrics) {}

    /// Places the next event. True when a lane had to widen and lanes to its right moved.
    bool add(const LaneEvent &event);

    std::size_t size() const { return m_placements.size(); }
    /// Centre of the event's node.
    QPointF position(EventId id) const;
    std::uint32_t slot(EventId id) const { return m_placements[id].slot; }
    /// The event whose node (of size `node`, centred on its position) contains `point`, or kNoEvent.
    EventId eventAt(QPointF point, QSizeF node) const;

    std::size_t laneCount() const { return m_lanes.size(); }
    /// The lane of thread t: from its left edge, slots() wide, from depth 0 to the deepest event.
    QRectF laneRect(ThreadId t) const;
    std::uint32_t laneSlots(ThreadId t) const { return t < m_lanes.size() ? m_lanes[t].capacity : 0; }
    std::uint32_t maxDepth() const { return m_maxDepth; }
    /// Every lane.
    QRectF bounds() const;
    const LaneMetrics &metrics() const { return m_metrics; }

private:
    struct Placement {
        ThreadId thread = kNoThread;
        std::uint32_t depth = 0;
        std::uint32_t slot = 0;
        bool hasSuccessor = false; ///< a thread successor already inherited this slot
    };
    struct Lane {
        std::uint32_t capacity = 1; ///< slots in use
        double x = 0;
    };
    struct Cell {
        std::vector<bool> used;
        std::vector<EventId> events; ///< by slot
        std::uint32_t firstFree = 0;
    };
    std::uint32_t chooseSlot(const LaneEvent &event);
    void take(ThreadId t, std::uint32_t depth, std::uint32_t slot, EventId id);
    void relayoutLanes();

    LaneMetrics m_metrics;
    std::vector<Placement> m_placements;
    std::vector<Lane> m_lanes;
    /// (thread, depth) -> which slots are in use.
    std::unordered_map<std::uint64_t, Cell> m_cells;
    std::uint32_t m_maxDepth = 0;
};

} // namespace weft::views
