// SPDX-License-Identifier: MIT
// A configuration as a cut (docs/algorithms.md, "Configurations"): the last event of every thread and of
// every mutex, the last write to every memory location with the reads of it (README.md), plus who created
// each thread. fire/unfire keep it in step with the explorer's trail; unionWith builds C ∪ loc(e) for clues.
// A value type, cheap to copy (two vectors).
#pragma once

#include "engine/unfolding/Unfolding.hpp"

namespace weft {

class Configuration {
public:
    /// `trackMembership`: keep an O(1) "e ∈ C" table (worth it for the explorer's long-lived
    /// configuration, whose compatibility tests dominate comb building; not for short-lived clues).
    explicit Configuration(bool trackMembership = false) : m_tracked(trackMembership) {}

    /// A copy of the cut alone (no membership table), e.g. to grow a clue from C.
    Configuration cut() const {
        Configuration c;
        c.m_threadMax = m_threadMax;
        c.m_objectMax = m_objectMax;
        c.m_creator = m_creator;
        c.m_lastWrite = m_lastWrite;
        c.m_reads = m_reads;
        return c;
    }

    EventId threadMax(ThreadId t) const { return t < m_threadMax.size() ? m_threadMax[t] : kNoEvent; }
    EventId objectMax(ObjectIndex m) const { return m < m_objectMax.size() ? m_objectMax[m] : kNoEvent; }
    /// The create event of thread t in this configuration (kNoEvent for main or a thread not created).
    EventId creatorOf(ThreadId t) const { return t < m_creator.size() ? m_creator[t] : kNoEvent; }
    std::size_t threadSlots() const { return m_threadMax.size(); }
    /// The last write to location l in C (kNoEvent: none, the initial value).
    EventId lastWrite(LocationIndex l) const { return l < m_lastWrite.size() ? m_lastWrite[l] : kNoEvent; }
    /// Reads of lastWrite(l) in C (for a union: the last one of each thread at least).
    std::span<const EventId> readsOfLastWrite(LocationIndex l) const {
        return l < m_reads.size() ? std::span<const EventId>(m_reads[l]) : std::span<const EventId>{};
    }

    /// Adds e, whose predecessors must be the current maxima of its thread and object.
    void fire(const Unfolding &u, EventId e);
    /// Removes e, which must be maximal.
    void unfire(const Unfolding &u, EventId e);

    /// e ∈ C.
    bool contains(const Unfolding &u, EventId e) const;
    /// loc(e) ∪ C is conflict-free (docs/algorithms.md, "Causality and conflict", event vs configuration).
    bool isCompatible(const Unfolding &u, EventId e) const;
    /// C := C ∪ loc(e); e must be compatible. Creator links are not tracked for unions.
    void unionWith(const Unfolding &u, EventId e);
    /// e ∈ ex(C) is in cex(C): e conflicts with C (DPU's ex_is_cex, generalised; docs/algorithms.md, "Configurations").
    bool conflictsWith(const Unfolding &u, EventId e) const { return !isCompatible(u, e); }

private:
    static void set(std::vector<EventId> &v, std::size_t i, EventId e);

    std::vector<EventId> m_threadMax;
    std::vector<EventId> m_objectMax;
    std::vector<EventId> m_creator;
    std::vector<EventId> m_lastWrite;
    std::vector<std::vector<EventId>> m_reads;
    std::vector<std::vector<std::vector<EventId>>> m_readsBefore; // per location: reads of earlier writes (undo)
    /// When tracked: bit e says e ∈ C. Bits, not bytes: the table spans the whole unfolding, and its
    /// random reads (compatibility tests of spike candidates) should stay in cache.
    std::vector<std::uint64_t> m_member;
    bool isMember(EventId e) const { return e / 64 < m_member.size() && ((m_member[e / 64] >> (e % 64)) & 1) != 0; }
    bool m_tracked = false;
};

} // namespace weft
