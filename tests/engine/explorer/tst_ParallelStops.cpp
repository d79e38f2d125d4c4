// SPDX-License-Identifier: MIT
// Parallel exploration stopped before its end (engine/explorer/README.md, "Bounds, cancellation"): a
// cancelled run keeps what its workers found, as a one-job run does; more workers than work change nothing.
#include "engine/explorer/ParallelExplorer.hpp"
#include "tests/model/ModelExploration.hpp"
#include "tests/model/Programs.hpp"

#include <QtTest>
#include <atomic>
#include <stop_token>

using namespace weft;
using namespace weft::model;

namespace {

/// Requests a stop once `after` executions have finished over all workers, or at the first defect.
class Canceller final : public ExplorationObserver {
public:
    Canceller(std::stop_source &stop, std::uint64_t after, bool atFirstDefect)
        : m_stop(stop), m_after(after), m_atFirstDefect(atFirstDefect) {}
    void onExecution(const ExecutionSummary &) override {
        if (m_seen.fetch_add(1) + 1 >= m_after)
            m_stop.request_stop();
    }
    void onDefect(const Defect &, std::uint64_t) override {
        if (m_atFirstDefect)
            m_stop.request_stop();
    }

private:
    std::stop_source &m_stop;
    const std::uint64_t m_after;
    const bool m_atFirstDefect;
    std::atomic<std::uint64_t> m_seen{0};
};

struct Worker {
    std::unique_ptr<ModelProgram> program;
    std::unique_ptr<ModelMachine> machine;
    std::unique_ptr<ScheduledExecutor> executor;
};

/// Explores `make`'s program with `jobs` workers, every worker reporting to `observer`.
ExplorationResult exploreObserved(const std::function<std::unique_ptr<ModelProgram>()> &make, unsigned jobs,
                                  ExplorationObserver &observer, std::stop_token stop) {
    std::vector<Worker> workers;
    ExplorationOptions options;
    options.jobs = jobs;
    options.splitDepth = 1; // items from the first execution on: both workers busy early
    ParallelExplorer explorer(
        [&](unsigned) {
            Worker w{make(), nullptr, nullptr};
            w.machine = std::make_unique<ModelMachine>(*w.program);
            w.executor = std::make_unique<ScheduledExecutor>(*w.machine);
            workers.push_back(std::move(w));
            return ParallelExplorer::Worker{workers.back().executor.get(), &observer};
        },
        options);
    return explorer.run(stop);
}

} // namespace

class tst_ParallelStops : public QObject {
    Q_OBJECT
private slots:
    void cancelKeepsTheCounts();
    void cancelKeepsTheDefects();
    void moreJobsThanWork();
};

void tst_ParallelStops::cancelKeepsTheCounts() {
    // DISP(5,3): 1482 maximal configurations; cancelled after 100 executions.
    std::stop_source stop;
    Canceller cancel(stop, 100, false);
    const ExplorationResult r = exploreObserved([] { return makeDispatcher(5, 3); }, 2, cancel, stop.get_token());
    QCOMPARE(r.stopReason, StopReason::Cancelled);
    QVERIFY(!r.isComplete());
    const Statistics &s = r.statistics;
    // Each worker finishes the execution it is in: 100 or a few more, every one counted.
    QVERIFY2(s.executions >= 100 && s.executions < 1482, qPrintable(QString::number(s.executions)));
    QCOMPARE(s.maximalConfigurations + s.sleepSetBlocked + s.assumeBlocked, s.executions);
    QCOMPARE(s.sleepSetBlocked, 0u);
    QVERIFY(s.events > 0 && s.events < 17594);
}

void tst_ParallelStops::cancelKeepsTheDefects() {
    // The broken mutual exclusion fails in some executions: cancelled at the first failure seen, the
    // run still reports it (with the schedule that replays it).
    std::stop_source stop;
    Canceller cancel(stop, ~std::uint64_t{0}, true);
    const ExplorationResult r =
        exploreObserved([] { return makeBrokenMutualExclusion(2); }, 2, cancel, stop.get_token());
    QCOMPARE(r.stopReason, StopReason::Cancelled);
    QVERIFY(!r.defects.empty());
    QCOMPARE(r.statistics.defects, std::uint64_t(r.defects.size()));
    QVERIFY(!r.defects.front().schedule.replay.empty());
    const ExplorationResult whole = exploreModel(*makeBrokenMutualExclusion(2), ExplorationOptions{});
    QVERIFY(r.statistics.executions < whole.statistics.executions);
}

void tst_ParallelStops::moreJobsThanWork() {
    // thread-creates(3): one maximal configuration, 14 events; 8 workers, 7 of which never get an item.
    ExplorationOptions options;
    options.jobs = 8;
    ParallelExplorer::Figures figures;
    const ExplorationResult r = exploreModelInParallel([] { return makeThreadCreates(3); }, options, &figures);
    QCOMPARE(r.stopReason, StopReason::Completed);
    QCOMPARE(r.statistics.maximalConfigurations, 1u);
    QCOMPARE(r.statistics.executions, 1u);
    QCOMPARE(r.statistics.events, 14u);
    QCOMPARE(figures.items, 1u);
    QCOMPARE(r.statistics.lateClues, 0u);
}

QTEST_APPLESS_MAIN(tst_ParallelStops)
#include "tst_ParallelStops.moc"
