// SPDX-License-Identifier: MIT
#include "views/eventstructure/LaneLayout.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace weft::views {

static std::uint64_t cellKey(ThreadId t, std::uint32_t depth) { return (std::uint64_t{t} << 32) | depth; }

std::uint32_t LaneLayout::chooseSlot(const LaneEvent &event) {
    auto it = m_cells.find(cellKey(event.thread, event.depth));
    const Cell *cell = it == m_cells.end() ? nullptr : &it->second;
    auto isFree = [cell](std::uint32_t slot) { return !cell || slot >= cell->used.size() || !cell->used[slot]; };
    // The first thread successor continues its predecessor's column; a branch leaves it.
    std::uint32_t avoid = 0xffffffffu;
    if (event.threadPred != kNoEvent && event.threadPred < m_placements.size()) {
        Placement &pred = m_placements[event.threadPred];
        if (!pred.hasSuccessor && isFree(pred.slot)) {
            pred.hasSuccessor = true;
            return pred.slot;
        }
        avoid = pred.slot;
    }
    std::uint32_t slot = cell ? cell->firstFree : 0;
    while (slot == avoid || !isFree(slot))
        ++slot;
    return slot;
}

void LaneLayout::take(ThreadId t, std::uint32_t depth, std::uint32_t slot, EventId id) {
    Cell &cell = m_cells[cellKey(t, depth)];
    if (cell.used.size() <= slot) {
        cell.used.resize(slot + 1, false);
        cell.events.resize(slot + 1, kNoEvent);
    }
    cell.used[slot] = true;
    cell.events[slot] = id;
    // Slots are never given back, so the first free one only moves right (amortised O(1)).
    while (cell.firstFree < cell.used.size() && cell.used[cell.firstFree])
        ++cell.firstFree;
}

bool LaneLayout::add(const LaneEvent &event) {
    assert(event.id == m_placements.size() && "events come in id order");
    if (event.thread >= m_lanes.size())
        m_lanes.resize(event.thread + 1); // new lanes go to the right: nothing moves
    const std::uint32_t slot = chooseSlot(event);
    take(event.thread, event.depth, slot, event.id);
    m_placements.push_back({event.thread, event.depth, slot, false});
    m_maxDepth = std::max(m_maxDepth, event.depth);

    Lane &lane = m_lanes[event.thread];
    if (slot < lane.capacity) {
        relayoutLanes();
        return false;
    }
    lane.capacity = slot + 1;
    relayoutLanes();
    // A lane widens to the right: only the lanes after it move.
    return event.thread + 1 < m_lanes.size();
}

void LaneLayout::relayoutLanes() {
    double x = m_metrics.left;
    for (Lane &lane : m_lanes) {
        lane.x = x;
        x += lane.capacity * m_metrics.slotWidth + m_metrics.laneGap;
    }
}

QPointF LaneLayout::position(EventId id) const {
    const Placement &p = m_placements[id];
    const Lane &lane = m_lanes[p.thread];
    return {lane.x + (p.slot + 0.5) * m_metrics.slotWidth, m_metrics.top + p.depth * m_metrics.rowHeight};
}

EventId LaneLayout::eventAt(QPointF point, QSizeF node) const {
    for (ThreadId t = 0; t < m_lanes.size(); ++t) {
        const Lane &lane = m_lanes[t];
        const double offset = point.x() - lane.x;
        if (offset < 0 || offset >= lane.capacity * m_metrics.slotWidth)
            continue;
        const auto slot = static_cast<std::uint32_t>(offset / m_metrics.slotWidth);
        const double row = (point.y() - m_metrics.top) / m_metrics.rowHeight;
        if (row < -0.5)
            return kNoEvent;
        const auto depth = static_cast<std::uint32_t>(row + 0.5);
        const QPointF centre(lane.x + (slot + 0.5) * m_metrics.slotWidth, m_metrics.top + depth * m_metrics.rowHeight);
        if (std::abs(point.x() - centre.x()) > node.width() / 2 || std::abs(point.y() - centre.y()) > node.height() / 2)
            return kNoEvent;
        auto it = m_cells.find(cellKey(t, depth));
        if (it == m_cells.end() || slot >= it->second.events.size())
            return kNoEvent;
        return it->second.events[slot];
    }
    return kNoEvent;
}

QRectF LaneLayout::laneRect(ThreadId t) const {
    if (t >= m_lanes.size())
        return {};
    const Lane &lane = m_lanes[t];
    return {lane.x, m_metrics.top, lane.capacity * m_metrics.slotWidth, (m_maxDepth + 0.5) * m_metrics.rowHeight};
}

QRectF LaneLayout::bounds() const {
    QRectF r;
    for (ThreadId t = 0; t < m_lanes.size(); ++t)
        r = r.united(laneRect(t));
    return r;
}

} // namespace weft::views
