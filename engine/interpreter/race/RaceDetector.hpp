// SPDX-License-Identifier: MIT
// Data-race detection for one execution (issue "Run real C", event model `sync`): happens-before from
// the visible synchronisation (create/join, release/acquire on mutexes, semaphores, condition
// variables, barriers) as vector clocks, and a sparse shadow per object (RaceShadow) checked on every
// access. Two accesses race when they touch the same byte, at least one writes, not both are atomic,
// and neither happens before the other. Value type inside InterpreterState, so snapshots carry it.
#pragma once

#include "engine/interpreter/race/RaceShadow.hpp"

#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace weft::interpreter {

/// The earlier access of a race (the later one is the access being checked).
struct RaceWitness {
    std::uint32_t thread = 0;  ///< creation index of its thread
    std::uint64_t site = 0;    ///< (function << 32) | pc
    bool write = false;
    std::uint64_t byte = 0;    ///< the first racing byte, from the start of the checked access
};

class RaceDetector {
public:
    /// Thread `index` starts (index 0: main, with no parent).
    void threadStarted(std::uint32_t index, std::optional<std::uint32_t> parent);
    /// `joiner` has seen everything `joined` did.
    void joined(std::uint32_t joiner, std::uint32_t joined);
    /// Release on a synchronisation object (unlock, post, signal, barrier arrival, init).
    void release(std::uint32_t thread, std::uint64_t object);
    /// Acquire on a synchronisation object (lock, successful trylock/wait, wake-up).
    void acquire(std::uint32_t thread, std::uint64_t object);
    /// A barrier round completed: its passers acquire what every arrival of the round released.
    void completeRound(std::uint64_t barrier, std::uint32_t round);
    void passRound(std::uint32_t thread, std::uint64_t barrier, std::uint32_t round);

    /// The present of `thread` as the epoch a later access of another thread must cover to come after it.
    Epoch now(std::uint32_t thread) { return {thread + 1, clockOf(thread).at(thread)}; }
    /// Whether what happened at `e` happens before (or is) the present of `thread`.
    bool covers(std::uint32_t thread, Epoch e) { return clockOf(thread).covers(e); }

    /// Checks and records an access by `thread` at `site` of the bytes [offset, offset + count) of
    /// the object `shadow` records (its pages must exist: RaceShadow::cover); returns the first
    /// earlier access it races with that was not reported before in this execution (pair of sites).
    std::optional<RaceWitness> access(std::uint32_t thread, RaceShadow &shadow, std::uint64_t offset,
                                      std::uint64_t count, bool write, bool atomic, std::uint64_t site);
    /// For an atomic access about to be made (checked and recorded by access() after it): the first earlier
    /// atomic access of another thread to those bytes that conflicts with it (one of them a write) and that
    /// nothing orders before it. Not a race: an order of the two that only the sc model explores.
    std::optional<RaceWitness> unorderedAtomic(std::uint32_t thread, RaceShadow &shadow, std::uint64_t offset,
                                               std::uint64_t count, bool write);

private:
    struct SharedRead {
        Epoch epoch;
        std::uint64_t site;
        bool atomic;
    };
    VectorClock &clockOf(std::uint32_t thread);
    /// The first earlier access of another thread to `cell` that conflicts with this one (one of them a
    /// write), that nothing orders before it, and for which counts(whether it was atomic) holds.
    template <typename Counts>
    std::optional<RaceWitness> firstUnordered(std::uint32_t thread, const VectorClock &now, const AccessCell &cell,
                                              bool write, Counts &&counts) const;
    std::optional<RaceWitness> check(std::uint32_t thread, const VectorClock &now, const AccessCell &cell, bool write,
                                     bool atomic) const;
    std::optional<RaceWitness> unorderedAtomic(std::uint32_t thread, const VectorClock &now, const AccessCell &cell,
                                               bool write) const;
    void record(std::uint32_t thread, const VectorClock &now, AccessCell &cell, bool write, bool atomic,
                std::uint64_t site);

    std::vector<VectorClock> m_threads;
    std::map<std::uint64_t, VectorClock> m_objects;
    std::map<std::pair<std::uint64_t, std::uint32_t>, VectorClock> m_rounds;
    std::vector<std::vector<SharedRead>> m_sharedReads;
    std::set<std::pair<std::uint64_t, std::uint64_t>> m_reported;
};

} // namespace weft::interpreter
