// SPDX-License-Identifier: MIT
// Stable thread ids across executions: a thread is named by its creator and how many threads the
// creator had started before it, so "the 2nd thread main creates" is the same id in every interleaving.
// Shared by an exploration's executor and explorer; not thread-safe (one exploration, one thread). The
// workers of a parallel exploration each have one, drawing new ids from one SharedThreadNames, so that a
// thread has the same id in every worker (work items name threads by id).
#pragma once

#include "engine/base/Ids.hpp"

#include <mutex>
#include <unordered_map>
#include <vector>

namespace weft {

struct SharedThreadNames;

class ThreadNaming {
public:
    static constexpr ThreadId kMain = 0;

    ThreadNaming() { m_parents.push_back({kNoThread, 0}); }

    /// The id of the `ordinal`-th (0-based) thread created by `parent`; new ids are dense, in first-use order.
    ThreadId childOf(ThreadId parent, std::uint32_t ordinal);
    /// From now on, new ids come from `shared` (which must outlive this naming); call before any childOf.
    void shareWith(SharedThreadNames *shared) { m_shared = shared; }

    std::size_t size() const { return m_parents.size(); }
    ThreadId parentOf(ThreadId t) const { return m_parents[t].parent; }
    std::uint32_t ordinalOf(ThreadId t) const { return m_parents[t].ordinal; }

private:
    struct Origin {
        ThreadId parent;
        std::uint32_t ordinal;
    };
    std::vector<Origin> m_parents;
    std::unordered_map<std::uint64_t, ThreadId> m_index;
    SharedThreadNames *m_shared = nullptr;
};

/// The one table of thread ids of a parallel exploration's workers (thread-safe through its mutex).
struct SharedThreadNames {
    std::mutex mutex;
    ThreadNaming names;
};

} // namespace weft
