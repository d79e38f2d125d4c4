// SPDX-License-Identifier: MIT
// Alt(C, D) (docs/algorithms.md, "Exploration", "Alternatives"): builds the comb from the unjustified
// D-events the policy selects, filters it against C and D, and returns a clue J ⊇ C (as a cut) or nothing.
// Owned by one Explorer; keeps its scratch buffers between calls.
#pragma once

#include "engine/explorer/AltPolicy.hpp"
#include "engine/explorer/Comb.hpp"
#include "engine/explorer/Disset.hpp"
#include "engine/unfolding/Configuration.hpp"

#include <functional>
#include <optional>
#include <tuple>
#include <vector>

namespace weft {

struct AlternativeStatistics {
    std::uint64_t calls = 0;          ///< Alt invocations
    std::uint64_t combsBuilt = 0;     ///< calls whose every spike survived filtering
    std::uint64_t found = 0;          ///< calls that returned a clue
    std::uint64_t spikeEvents = 0;    ///< total spike elements after filtering
};

class Alternatives {
public:
    explicit Alternatives(AltPolicy policy) : m_policy(policy) {}

    const AltPolicy &policy() const { return m_policy; }
    const AlternativeStatistics &statistics() const { return m_stats; }

    /// A clue J to D after C (J ⊇ C, C ∪ J a configuration, J ∩ D = ∅), or nullopt.
    std::optional<Configuration> find(const Unfolding &u, const Configuration &c, const Disset &d);

    /// The events chosen from the comb by the last successful find (J = C ∪ their local configurations).
    const std::vector<EventId> &lastCombination() const { return m_choice; }
    /// After a find that returned nothing: the D-event whose spike was empty (its siblings in U gave no
    /// candidate), or kNoEvent when every spike had one but no combination was conflict-free. Only a
    /// new sibling of that event can make the same call succeed.
    EventId lastEmptySpike() const { return m_emptySpike; }

private:
    bool buildComb(const Unfolding &u, const Configuration &c, const Disset &d);
    static EventId firstEnabledEvent(const Unfolding &u, const Configuration &c, const Configuration &j);
    /// m_levels from m_unjustified.
    void groupByLevel(const Unfolding &u);
    /// Whether some unjustified D-event is ≤ x (m_levels must describe m_unjustified).
    bool aboveUnjustified(const Unfolding &u, EventId x) const;

    /// The unjustified D-events of one thread at one thread depth (sorted): x is above one of them iff
    /// the ancestor at that depth of tmax(x, thread) is one of them, one lookup for the whole level
    /// (a nondet choice's explored values are one level of up to 256 siblings).
    struct Level {
        ThreadId thread = 0;
        std::uint32_t depth = 0;
        std::vector<EventId> events;
    };

    AltPolicy m_policy;
    AlternativeStatistics m_stats;
    Comb m_comb;
    std::vector<EventId> m_unjustified;
    std::vector<Level> m_levels;
    std::vector<std::tuple<ThreadId, std::uint32_t, EventId>> m_byLevel;
    std::function<bool(EventId)> m_isInD;
    std::vector<EventId> m_choice;
    EventId m_emptySpike = kNoEvent;
};

} // namespace weft
