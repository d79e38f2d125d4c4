// SPDX-License-Identifier: MIT
// Checks each access of the interpreted program that Memory has allowed with the execution's
// RaceDetector, and turns a race into a defect naming the object and both accesses.
#pragma once

#include "engine/interpreter/FaultReporter.hpp"

#include <string>
#include <utility>
#include <vector>

namespace weft::interpreter {

class RaceChecker {
public:
    RaceChecker(const program::Program &program, const InterpreterOptions &options, FaultReporter &faults)
        : m_program(program), m_options(options), m_faults(faults) {}

    /// Checks an access of `t` that Memory has just allowed; false when a race (RaceMode::Fatal) or
    /// the shadow's memory limit ended the execution (the fault is raised). RaceMode::Report
    /// reports the race (FaultReporter::report) and goes on.
    bool check(InterpreterState &state, const ThreadState &t, std::uint64_t p, std::uint64_t size, bool write,
               bool atomic = false);
    /// free(p) (or realloc moving the block) by `t`, before Memory releases the block: a write of the whole
    /// block, as ThreadSanitizer reads it, so an access of another thread that nothing orders before the
    /// free races with it (one after it is a use after free). Only the pages an access touched are
    /// checked; nothing when p is no live heap block (Memory reports that). As check().
    bool checkFree(InterpreterState &state, const ThreadState &t, std::uint64_t p);
    /// Before atomic access of `t` (a load, store or read-modify-write; not an atomic section's): notes, once,
    /// an earlier atomic access of another thread to the same bytes that it conflicts with and that nothing orders
    /// before it, when --model sync runs atomics as local code (takeWarnings).
    void noteAtomic(InterpreterState &state, const ThreadState &t, std::uint64_t p, std::uint64_t size, bool write);
    /// What the checks found that is no defect but limits what the exploration covers (an order of atomics
    /// that --model sync does not explore), each once per interpreter; taken by Machine::takeWarnings.
    std::vector<std::string> takeWarnings() { return std::exchange(m_warnings, {}); }

private:
    const program::Program &m_program;
    const InterpreterOptions &m_options;
    FaultReporter &m_faults;
    /// How a race or an atomic note names byte `byte` of an access at `p` to `object`.
    std::string objectAt(const MemoryObject &object, std::uint64_t p, std::uint64_t byte) const;
    /// check()'s work; `frees`: the access is a free of the block (named so in the report).
    bool checkAccess(InterpreterState &state, const ThreadState &t, std::uint64_t p, std::uint64_t size, bool write,
                     bool atomic, bool frees);

    std::vector<std::string> m_warnings;
    bool m_atomicOrderNoted = false;
};

} // namespace weft::interpreter
