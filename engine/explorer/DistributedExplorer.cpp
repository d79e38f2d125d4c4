// SPDX-License-Identifier: MIT
#include "engine/explorer/DistributedExplorer.hpp"

#include "engine/action/ThreadNameAuthority.hpp"
#include "engine/explorer/MpiWait.hpp"
#include "engine/explorer/MpiWorkQueue.hpp"
#include "engine/explorer/ParallelExplorer.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>

namespace weft {

bool mpiAvailable() { return true; }

bool launchedByMpirun() {
    for (const char *name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
        if (std::getenv(name))
            return true;
    return false;
}

Expected<std::unique_ptr<MpiSession>> MpiSession::start() {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return Unexpected(Diagnostic::error("--distributed: MPI could not start"));
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return std::unique_ptr<MpiSession>(new MpiSession(rank, size));
}

MpiSession::~MpiSession() { MPI_Finalize(); }

bool MpiSession::sameOnEveryRank(const std::string &text) const {
    auto length = static_cast<unsigned long long>(text.size());
    // Non-blocking, so that a rank done compiling sleeps while the others still compile.
    MPI_Request request;
    MPI_Ibcast(&length, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD, &request);
    awaitRequest(request);
    std::string reference = text;
    reference.resize(static_cast<std::size_t>(length));
    MPI_Ibcast(reference.data(), static_cast<int>(length), MPI_CHAR, 0, MPI_COMM_WORLD, &request);
    awaitRequest(request);
    int same = reference == text ? 1 : 0, all = 0;
    MPI_Iallreduce(&same, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD, &request);
    awaitRequest(request);
    return all != 0;
}

void MpiSession::abort(const std::string &message, int code) const {
    std::fprintf(stderr, "weft: rank %d: %s\n", m_rank, message.c_str());
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, code);
    std::_Exit(code); // MPI_Abort does not return; this keeps [[noreturn]] honest
}

DistributedExplorer::DistributedExplorer(Executor &executor, ExplorationOptions options, const MpiSession &session)
    : m_session(session), m_options(options) {
    m_options.jobs = 1;
    executor.naming().shareWith(&m_names);
    m_explorer = std::make_unique<Explorer>(executor, m_options);
}

DistributedExplorer::~DistributedExplorer() { setThreadNameAuthority({}); }

ExplorationResult DistributedExplorer::run(std::stop_token stop) {
    using Clock = std::chrono::steady_clock;
    const auto startWall = Clock::now();
    ExplorationResult own;
    for (const Diagnostic &d : m_options.validate())
        own.diagnostics.push_back(d);
    if (!own.diagnostics.empty()) {
        own.stopReason = StopReason::Cancelled;
        return own;
    }
    MpiWorkQueue queue(m_session, m_options.maxExecutions);
    setThreadNameAuthority(
        [&queue](ThreadId parent, std::uint32_t ordinal) { return queue.threadTable(parent, ordinal); });
    {
        const std::stop_callback forward(stop, [&queue] { queue.stop(StopReason::Cancelled); });
        try {
            if (std::getenv("WEFT_TEST_FAIL_RANK") && std::atoi(std::getenv("WEFT_TEST_FAIL_RANK")) == m_session.rank())
                throw std::runtime_error("failure injected by WEFT_TEST_FAIL_RANK");
            own = m_explorer->runWorker(queue, queue.stopToken());
        } catch (const std::exception &e) {
            m_session.abort(std::string("internal error: ") + e.what(), 3);
        }
    }
    setThreadNameAuthority({});
    own.statistics.peakRssBytes = peakResidentBytes();
    std::vector<WorkerShare> shares =
        queue.gather({std::move(own), eventKeys(m_explorer->unfolding()), m_explorer->leafLog()});
    if (m_session.rank() != 0)
        return {};

    // Rank 0: the job's result, merged as ParallelExplorer merges its workers'.
    m_figures = {};
    for (const WorkerShare &share : shares) {
        m_figures.maxRankRss = std::max(m_figures.maxRankRss, share.result.statistics.peakRssBytes);
        m_figures.rankEvents += share.keys.size();
    }
    ExplorationResult result = mergeShares(std::move(shares), m_options.maxDefectsKept);
    Statistics &stats = result.statistics;
    result.stopReason = queue.stopReason();
    m_figures.items = queue.itemsTaken();
    m_figures.rechecks = queue.rechecks();
    m_figures.messages = queue.messagesSent();
    m_figures.bytes = queue.bytesSent();
    stats.wallSeconds = std::chrono::duration<double>(Clock::now() - startWall).count();
    stats.peakRssBytes = m_figures.maxRankRss;
    return result;
}

} // namespace weft
