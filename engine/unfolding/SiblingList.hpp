// SPDX-License-Identifier: MIT
// A busy sibling list of ObjectSiblingIndex or AccessSiblingIndex: its members by thread, each thread's run
// sorted and stored apart (engine/unfolding/README.md, "Sibling index"). Spike searches visit a list one
// thread at a time, and insertions search and move one thread's run: neither reads a member's event record
// (cold in a large unfolding) to learn its thread. One writer, readers between writes.
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
    template <typename ThreadOf> SiblingList(const std::vector<SiblingEntry> &entries, ThreadOf &&threadOf) {
        for (const SiblingEntry &entry : entries) {
            if (const ThreadId t = threadOf(entry.event); m_runs.empty() || m_runs.back().thread != t)
                m_runs.push_back({t, {}});
            m_runs.back().members.push_back(entry);
        }
        m_size = entries.size();
    }

    std::size_t size() const { return m_size; }
    std::size_t memoryBytes() const {
        std::size_t bytes = m_runs.capacity() * sizeof(Run);
        for (const Run &run : m_runs)
            bytes += run.members.capacity() * sizeof(SiblingEntry);
        return bytes;
    }

    /// Inserts a member of thread `t` after the members of t's run for which `before` holds (a prefix).
    /// Moves only t's run: with one vector for all members, each insertion moved every later thread's
    /// members too, quadratic in a list of thousands of writes (SV-COMP's 27_Boop).
    template <typename Before> void insert(ThreadId t, const SiblingEntry &entry, Before &&before) {
        auto run = std::partition_point(m_runs.begin(), m_runs.end(), [&](const Run &r) { return r.thread < t; });
        if (run == m_runs.end() || run->thread != t)
            run = m_runs.insert(run, {t, {}});
        std::vector<SiblingEntry> &members = run->members;
        members.insert(std::partition_point(members.begin(), members.end(), before), entry);
        ++m_size;
    }

    /// Calls f(t, first, last) for each thread's members [first, last), in thread order.
    template <typename F> void forEachThread(F &&f) const {
        for (const Run &run : m_runs)
            f(run.thread, run.members.cbegin(), run.members.cend());
    }

private:
    /// One thread's members, in the list's order.
    struct Run {
        ThreadId thread;
        std::vector<SiblingEntry> members;
    };

    std::vector<Run> m_runs; ///< sorted by thread
    std::size_t m_size = 0;
};

} // namespace weft
