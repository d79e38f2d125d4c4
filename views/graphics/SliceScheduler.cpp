// SPDX-License-Identifier: MIT
#include "views/graphics/SliceScheduler.hpp"

#include <algorithm>
#include <chrono>

namespace weft::views {

SliceScheduler::SliceScheduler(std::function<bool()> drawSlice, std::function<int()> batchInterval, QObject *parent,
                               Clock clock)
    : QObject(parent), m_drawSlice(std::move(drawSlice)), m_batchInterval(std::move(batchInterval)),
      m_clock(std::move(clock)) {
    if (!m_clock)
        m_clock = [] {
            using namespace std::chrono;
            return qint64(duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count());
        };
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &SliceScheduler::runSlice);
}

void SliceScheduler::schedule() {
    if (m_timer.isActive())
        return;
    int delay = 0;
    if (!m_catchingUp && m_batchStart >= 0)
        delay = std::max(0, m_batchInterval() - int(m_clock() - m_batchStart));
    m_timer.start(delay);
}

void SliceScheduler::reset() {
    m_timer.stop();
    m_catchingUp = false;
    m_batchStart = -1;
}

bool SliceScheduler::isSliceOver(std::size_t done) const {
    return done % kCheckEvery == kCheckEvery - 1 && m_clock() - m_sliceStart >= kSliceMilliseconds;
}

void SliceScheduler::runSlice() {
    if (!m_catchingUp) {
        m_catchingUp = true;
        m_batchStart = m_clock();
    }
    m_sliceStart = m_clock();
    if (m_drawSlice())
        m_catchingUp = false;
    else
        schedule(); // at once: catching up
}

} // namespace weft::views
