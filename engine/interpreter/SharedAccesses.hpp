// SPDX-License-Identifier: MIT
// The sc model's read and write events: which loads and stores of shared memory are visible actions
// (the escape rule), and their locations (SharedAccesses.cpp).
#pragma once

#include "engine/interpreter/FaultReporter.hpp"

namespace weft::interpreter {

class SharedAccesses {
public:
    SharedAccesses(const InterpreterOptions &options, FaultReporter &faults) : m_options(options), m_faults(faults) {}

    /// An access of `t` that Memory has just allowed (sc model). Continue: perform it now (local
    /// memory, or its event was just granted); Stop: t.pending is now its read/write event;
    /// Fault: an access overlapping another location of the object with a different size.
    Continuation access(InterpreterState &state, ThreadState &t, std::uint64_t p, std::uint32_t size, bool write);
    /// The object `value` points into (if it is a pointer) becomes shared (sc model; no-op under sync).
    void markEscaped(InterpreterState &state, std::uint64_t value) const;

private:
    const InterpreterOptions &m_options;
    FaultReporter &m_faults;
};

} // namespace weft::interpreter
