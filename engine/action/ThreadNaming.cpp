// SPDX-License-Identifier: MIT
#include "engine/action/ThreadNaming.hpp"

namespace weft {

ThreadId ThreadNaming::childOf(ThreadId parent, std::uint32_t ordinal) {
    const std::uint64_t key = (std::uint64_t{parent} << 32) | ordinal;
    auto [it, inserted] = m_index.try_emplace(key, static_cast<ThreadId>(m_parents.size()));
    if (inserted)
        m_parents.push_back({parent, ordinal});
    return it->second;
}

} // namespace weft
