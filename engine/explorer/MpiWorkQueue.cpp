// SPDX-License-Identifier: MIT
#include "engine/explorer/MpiWorkQueue.hpp"

#include "engine/explorer/DistributedExplorer.hpp"
#include "engine/explorer/MpiWait.hpp"
#include "engine/explorer/WireFormat.hpp"

#include <mpi.h>

#include <algorithm>
#include <functional>
#include <numeric>

namespace weft {

namespace {

// Message tags. r: any rank but 0.
enum Tag : int {
    kPush = 1,    // r -> 0: a work item
    kIdle = 2,    // r -> 0: in take(), with its count of parked records
    kItem = 3,    // 0 -> r: the answer to kIdle: explore this item
    kRecheck = 4, // 0 -> r: the answer to kIdle: a re-check round
    kFinish = 5,  // 0 -> r: the answer to kIdle: the end
    kHunger = 6,  // 0 -> r: whether some rank waits for an item (one byte)
    kStop = 7,    // either way: stop, with the reason
    kName = 8,    // r -> 0: (parent, ordinal) of a thread r has not seen
    kNames = 9,   // 0 -> r: the job's thread table
    kTicket = 10, // r -> 0: the next execution's ticket (--max-executions)
    kTickets = 11,
    kDone = 12, // r -> 0: r's result and event keys
    kBye = 13,  // 0 -> r: the last message
};

std::vector<std::uint8_t> bytesOf(std::uint64_t v) {
    wire::Writer w;
    w.u64(v);
    return std::move(w.bytes());
}

std::uint64_t valueOf(const std::vector<std::uint8_t> &bytes) {
    wire::Reader r(bytes);
    return r.u64();
}

} // namespace

MpiWorkQueue::MpiWorkQueue(const MpiSession &session, std::uint64_t maxExecutions)
    : m_session(session), m_rank(session.rank()), m_ranks(session.size()), m_maxExecutions(maxExecutions) {
    if (m_rank == 0) {
        m_items.emplace_back(); // the root item
        m_waiting.assign(static_cast<std::size_t>(m_ranks), false);
        m_rankParked.assign(static_cast<std::size_t>(m_ranks), 0);
    }
    MPI_Request request;
    MPI_Ibarrier(MPI_COMM_WORLD, &request);
    awaitRequest(request);
}

void MpiWorkQueue::send(int rank, int tag, const std::vector<std::uint8_t> &bytes) {
    if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        m_session.abort("internal error: a message of " + std::to_string(bytes.size()) + " bytes", 3);
    MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, rank, tag, MPI_COMM_WORLD);
    ++m_messages;
    m_bytes += bytes.size();
}

