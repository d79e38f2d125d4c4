// SPDX-License-Identifier: MIT
// Checks each access of the interpreted program that Memory has allowed with the execution's
// RaceDetector, and turns a race into a defect naming the object and both accesses.
#pragma once

#include "engine/interpreter/FaultReporter.hpp"

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

private:
    const program::Program &m_program;
    const InterpreterOptions &m_options;
    FaultReporter &m_faults;
};

} // namespace weft::interpreter
