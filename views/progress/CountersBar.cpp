// SPDX-License-Identifier: MIT
#include "views/progress/CountersBar.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>

namespace weft::views {

CountersBar::CountersBar(QWidget *parent) : QWidget(parent) {
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->setSpacing(6);
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("state"));
    m_state->setMinimumWidth(90);
    layout->addWidget(m_state);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(70);
    m_busy->setMaximumHeight(14);
    m_busy->setTextVisible(false);
    m_busy->hide();
    layout->addWidget(m_busy);
    const QString names[CounterCount] = {tr("Executions:"), tr("Maximal:"), tr("SSB:"),
                                         tr("Events:"),     tr("Defects:"), tr("Elapsed:")};
    const QString tips[CounterCount] = {
        tr("Executions of the program run so far"),
        tr("Maximal configurations: executions that are not redundant"),
        tr("Sleep-set blocked executions: redundant runs the exploration had to abandon"),
        tr("Events in the event structure"),
        tr("Distinct defects found (kind and message)"),
        tr("Time spent exploring, pauses excluded")};
    const char *ids[CounterCount] = {"executions", "maximal", "ssb", "events", "defects", "elapsed"};
    for (int c = 0; c < CounterCount; ++c) {
        auto *name = new QLabel(names[c], this);
        name->setToolTip(tips[c]);
        m_values[c] = new QLabel(this);
        m_values[c]->setObjectName(QString::fromLatin1(ids[c]));
        m_values[c]->setToolTip(tips[c]);
        m_values[c]->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000000")));
        QFont bold = m_values[c]->font();
        bold.setBold(true);
        m_values[c]->setFont(bold);
        layout->addWidget(name);
        layout->addWidget(m_values[c]);
    }
    clear();
}

void CountersBar::setValue(Counter counter, const QString &text) { m_values[counter]->setText(text); }

QString CountersBar::value(Counter counter) const { return m_values[counter]->text(); }

QString CountersBar::stateText() const { return m_state->text(); }

void CountersBar::clear() {
    for (int c = 0; c < CounterCount; ++c)
        setValue(Counter(c), QStringLiteral("–"));
    m_state->setText(tr("Ready"));
    m_busy->hide();
}

QString CountersBar::stopText(StopReason reason) {
    switch (reason) {
    case StopReason::Completed: return tr("Finished");
    case StopReason::Cancelled: return tr("Cancelled");
    case StopReason::Timeout: return tr("Timed out");
    case StopReason::ExecutionLimit: return tr("Execution limit reached");
    case StopReason::EventLimit: return tr("Event limit reached");
    case StopReason::FirstDefect: return tr("Stopped at the first defect");
    case StopReason::Nondeterminism: return tr("Stopped: non-deterministic program");
    case StopReason::MemoryLimit: return tr("Memory limit reached");
    case StopReason::InternalError: return tr("Stopped: internal error");
    }
    return {};
}

void CountersBar::setSnapshot(const std::shared_ptr<const ExplorationSnapshot> &snapshot) {
    if (!snapshot)
        return;
    const Statistics &s = snapshot->statistics;
    setValue(Executions, QString::number(s.executions));
    setValue(Maximal, QString::number(s.maximalConfigurations));
    setValue(SleepBlocked, QString::number(s.sleepSetBlocked));
    setValue(Events, QString::number(s.events));
    setValue(Defects, QString::number(s.defects));
    setValue(Elapsed, tr("%1 s").arg(s.wallSeconds, 0, 'f', 1));
    // Only when it changes: setting a style sheet re-polishes the label, and snapshots come 20 times a second.
    const QString defectsStyle = s.defects ? QStringLiteral("color: #c01e1e") : QString();
    if (m_values[Defects]->styleSheet() != defectsStyle)
        m_values[Defects]->setStyleSheet(defectsStyle);
    switch (snapshot->phase) {
    case ExplorationPhase::Running:
        m_state->setText(tr("Exploring…"));
        m_busy->show();
        break;
    case ExplorationPhase::Paused:
        m_state->setText(tr("Paused"));
        m_busy->hide();
        break;
    case ExplorationPhase::Finished:
        m_state->setText(stopText(snapshot->stopReason));
        m_busy->hide();
        break;
    }
}

} // namespace weft::views
