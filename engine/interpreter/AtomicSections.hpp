// SPDX-License-Identifier: MIT
// Atomic sections (SV-COMP's __VERIFIER_atomic_begin/end and __VERIFIER_atomic_* functions): entering
// and leaving them as visible actions, and the objects their bodies touch (AtomicSections.cpp).
#pragma once

#include "engine/interpreter/FaultReporter.hpp"

#include <vector>

namespace weft::interpreter {

class AtomicSections {
public:
    AtomicSections(const program::Program &program, const InterpreterOptions &options, FaultReporter &faults);

    /// Sync: entering the outermost section is a visible action, the lock of the implicit global lock,
    /// after which the call runs again and enters; leaving it is the unlock. Sc: entering is local, the
    /// section's write of its location comes with its first shared access (access()). Continue:
    /// entered / left now.
    Continuation enter(InterpreterState &state, ThreadState &t);
    Continuation leave(InterpreterState &state, ThreadState &t);
    /// __VERIFIER_atomic_begin/end, read as SV-COMP's tools read them: a flag. Begin when one is open
    /// does nothing; end closes the open one, wherever it was begun (a function may return between
    /// them); end when none is open is a fault.
    Continuation begin(InterpreterState &state, ThreadState &t);
    Continuation end(InterpreterState &state, ThreadState &t);
    /// A load or store inside a section: local code in both models, noted; under sc, the first one of
    /// shared memory first writes the section location
    /// (Stop: the access runs again once that is performed).
    Continuation access(InterpreterState &state, ThreadState &t, std::uint64_t p, bool write);
    /// Whether a function is an atomic section (its name starts with __VERIFIER_atomic_).
    bool isAtomicFunction(std::uint32_t function) const { return m_atomicFunction[function]; }
    /// Objects that sections have touched, in every execution so far (sc model), sorted.
    const std::vector<std::uint64_t> &objects() const { return m_objects; }

private:
    const InterpreterOptions &m_options;
    FaultReporter &m_faults;
    std::vector<bool> m_atomicFunction;
    std::vector<std::uint64_t> m_objects;
};

} // namespace weft::interpreter
