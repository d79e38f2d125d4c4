// SPDX-License-Identifier: MIT
// Distributed exploration (--distributed under mpirun; README.md, "Distributed, as built"): every rank of an
// MPI job is one worker with its own executor and unfolding; work items, re-check rounds' events and the
// results travel as MPI messages, rank 0 coordinating the queue and gathering the result. Counts are those of
// one process. Built only when CMake found MPI (mpiAvailable()); this header never includes mpi.h.
#pragma once

#include "engine/base/Expected.hpp"
#include "engine/explorer/Explorer.hpp"

#include <memory>
#include <string>

namespace weft {

/// Whether this Weft was built with MPI.
bool mpiAvailable();
/// Whether this process was started by mpirun (Open MPI, or another launcher that sets PMI/PMIx variables).
bool launchedByMpirun();

/// This process as one rank of the MPI job: MPI_Init when made, MPI_Finalize when destroyed.
class MpiSession {
public:
    /// Fails (with a message) without MPI or when MPI cannot start.
    static Expected<std::unique_ptr<MpiSession>> start();
    ~MpiSession();
    MpiSession(const MpiSession &) = delete;
    MpiSession &operator=(const MpiSession &) = delete;

    int rank() const { return m_rank; }
    int size() const { return m_size; }
    /// Whether every rank holds the same `text` (rank 0's is the reference); collective.
    bool sameOnEveryRank(const std::string &text) const;
    /// Prints "weft: rank N: MESSAGE" on stderr and ends the whole job (MPI_Abort with `code`).
    [[noreturn]] void abort(const std::string &message, int code) const;

private:
    MpiSession(int rank, int size) : m_rank(rank), m_size(size) {}
    int m_rank = 0;
    int m_size = 1;
};

class DistributedExplorer {
public:
    /// `executor` is this rank's; `options.jobs` is ignored (one worker per rank).
    DistributedExplorer(Executor &executor, ExplorationOptions options, const MpiSession &session);
    ~DistributedExplorer();

    void setObserver(ExplorationObserver *observer) { m_explorer->setObserver(observer); }
    /// Explores with every rank (collective: every rank calls it). Rank 0 returns the whole job's result (counts
    /// summed, events the union of the ranks' canonical keys, defects merged as ParallelExplorer merges
    /// them); the other ranks return their own share. A failure inside a worker ends the job (abort()).
    ExplorationResult run(std::stop_token stop = {});

    /// How the work was split and what travelled (rank 0, after run()), for benchmarks.
    struct Figures {
        std::uint64_t items = 0;        ///< subtrees explored (the root included)
        std::uint64_t rankEvents = 0;   ///< Σ of the ranks' unfolding sizes (÷ events: the replication)
        std::uint64_t rechecks = 0;     ///< re-check rounds
        std::uint64_t messages = 0;     ///< point-to-point messages sent by all ranks
        std::uint64_t bytes = 0;        ///< their bytes, plus the bytes of the re-check rounds' exchanges
        std::uint64_t maxRankRss = 0;   ///< the largest peak resident size of one rank
    };
    const Figures &figures() const { return m_figures; }

private:
    const MpiSession &m_session;
    ExplorationOptions m_options;
    SharedThreadNames m_names;
    std::unique_ptr<Explorer> m_explorer;
    Figures m_figures;
};

} // namespace weft
