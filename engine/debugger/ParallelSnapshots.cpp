// SPDX-License-Identifier: MIT
#include "engine/debugger/ParallelSnapshots.hpp"

#include "engine/unfolding/MappedEvent.hpp"

#include <stdexcept>

namespace weft::debugger {

/// One worker's observer: its defects wait for the execution that showed them, so that both are numbered
/// together even when another worker reports in between.
class ParallelSnapshots::Feed final : public ExplorationObserver {
public:
    Feed(ParallelSnapshots &owner, const ObservedExecutor &executor) : m_owner(owner), m_executor(executor) {}

    void onDefect(const Defect &defect, std::uint64_t) override { m_defects.push_back(defect); }
    void onExecution(const ExecutionSummary &summary) override {
        const std::lock_guard lock(m_owner.m_mutex);
        m_owner.import(*this);
        SnapshotBuilder &builder = *m_owner.m_builder;
        for (const Defect &d : m_defects)
            builder.addDefect(m_executor, d, builder.executions() + 1);
        m_defects.clear();
        m_trail.clear();
        for (EventId e : summary.trail)
            m_trail.push_back(toDisplay[e]);
        ExecutionSummary display = summary;
        display.trail = m_trail;
        builder.addExecution(m_executor, display);
    }
    void onPaused() override {
        const std::lock_guard lock(m_owner.m_mutex);
        if (m_owner.m_holding++ == 0)
            m_owner.m_builder->onPaused();
        else
            m_owner.m_builder->publishNow(); // with what the others ran before they stopped
    }
    void onResumed() override {
        const std::lock_guard lock(m_owner.m_mutex);
        if (--m_owner.m_holding == 0)
            m_owner.m_builder->onResumed();
    }

    const Unfolding *unfolding = nullptr;
    std::vector<EventId> toDisplay; ///< by the worker's event id

private:
    ParallelSnapshots &m_owner;
    const ObservedExecutor &m_executor;
    std::vector<Defect> m_defects;
    std::vector<EventId> m_trail;
};

ParallelSnapshots::ParallelSnapshots(std::uint64_t run, const program::Program &program,
                                     SnapshotBuilder::Publish publish, SnapshotBuilder::Clock::duration interval,
                                     std::uint32_t round, unsigned skipStep)
    : m_run(run), m_program(program), m_publish(std::move(publish)), m_interval(interval), m_round(round),
      m_display(skipStep) {}

ParallelSnapshots::~ParallelSnapshots() = default;

ExplorationObserver *ParallelSnapshots::addWorker(const ObservedExecutor &executor) {
    if (!m_builder)
        m_builder.emplace(m_run, m_display, executor, m_program, m_publish, m_interval, m_round,
                          SnapshotBuilder::Mode::Merged);
    return &m_feeds.emplace_back(*this, executor);
}

void ParallelSnapshots::attach(unsigned index, const Unfolding &unfolding) { m_feeds[index].unfolding = &unfolding; }

void ParallelSnapshots::import(Feed &feed) {
    // The worker's ids are causally ordered: predecessors are mapped before the events that follow them.
    const Unfolding &u = *feed.unfolding;
    auto display = [&](EventId e) { return e == kNoEvent ? kNoEvent : feed.toDisplay[e]; };
    std::vector<EventId> extras;
    for (auto e = static_cast<EventId>(feed.toDisplay.size()); e < u.size(); ++e) {
        const Event &ev = u.event(e);
        extras.clear();
        for (EventId x : u.extraPredecessors(e))
            extras.push_back(display(x));
        feed.toDisplay.push_back(
            obtainMapped(m_display, ev.action, display(ev.threadPred), display(ev.otherPred), extras));
    }
}

void ParallelSnapshots::start() {
    const std::lock_guard lock(m_mutex);
    m_builder->start();
}

void ParallelSnapshots::finish(const ExplorationResult &result) {
    const std::lock_guard lock(m_mutex);
    for (Feed &feed : m_feeds)
        import(feed); // events a worker made after its last execution (its last round's imports)
    m_builder->finish(result);
}

void ParallelSnapshots::fail(const std::string &what) {
    const std::lock_guard lock(m_mutex);
    if (!m_builder) // no worker was made: nothing gathered (LiveExploration publishes the failure alone)
        throw std::runtime_error(what);
    m_builder->fail(what);
}

} // namespace weft::debugger
