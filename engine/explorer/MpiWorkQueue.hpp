// SPDX-License-Identifier: MIT
// The work queue of a distributed exploration (README.md, "Distributed, as built"): rank 0 keeps the queue of
// items and sees which ranks are idle (termination, re-check rounds); the other ranks push and take items by
// messages. Every MPI call is made from the rank's one worker thread, between two executions (polling).
#pragma once

#include "engine/action/ThreadNameAuthority.hpp"
#include "engine/explorer/ParallelExplorer.hpp"
#include "engine/explorer/WireFormat.hpp"
#include "engine/explorer/WorkQueue.hpp"

#include <atomic>
#include <deque>
#include <functional>
#include <mutex>

namespace weft {

class MpiSession;

class MpiWorkQueue final : public WorkQueue {
public:
    /// Collective: every rank makes one. `maxExecutions` 0: no bound.
    MpiWorkQueue(const MpiSession &session, std::uint64_t maxExecutions);

    Task take(WorkItem &item) override;
    void push(WorkItem item) override;
    bool wantsWork() override;
    std::optional<std::uint64_t> ticket() override;
    /// Callable from any thread; the ranks hear of it at this rank's next poll.
    void stop(StopReason reason) override;
    std::stop_token stopToken() const override { return m_stop.get_token(); }
    void countParked(int delta) override { m_parked += delta; }
    const std::vector<Explorer *> &workers() const override { return m_noWorkers; }
    void barrier() override {}
    std::vector<SharedEvent> exchange(std::vector<SharedEvent> created) override;
    std::vector<std::uint64_t> exchangeWatches(const std::vector<std::uint64_t> &fresh) override;
    std::vector<std::vector<std::uint32_t>> exchangeLateCodes(const std::vector<std::uint32_t> *mine) override;
    void roundUnsettled() override { m_unsettledHere = true; }
    /// Collective: rank 0 learns whether some rank's round was unsettled (another round follows then).
    void endRound() override;

    /// The job's thread table (rank 0 keeps it; the others ask it by message).
    ThreadTable threadTable(ThreadId parent, std::uint32_t ordinal);

    /// After the worker returned `share` (collective): rank 0 gets every rank's share (result, event keys, path
    /// codes), with its own first; the others send theirs and get nothing. The queue is unusable afterwards.
    std::vector<WorkerShare> gather(WorkerShare share);

    StopReason stopReason() const;
    std::uint64_t itemsTaken() const { return m_taken; }
    std::uint64_t rechecks() const { return m_rechecks; }
    std::uint64_t messagesSent() const { return m_messages; }
    std::uint64_t bytesSent() const { return m_bytes; }

private:
    struct Message {
        int source = 0;
        int tag = 0;
        std::vector<std::uint8_t> bytes;
    };
    void send(int rank, int tag, const std::vector<std::uint8_t> &bytes);
    /// The next message, if one waits (wait: poll until one arrives, sleeping a little between polls).
    std::optional<Message> receive(bool wait);
    /// Handles every waiting message (rank 0: requests; others: hunger, stop); sends a pending stop.
    void poll();
    /// Rank 0: hands queued items to waiting ranks, starts a re-check round or ends the exploration when
    /// every rank waits; rank 0's own answer, when it waits too, goes to m_own.
    void dispatch();
    void handle(Message &m);
    void setHunger();
    /// A reply to a request this rank sent to rank 0 (other messages meanwhile are handled).
    std::vector<std::uint8_t> request(int tag, const std::vector<std::uint8_t> &bytes, int replyTag);

    const MpiSession &m_session;
    const int m_rank;
    const int m_ranks;
    const std::uint64_t m_maxExecutions;
    std::stop_source m_stop;
    mutable std::mutex m_reasonMutex;
    std::optional<StopReason> m_reason; // the first stop reason this rank heard of (rank 0: the job's)
    std::atomic<bool> m_stopToSend = false;
    bool m_stopSent = false;
    std::int64_t m_parked = 0;
    bool m_hungry = false;
    std::vector<Explorer *> m_noWorkers;
    std::uint64_t m_localExecutions = 0;
    std::uint64_t m_taken = 0, m_rechecks = 0, m_messages = 0, m_bytes = 0;
    std::optional<Message> m_pendingReply;
    int m_replyTag = -1;
    std::deque<Message> m_inbox; // messages kept for take() while a request waited for its reply

    // Rank 0 only: the coordinator.
    std::deque<WorkItem> m_items;
    std::vector<bool> m_waiting;           // per rank: in take(), waiting for an answer
    std::vector<std::int64_t> m_rankParked;
    bool m_exploredSinceRecheck = false;
    bool m_unsettled = false;     // some rank's last round left work for another (endRound)
    bool m_unsettledHere = false; // this rank's (every rank)
    /// Sends `mine` to every rank and reads every other rank's bytes with `readOne` (called until its bytes are
    /// used up) in rank order (MPI_Allgatherv); malformed bytes abort the job, naming `what` they hold.
    void allGather(const std::vector<std::uint8_t> &mine, const std::function<void(wire::Reader &)> &readOne,
                   const std::string &what);
    bool m_done = false;
    std::uint64_t m_tickets = 0;
    ThreadTable m_threads{{kNoThread, 0}};
    enum class Own { None, Item, Recheck, Finished };
    Own m_own = Own::None; // rank 0's own answer, set by dispatch()
    WorkItem m_ownItem;
};

} // namespace weft
