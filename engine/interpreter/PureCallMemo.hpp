// SPDX-License-Identifier: MIT
// Results of calls that touched no memory but their own (what they allocated, and read-only globals) and
// called no builtin: such a call's results, steps and allocations follow from its function and arguments
// alone, so a later call with the same ones takes them from here instead of running again (docs/algorithms.md,
// "Pure calls"). Exploration re-runs every execution's thread-local code; a pure computation there (PI's serial
// check) is then paid once per exploration instead of once per execution. Single-threaded, like the Stepper.
#pragma once

#include "engine/program/Builtin.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace weft::interpreter {

class PureCallMemo {
public:
    struct Allocation {
        std::uint64_t size = 0;
        std::uint64_t site = 0;
    };
    /// What a pure call did, as far as anyone after it can tell.
    struct Entry {
        std::vector<std::uint64_t> results; ///< the values it returned (flattened)
        std::uint64_t steps = 0;            ///< instructions it ran, the call's own included
        std::uint32_t frames = 0;           ///< the most frames it stacked at once, its own included
        std::uint64_t bytes = 0;            ///< a bound on the memory it held at once (objects, race records)
        std::vector<Allocation> allocations; ///< its stack objects, in the order it made them (all ended)
    };

    /// The entry of `function` called with `args`, if one was recorded.
    const Entry *find(std::uint32_t function, const std::vector<std::uint64_t> &args) const;
    /// Whether a call of `function` may be recorded: not given up on (it was impure, or too short to pay for
    /// its lookups, too often), and the table has room.
    bool worthRecording(std::uint32_t function) const;

    /// Starts recording the call of `function` with `args` that is about to push its frame onto `frames`
    /// frames; the thread's objects (of memory owner `owner`) number `firstObject` so far and it has run `steps`
    /// instructions.
    void begin(std::uint32_t function, const std::vector<std::uint64_t> &args, std::size_t frames, std::uint32_t owner,
               std::uint32_t firstObject, std::uint64_t steps);
    bool recording() const { return m_recording; }
    /// The recorded call is not pure (or the run stopped inside it): nothing is kept.
    void abandon();
    /// A builtin is called (inside the recorded call, if any): only a math.h function of numbers keeps it pure.
    void noteBuiltin(program::Builtin builtin);
    /// Whether the recorded call made the object `object` of memory owner `owner` (its accesses keep it pure).
    bool madeObject(std::uint32_t owner, std::uint32_t object) const {
        return owner == m_owner && object >= m_firstObject;
    }
    void noteAllocation(std::uint64_t size, std::uint64_t site) { m_entry.allocations.push_back({size, site}); }
    void noteFrames(std::size_t frames);
    /// The frame stacked at begin() is popping: true when this return ends the recorded call.
    bool endsCall(std::size_t framesAfterPop) const { return m_recording && framesAfterPop == m_callerFrames; }
    /// Keeps the recorded call with its results (the thread has run `steps` instructions now).
    void finish(const std::vector<std::uint64_t> &results, std::uint64_t steps);

    std::uint64_t hits() const { return m_hits; }
    void countHit() { ++m_hits; }

private:
    struct Key {
        std::uint32_t function;
        std::vector<std::uint64_t> args;
        bool operator==(const Key &) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key &k) const;
    };
    /// Per function: recordings given up (impure) and recordings too short to keep.
    struct Tries {
        std::uint8_t impure = 0;
        std::uint8_t short_ = 0;
    };

    std::unordered_map<Key, Entry, KeyHash> m_entries;
    mutable Key m_probe; ///< find()'s key, kept to reuse its capacity
    std::vector<Tries> m_tries;
    bool m_recording = false;
    Key m_key;
    Entry m_entry;
    std::size_t m_callerFrames = 0;
    std::uint32_t m_owner = 0;
    std::uint32_t m_firstObject = 0;
    std::uint64_t m_stepsAtBegin = 0;
    std::uint64_t m_hits = 0;
};

} // namespace weft::interpreter
