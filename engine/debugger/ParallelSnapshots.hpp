// SPDX-License-Identifier: MIT
// The snapshots of a live exploration with several jobs (engine/explorer/README.md, "Live views with several jobs").
// Each worker explores with its own unfolding; its feed (the worker's observer, on its thread) imports the worker's new
// events into one display unfolding by action and predecessors, so an event several workers created is one display
// event (hash-consing there does what their canonical keys do), and hands the worker's executions (trails in display
// ids, path codes) and defects to one SnapshotBuilder in merged mode. One mutex serialises the feeds.
#pragma once

#include "engine/debugger/ObservedExecutor.hpp"
#include "engine/debugger/SnapshotBuilder.hpp"
#include "engine/explorer/ExplorationObserver.hpp"
#include "engine/unfolding/Unfolding.hpp"

#include <deque>
#include <mutex>
#include <optional>

namespace weft::debugger {

class ParallelSnapshots {
public:
    ParallelSnapshots(std::uint64_t run, const program::Program &program, SnapshotBuilder::Publish publish,
                      SnapshotBuilder::Clock::duration interval, std::uint32_t round, unsigned skipStep);
    ~ParallelSnapshots();
    ParallelSnapshots(const ParallelSnapshots &) = delete;
    ParallelSnapshots &operator=(const ParallelSnapshots &) = delete;

    /// The observer of the next worker, which runs `executor` (call once per worker, in order).
    ExplorationObserver *addWorker(const ObservedExecutor &executor);
    /// Worker `index`'s unfolding, read by its feed on the worker's thread (before the run starts).
    void attach(unsigned index, const Unfolding &unfolding);

    /// Publishes the first (empty) snapshot.
    void start();
    /// After the run (the workers have returned): imports what the feeds have not, publishes the last snapshot.
    void finish(const ExplorationResult &result);
    /// The same for a run Weft itself failed.
    void fail(const std::string &what);

    /// The display event structure (tests compare it with one job's; read it once the run has returned).
    const Unfolding &display() const { return m_display; }

private:
    class Feed;
    /// Imports `feed`'s new events (m_mutex held).
    void import(Feed &feed);

    std::uint64_t m_run;
    const program::Program &m_program;
    SnapshotBuilder::Publish m_publish;
    SnapshotBuilder::Clock::duration m_interval;
    std::uint32_t m_round;
    std::mutex m_mutex;
    Unfolding m_display;
    std::optional<SnapshotBuilder> m_builder; ///< made with the first worker (its executor names objects at first)
    std::deque<Feed> m_feeds;
    unsigned m_holding = 0; ///< workers waiting at the pause
};

} // namespace weft::debugger
