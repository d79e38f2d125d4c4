// SPDX-License-Identifier: MIT
// Brute-force oracle for the explorer (docs/algorithms.md, "Event models", "Events and the unfolding"):
// drives a Machine directly (restart and replay of prefixes, depth-first over every enabled thread at every
// step), and counts the Mazurkiewicz traces of the maximal runs and the distinct local configurations of
// their actions. Independent of the unfolding code; single-threaded; one ThreadNaming across all restarts.
#pragma once

#include "engine/action/ThreadNaming.hpp"
#include "engine/execution/Machine.hpp"

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

namespace weft::model {

struct EnumerationResult {
    bool complete = true;        ///< false if the run budget was exhausted
    std::uint64_t runs = 0;      ///< maximal interleavings visited (AllInterleavings: all of them)
    std::uint64_t traces = 0;    ///< distinct Mazurkiewicz traces of maximal runs
    std::uint64_t events = 0;    ///< distinct local configurations [e] over all runs
    std::uint64_t prefixes = 0;  ///< search nodes (each a restart-and-replay at most)
    /// Maximal traces that end with a fault (a ProgramEnd raising a defect), and runs cut by an
    /// invalid action (a model violation).
    std::uint64_t faults = 0;
    std::uint64_t deadlocks = 0; ///< maximal traces in which some thread has not exited (and none is assume-blocked)
    /// Maximal traces in which some thread's assumption failed, or a spinning thread's memory has
    /// changed (a cut path: README "Spin loops"), or threads spin in a machine that cuts livelocks.
    std::uint64_t assumeBlocked = 0;
    /// Maximal traces (not assume-blocked) in which some thread spins forever: a livelock.
    std::uint64_t livelocks = 0;
    std::uint64_t divergences = 0; ///< replays that did not reproduce their prefix (nondeterminism)
};

class InterleavingEnumerator {
public:
    enum class Mode {
        /// Every interleaving of every maximal run (exponential in the number of actions).
        AllInterleavings,
        /// Like AllInterleavings, but a prefix trace-equivalent to one already searched is not
        /// searched again (same trace, same state): visits each configuration once.
        MergeEquivalentPrefixes,
    };

    /// `maxRuns` bounds the maximal runs visited (0: no bound).
    InterleavingEnumerator(Machine &machine, Mode mode, std::uint64_t maxRuns = 0)
        : m_machine(machine), m_mode(mode), m_maxRuns(maxRuns) {}

    EnumerationResult run();

    /// Whether a and b are dependent (engine/action/Dependence.hpp: same thread; same location unless
    /// both read; one synchronisation object; create(t)/t; exit(t)/join(t); barrier arrive/pass).
    static bool dependent(const Action &a, const Action &b);

private:
    struct Step {
        Action action;
        std::vector<std::uint32_t> direct; ///< earlier dependent positions
        std::vector<std::uint64_t> past; ///< bitset of positions in the causal past (incl. itself)
    };

    void search();
    void push(const Action &a);
    void pop() { m_steps.pop_back(); }
    /// Lexicographically least linearisation (by thread id) of the positions in `set` (causally
    /// closed).
    std::string canonicalForm(const std::vector<std::uint64_t> &set) const;
    std::string canonicalPrefix() const;
    /// Restarts the machine and replays the first `length` steps.
    void replayPrefix(std::size_t length);
    bool isAllExited();
    bool isAnyAssumeBlocked();
    /// Whether some thread awaits (AwaitBlocked); `cut` is set if one of them would go on.
    bool isAnySpinning(bool &cut);

    Machine &m_machine;
    Mode m_mode;
    std::uint64_t m_maxRuns;
    ThreadNaming m_naming;
    std::vector<Step> m_steps;
    bool m_machineAtPrefix = false;
    EnumerationResult m_result;
    std::unordered_set<std::string> m_traces;
    std::unordered_set<std::string> m_events;
    std::unordered_set<std::string> m_visited;
};

} // namespace weft::model