std::optional<MpiWorkQueue::Message> MpiWorkQueue::receive(bool wait) {
    MPI_Status status;
    int flag = 0;
    MpiBackoff backoff;
    while (true) {
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
        if (flag || !wait)
            break;
        backoff.pause();
    }
    if (!flag)
        return std::nullopt;
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    Message m{status.MPI_SOURCE, status.MPI_TAG, std::vector<std::uint8_t>(static_cast<std::size_t>(count))};
    MPI_Recv(m.bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return m;
}

void MpiWorkQueue::stop(StopReason reason) {
    {
        std::lock_guard lock(m_reasonMutex);
        if (!m_reason)
            m_reason = reason;
    }
    m_stopToSend = true;
    m_stop.request_stop();
}

StopReason MpiWorkQueue::stopReason() const {
    std::lock_guard lock(m_reasonMutex);
    return m_reason.value_or(StopReason::Completed);
}

void MpiWorkQueue::poll() {
    if (m_stopToSend && !m_stopSent) {
        m_stopSent = true;
        const auto reason = bytesOf(static_cast<std::uint64_t>(stopReason()));
        if (m_rank == 0) {
            for (int r = 1; r < m_ranks; ++r)
                send(r, kStop, reason);
        } else {
            send(0, kStop, reason);
        }
    }
    while (std::optional<Message> m = receive(false))
        handle(*m);
    if (m_stopToSend && !m_stopSent) // a kStop just handled
        poll();
}

void MpiWorkQueue::handle(Message &m) {
    if (m.tag == m_replyTag) {
        m_pendingReply = std::move(m);
        return;
    }
    switch (m.tag) {
    case kStop:
        stop(static_cast<StopReason>(valueOf(m.bytes)));
        if (m_rank != 0)
            m_stopSent = true; // rank 0 told everyone
        return;
    case kHunger: m_hungry = valueOf(m.bytes) != 0; return;
    case kItem:
    case kRecheck:
    case kFinish:
    case kBye:
    case kDone:                          // a rank that stopped before this one
        m_inbox.push_back(std::move(m)); // take() and gather() read them
        return;
    default: break;
    }
    if (m_rank != 0)
        m_session.abort("internal error: unexpected message " + std::to_string(m.tag), 3);
    switch (m.tag) {
    case kPush: {
        wire::Reader r(m.bytes);
        WorkItem item = wire::readWorkItem(r);
        if (!r.ok())
            m_session.abort("internal error: a work item from rank " + std::to_string(m.source) + " is malformed", 3);
        m_items.push_back(std::move(item));
        dispatch();
        if (m_hungry)
            send(m.source, kHunger, bytesOf(1)); // it cleared its flag when it pushed
        return;
    }
    case kIdle:
        m_waiting[static_cast<std::size_t>(m.source)] = true;
        m_rankParked[static_cast<std::size_t>(m.source)] = static_cast<std::int64_t>(valueOf(m.bytes));
        dispatch();
        return;
    case kName: {
        wire::Reader r(m.bytes);
        const auto parent = static_cast<ThreadId>(r.u64());
        const auto ordinal = static_cast<std::uint32_t>(r.u64());
        wire::Writer w;
        for (const auto &[p, o] : threadTable(parent, ordinal)) {
            w.u64(std::uint64_t{p} + 1);
            w.u64(o);
        }
        send(m.source, kNames, w.bytes());
        return;
    }
    case kTicket: {
        const std::optional<std::uint64_t> t = ticket();
        send(m.source, kTickets, bytesOf(t.value_or(0)));
        return;
    }
    default:
        m_session.abort("internal error: unexpected message " + std::to_string(m.tag) + " from rank " +
                            std::to_string(m.source),
                        3);
    }
}

void MpiWorkQueue::setHunger() {
    const auto waiting = static_cast<std::size_t>(std::count(m_waiting.begin(), m_waiting.end(), true));
    const bool hungry = waiting > m_items.size();
    if (hungry == m_hungry)
        return;
    m_hungry = hungry;
    for (int r = 1; r < m_ranks; ++r)
        send(r, kHunger, bytesOf(hungry ? 1 : 0));
}

void MpiWorkQueue::dispatch() {
    const bool stopped = m_stop.stop_requested();
    if (stopped || m_done) {
        for (int r = 1; r < m_ranks; ++r)
            if (m_waiting[static_cast<std::size_t>(r)]) {
                m_waiting[static_cast<std::size_t>(r)] = false;
                send(r, kFinish, {});
            }
        if (m_waiting[0]) {
            m_waiting[0] = false;
            m_own = Own::Finished;
        }
        return;
    }
    // Waiting ranks get the shallowest items (nearest the root: the largest subtrees); others first, as
    // rank 0 also serves the queue while it explores.
    for (int k = 1; k <= m_ranks && !m_items.empty(); ++k) {
        const int r = k % m_ranks;
        if (!m_waiting[static_cast<std::size_t>(r)])
            continue;
        const auto shallowest =
            std::min_element(m_items.begin(), m_items.end(),
                             [](const WorkItem &a, const WorkItem &b) { return a.prefixLength < b.prefixLength; });
        WorkItem item = std::move(*shallowest);
        m_items.erase(shallowest);
        m_waiting[static_cast<std::size_t>(r)] = false;
        ++m_taken;
        m_exploredSinceRecheck = true;
        if (r == 0) {
            m_own = Own::Item;
            m_ownItem = std::move(item);
        } else {
            wire::Writer w;
            wire::write(w, item);
            send(r, kItem, w.bytes());
        }
    }
    if (m_items.empty() && std::all_of(m_waiting.begin(), m_waiting.end(), [](bool w) { return w; })) {
        // Nobody can queue anything: every rank's pushes reached rank 0 before its kIdle.
        const std::int64_t parked = std::accumulate(m_rankParked.begin(), m_rankParked.end(), std::int64_t{0});
        const bool recheck = (m_exploredSinceRecheck || std::exchange(m_unsettled, false)) && parked > 0;
        if (recheck) {
            m_exploredSinceRecheck = false;
            ++m_rechecks;
        } else {
            m_done = true;
        }
        for (int r = 1; r < m_ranks; ++r)
            send(r, recheck ? kRecheck : kFinish, {});
        std::fill(m_waiting.begin(), m_waiting.end(), false);
        m_own = recheck ? Own::Recheck : Own::Finished;
    }
    setHunger();
}

WorkQueue::Task MpiWorkQueue::take(WorkItem &item) {
    if (m_rank == 0) {
        m_waiting[0] = true;
        m_rankParked[0] = m_parked;
        m_own = Own::None;
        MpiBackoff backoff;
        while (true) {
            poll();
            dispatch();
            if (m_own != Own::None)
                break;
            backoff.pause();
        }
        const Own own = std::exchange(m_own, Own::None);
        if (own == Own::Item) {
            item = std::move(m_ownItem);
            return Task::Explore;
        }
        return own == Own::Recheck ? Task::Recheck : Task::Finished;
    }
    poll();
    if (m_stop.stop_requested())
        return Task::Finished;
    send(0, kIdle, bytesOf(static_cast<std::uint64_t>(std::max<std::int64_t>(0, m_parked))));
    MpiBackoff backoff;
    while (true) {
        if (!m_inbox.empty()) {
            Message m = std::move(m_inbox.front());
            m_inbox.pop_front();
            if (m.tag == kItem) {
                wire::Reader r(m.bytes);
                item = wire::readWorkItem(r);
                if (!r.ok())
                    m_session.abort("internal error: a work item from rank 0 is malformed", 3);
                ++m_taken;
                return Task::Explore;
            }
            if (m.tag == kRecheck)
                return Task::Recheck;
            return Task::Finished; // kFinish
        }
        if (std::optional<Message> m = receive(false)) {
            handle(*m);
            backoff.reset();
            if (m_stop.stop_requested() && m_inbox.empty())
                return Task::Finished;
        } else {
            backoff.pause();
        }
    }
}

void MpiWorkQueue::push(WorkItem item) {
    if (m_rank == 0) {
        m_items.push_back(std::move(item));
        dispatch();
        return;
    }
    wire::Writer w;
    wire::write(w, item);
    send(0, kPush, w.bytes());
    m_hungry = false; // rank 0 says again if some rank still waits
}

bool MpiWorkQueue::wantsWork() {
    poll();
    if (m_rank == 0)
        dispatch();
    return m_hungry;
}

std::vector<std::uint8_t> MpiWorkQueue::request(int tag, const std::vector<std::uint8_t> &bytes, int replyTag) {
    send(0, tag, bytes);
    m_replyTag = replyTag;
    MpiBackoff backoff;
    while (!m_pendingReply) {
        if (std::optional<Message> m = receive(false)) {
            handle(*m);
            backoff.reset();
        } else {
            backoff.pause();
        }
    }
    m_replyTag = -1;
    std::vector<std::uint8_t> reply = std::move(m_pendingReply->bytes);
    m_pendingReply.reset();
    return reply;
}

std::optional<std::uint64_t> MpiWorkQueue::ticket() {
    if (!m_maxExecutions) {
        // Numbers unique over the job (not in any global order): this rank's n-th execution.
        ++m_localExecutions;
        return (m_localExecutions - 1) * static_cast<std::uint64_t>(m_ranks) + static_cast<std::uint64_t>(m_rank) + 1;
    }
    if (m_rank == 0) {
        if (m_tickets >= m_maxExecutions)
            return std::nullopt;
        return ++m_tickets;
    }
    const std::uint64_t t = valueOf(request(kTicket, {}, kTickets));
    if (t == 0)
        return std::nullopt;
    return t;
}

ThreadTable MpiWorkQueue::threadTable(ThreadId parent, std::uint32_t ordinal) {
    if (m_rank == 0) {
        const std::pair<ThreadId, std::uint32_t> origin{parent, ordinal};
        if (std::find(m_threads.begin() + 1, m_threads.end(), origin) == m_threads.end())
            m_threads.push_back(origin);
        return m_threads;
    }
    wire::Writer w;
    w.u64(parent);
    w.u64(ordinal);
    const std::vector<std::uint8_t> reply = request(kName, w.bytes(), kNames);
    wire::Reader r(reply);
    ThreadTable table;
    while (r.ok() && !r.atEnd()) {
        const auto p = static_cast<ThreadId>(r.u64() - 1);
        const auto o = static_cast<std::uint32_t>(r.u64());
        table.emplace_back(p, o);
    }
    return table;
}

void MpiWorkQueue::allGather(const std::vector<std::uint8_t> &mine, const std::function<void(wire::Reader &)> &readOne,
                             const std::string &what) {
    if (mine.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
        m_session.abort("internal error: a re-check round's events exceed 2 GB", 3);
    const int size = static_cast<int>(mine.size());
    std::vector<int> sizes(static_cast<std::size_t>(m_ranks)), offsets(static_cast<std::size_t>(m_ranks));
    MPI_Request request;
    MPI_Iallgather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD, &request);
    awaitRequest(request);
    long long total = 0;
    for (int r = 0; r < m_ranks; ++r) {
        if (total > std::numeric_limits<int>::max())
            m_session.abort("internal error: a re-check round's events exceed 2 GB", 3);
        offsets[static_cast<std::size_t>(r)] = static_cast<int>(total);
        total += sizes[static_cast<std::size_t>(r)];
    }
    std::vector<std::uint8_t> all(static_cast<std::size_t>(total));
    MPI_Iallgatherv(mine.data(), size, MPI_BYTE, all.data(), sizes.data(), offsets.data(), MPI_BYTE, MPI_COMM_WORLD,
                    &request);
    awaitRequest(request);
    m_bytes += static_cast<std::uint64_t>(size) * static_cast<std::uint64_t>(m_ranks - 1);
    for (int r = 0; r < m_ranks; ++r) {
        if (r == m_rank)
            continue;
        wire::Reader reader(
            std::span<const std::uint8_t>(all).subspan(static_cast<std::size_t>(offsets[static_cast<std::size_t>(r)]),
                                                       static_cast<std::size_t>(sizes[static_cast<std::size_t>(r)])));
        while (reader.ok() && !reader.atEnd())
            readOne(reader);
        if (!reader.ok())
            m_session.abort("internal error: the " + what + " of rank " + std::to_string(r) + " are malformed", 3);
    }
}

std::vector<std::uint64_t> MpiWorkQueue::exchangeWatches(const std::vector<std::uint64_t> &fresh) {
    wire::Writer w;
    for (const std::uint64_t key : fresh)
        w.u64(key);
    std::vector<std::uint64_t> others;
    allGather(w.bytes(), [&](wire::Reader &r) { others.push_back(r.u64()); }, "watched keys");
    return others;
}

std::vector<std::vector<std::uint32_t>> MpiWorkQueue::exchangeLateCodes(const std::vector<std::uint32_t> *mine) {
    wire::Writer w;
    if (mine) {
        w.u64(mine->size());
        for (const std::uint32_t index : *mine)
            w.u64(index);
    }
    std::vector<std::vector<std::uint32_t>> others;
    allGather(
        w.bytes(),
        [&](wire::Reader &r) {
            std::vector<std::uint32_t> &code = others.emplace_back();
            for (std::uint64_t n = r.u64(); n > 0 && r.ok(); --n)
                code.push_back(static_cast<std::uint32_t>(r.u64()));
        },
        "late item codes");
    return others;
}

void MpiWorkQueue::endRound() {
    const int mine = m_unsettledHere ? 1 : 0;
    int any = 0;
    MPI_Request request;
    MPI_Iallreduce(&mine, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD, &request);
    awaitRequest(request);
    m_unsettledHere = false;
    if (m_rank == 0 && any)
        m_unsettled = true;
}

std::vector<SharedEvent> MpiWorkQueue::exchange(std::vector<SharedEvent> created) {
    wire::Writer w;
    for (const SharedEvent &e : created)
        wire::write(w, e);
    std::vector<SharedEvent> others;
    allGather(w.bytes(), [&](wire::Reader &r) { others.push_back(wire::readSharedEvent(r)); }, "events");
    return others;
}

std::vector<WorkerShare> MpiWorkQueue::gather(WorkerShare own) {
    poll(); // sends this rank's stop, if any
    if (m_rank != 0) {
        wire::Writer w;
        wire::write(w, own.result);
        w.u64(own.keys.size());
        for (const EventKey &k : own.keys)
            w.key(k);
        w.blob(own.leaves.bytes());
        w.u64(m_messages + 1);
        w.u64(m_bytes + w.bytes().size() + 10);
        send(0, kDone, w.bytes());
        // Whatever rank 0 sent before kBye is no longer needed.
        while (true) {
            std::optional<Message> m = receive(true);
            if (m->tag == kBye)
                return {};
        }
    }
    std::vector<WorkerShare> shares(static_cast<std::size_t>(m_ranks));
    shares[0] = std::move(own);
    // kDone messages that arrived while this rank was still exploring wait in m_inbox.
    std::erase_if(m_inbox, [](const Message &m) { return m.tag != kDone; });
    for (int done = 1; done < m_ranks;) {
        std::optional<Message> m;
        if (!m_inbox.empty()) {
            m = std::move(m_inbox.front());
            m_inbox.pop_front();
        } else {
            m = receive(true);
        }
        if (m->tag != kDone) {
            handle(*m); // a request from a rank that has not heard of the end yet
            dispatch();
            continue;
        }
        wire::Reader r(m->bytes);
        WorkerShare &share = shares[static_cast<std::size_t>(m->source)];
        share.result = wire::readResult(r);
        share.keys.resize(r.count(16));
        for (EventKey &k : share.keys)
            k = r.key();
        const bool leavesOk = share.leaves.assign(r.blob());
        m_messages += r.u64();
        m_bytes += r.u64();
        if (!r.ok() || !leavesOk)
            m_session.abort("internal error: the result of rank " + std::to_string(m->source) + " is malformed", 3);
        ++done;
    }
    for (int r = 1; r < m_ranks; ++r)
        send(r, kBye, {});
    return shares;
}

} // namespace weft
