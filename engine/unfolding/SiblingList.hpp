// SPDX-License-Identifier: MIT
// A busy sibling list of ObjectSiblingIndex or AccessSiblingIndex: its members sorted by thread first, and
// where each thread's run of members starts (engine/unfolding/README.md, "Sibling index"). Spike searches
// visit a list one thread at a time, and insertions search one thread's run: neither reads a member's
// event record (cold in a large unfolding) to learn its thread. One writer, readers between writes.
#pragma once

#include "engine/base/Ids.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace weft {

/// A member of an indexed sibling list with its thread predecessor beside it: a search reads the
/// predecessor of every member it passes over, but the member's event record (cold in a large unfolding)
/// only for the few it keeps.
struct SiblingEntry {
    EventId threadPred;
    EventId event;
};

class SiblingList {
public:
    using Iter = std::vector<SiblingEntry>::const_iterator;

    /// A list of `entries` already sorted, `threadOf` giving each member's thread (read once here).
    template <typename ThreadOf>
    SiblingList(std::vector<SiblingEntry> entries, ThreadOf &&threadOf) : m_entries(std::move(entries)) {
        for (std::size_t i = 0; i < m_entries.size(); ++i)
            if (const ThreadId t = threadOf(m_entries[i].event); m_runs.empty() || m_runs.back().thread != t)
                m_runs.push_back({t, static_cast<std::uint32_t>(i)});
    }

    const std::vector<SiblingEntry> &entries() const { return m_entries; }
    std::size_t size() const { return m_entries.size(); }
    std::size_t memoryBytes() const {
        return m_entries.capacity() * sizeof(SiblingEntry) + m_runs.capacity() * sizeof(Run);
    }

    /// Inserts a member of thread `t` after the members of t's run for which `before` holds (a prefix).
    template <typename Before> void insert(ThreadId t, const SiblingEntry &entry, Before &&before) {
        auto run = std::partition_point(m_runs.begin(), m_runs.end(), [&](const Run &r) { return r.thread < t; });
        if (run == m_runs.end() || run->thread != t)
            run = m_runs.insert(run,
                                {t, run == m_runs.end() ? static_cast<std::uint32_t>(m_entries.size()) : run->begin});
        const auto first = m_entries.begin() + run->begin;
        const auto last = m_entries.begin() + end(run);
        m_entries.insert(std::partition_point(first, last, before), entry);
        for (auto later = run + 1; later != m_runs.end(); ++later)
            ++later->begin;
    }

    /// Calls f(t, first, last) for each thread's members [first, last), in thread order.
    template <typename F> void forEachThread(F &&f) const {
        for (auto run = m_runs.begin(); run != m_runs.end(); ++run)
            f(run->thread, m_entries.begin() + run->begin, m_entries.begin() + end(run));
    }

private:
    struct Run {
        ThreadId thread;
        std::uint32_t begin; ///< index of its first member in m_entries
    };
    std::uint32_t end(std::vector<Run>::const_iterator run) const {
        return run + 1 == m_runs.end() ? static_cast<std::uint32_t>(m_entries.size()) : (run + 1)->begin;
    }

    std::vector<SiblingEntry> m_entries;
    std::vector<Run> m_runs; ///< sorted by thread
};

} // namespace weft
