// SPDX-License-Identifier: MIT
#include "engine/action/ThreadNaming.hpp"

#include "engine/action/ThreadNameAuthority.hpp"

namespace weft {

namespace {
ThreadNameAuthority &authority() {
    static ThreadNameAuthority a;
    return a;
}
} // namespace

void setThreadNameAuthority(ThreadNameAuthority a) { authority() = std::move(a); }

ThreadId ThreadNaming::childOf(ThreadId parent, std::uint32_t ordinal) {
    const std::uint64_t key = (std::uint64_t{parent} << 32) | ordinal;
    if (m_shared) {
        if (const auto found = m_index.find(key); found != m_index.end())
            return found->second;
        // A thread this worker has not seen: take the shared table's id, and its view of every thread.
        std::lock_guard lock(m_shared->mutex);
        ThreadNaming &names = m_shared->names;
        if (authority()) {
            // One rank of a distributed run: the job's table replaces this process's.
            const ThreadTable table = authority()(parent, ordinal);
            names.m_parents.clear();
            names.m_index.clear();
            for (std::size_t id = 0; id < table.size(); ++id) {
                names.m_parents.push_back({table[id].first, table[id].second});
                if (id > 0)
                    names.m_index.emplace((std::uint64_t{table[id].first} << 32) | table[id].second,
                                          static_cast<ThreadId>(id));
            }
        }
        const ThreadId id = names.childOf(parent, ordinal);
        m_parents = m_shared->names.m_parents;
        m_index = m_shared->names.m_index;
        return id;
    }
    auto [it, inserted] = m_index.try_emplace(key, static_cast<ThreadId>(m_parents.size()));
    if (inserted)
        m_parents.push_back({parent, ordinal});
    return it->second;
}

} // namespace weft
