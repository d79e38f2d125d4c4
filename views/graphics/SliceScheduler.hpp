// SPDX-License-Identifier: MIT
// When a scene draws the snapshots it is given: a batch of new work starts at most every batch
// interval (longer for larger scenes, whose every batch costs a repaint), and a batch is drawn in
// time-boxed slices of the event loop, back to back until it is done (catching up), so input and
// painting run in between. Shared by the event structure and the exploration tree. GUI thread only.
#pragma once

#include <QObject>
#include <QTimer>

#include <cstddef>
#include <functional>

namespace weft::views {

class SliceScheduler final : public QObject {
    Q_OBJECT
public:
    /// About this much work per slice (checked every kCheckEvery items).
    static constexpr int kSliceMilliseconds = 12;
    static constexpr std::size_t kCheckEvery = 256;

    /// Milliseconds on a monotonic clock (tests give their own, to step time deterministically).
    using Clock = std::function<qint64()>;

    /// `drawSlice` draws one slice and returns true once everything is drawn; `batchInterval` says how
    /// long (ms) to wait after a batch started before starting the next one. `clock`: null for the
    /// steady clock.
    SliceScheduler(std::function<bool()> drawSlice, std::function<int()> batchInterval, QObject *parent = nullptr,
                   Clock clock = {});

    /// There is new work: draws it in the next batch.
    void schedule();
    /// Forgets the pending slice and the batch clock (a new run starts over at once).
    void reset();
    /// Inside drawSlice: whether the slice should stop after `done` items.
    bool isSliceOver(std::size_t done) const;
    /// A batch is being drawn in slices.
    bool isCatchingUp() const { return m_catchingUp; }
    bool isScheduled() const { return m_timer.isActive(); }
    /// How long (ms) the scheduled slice waits from when it was scheduled (meaningful while isScheduled()).
    int scheduledDelay() const { return m_timer.interval(); }

private:
    void runSlice();

    std::function<bool()> m_drawSlice;
    std::function<int()> m_batchInterval;
    Clock m_clock;
    QTimer m_timer;
    bool m_catchingUp = false;
    qint64 m_batchStart = -1; ///< when the current (or last) batch started; -1: none yet
    qint64 m_sliceStart = 0;  ///< when the current slice started
};

} // namespace weft::views
