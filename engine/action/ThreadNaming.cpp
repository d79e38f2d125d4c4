// SPDX-License-Identifier: MIT
#include "engine/action/ThreadNaming.hpp"

namespace weft {

ThreadId ThreadNaming::childOf(ThreadId parent, std::uint32_t ordinal) {
    const std::uint64_t key = (std::uint64_t{parent} << 32) | ordinal;
    if (m_shared) {
        if (const auto found = m_index.find(key); found != m_index.end())
            return found->second;
        // A thread this worker has not seen: take the shared table's id, and its view of every thread.
        std::lock_guard lock(m_shared->mutex);
        const ThreadId id = m_shared->names.childOf(parent, ordinal);
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
