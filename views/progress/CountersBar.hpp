// SPDX-License-Identifier: MIT
// Live counters of an exploration for the status bar: state, executions, maximal configurations,
// SSBs, events, defects and elapsed time, plus a busy indicator while it runs. GUI thread only.
#pragma once

#include "engine/results/ExplorationSnapshot.hpp"

#include <QWidget>

#include <array>
#include <memory>

class QLabel;
class QProgressBar;

namespace weft::views {

class CountersBar final : public QWidget {
    Q_OBJECT
public:
    enum Counter { Executions, Maximal, SleepBlocked, Events, Defects, Elapsed, CounterCount };

    explicit CountersBar(QWidget *parent = nullptr);

    void setSnapshot(const std::shared_ptr<const ExplorationSnapshot> &snapshot);
    /// No exploration yet (or a new program): dashes.
    void clear();
    /// The number shown for a counter (Elapsed: seconds with one decimal).
    QString value(Counter counter) const;
    QString stateText() const;

    /// "Finished", "Cancelled", ... in the UI language.
    static QString stopText(StopReason reason);

private:
    void setValue(Counter counter, const QString &text);

    QLabel *m_state;
    QProgressBar *m_busy;
    std::array<QLabel *, CounterCount> m_values{};
};

} // namespace weft::views
