// SPDX-License-Identifier: MIT
#include "views/graphics/SliceScheduler.hpp"

#include <algorithm>

namespace weft::views {

SliceScheduler::SliceScheduler(std::function<bool()> drawSlice, std::function<int()> batchInterval, QObject *parent)
    : QObject(parent), m_drawSlice(std::move(drawSlice)), m_batchInterval(std::move(batchInterval)) {
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &SliceScheduler::runSlice);
}

void SliceScheduler::schedule() {
    if (m_timer.isActive())
        return;
    int delay = 0;
    if (!m_catchingUp && m_sinceBatch.isValid())
        delay = std::max(0, m_batchInterval() - int(m_sinceBatch.elapsed()));
    m_timer.start(delay);
}

void SliceScheduler::reset() {
    m_timer.stop();
    m_catchingUp = false;
    m_sinceBatch.invalidate();
}

bool SliceScheduler::isSliceOver(std::size_t done) const {
    return done % kCheckEvery == kCheckEvery - 1 && m_slice.elapsed() >= kSliceMilliseconds;
}

void SliceScheduler::runSlice() {
    if (!m_catchingUp) {
        m_catchingUp = true;
        m_sinceBatch.start();
    }
    m_slice.start();
    if (m_drawSlice())
        m_catchingUp = false;
    else
        schedule(); // at once: catching up
}

} // namespace weft::views
