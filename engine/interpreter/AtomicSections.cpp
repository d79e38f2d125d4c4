// SPDX-License-Identifier: MIT
// Atomic sections (SV-COMP: __VERIFIER_atomic_begin/end and every function named __VERIFIER_atomic_*):
// the section's code runs as one step of its thread, so no other thread can run inside it. Functions
// nest; begin/end are one flag (sectionBegun), so code that returns between them, leaving the section
// open until the next end, runs as SV-COMP's tools run it.
// A section is one visible action of its thread; the body is local code. Sync model: entering locks
// one implicit global lock, leaving unlocks it (sections are ordered like critical sections). Sc
// model: the action is a write of one reserved location that also stands for every object a section
// touches (InterpreterOptions::atomicObjects), so a section depends on every other section and on
// every access to what sections touch; it comes just before the body's first access to shared memory
// (none: no event), so that the nondet choices the body may make before that are the thread's own.
// engine/unfolding/README.md, "Atomic sections".
#include "engine/interpreter/AtomicSections.hpp"

#include "engine/base/Message.hpp"

#include <algorithm>
#include <cassert>

namespace weft::interpreter {

AtomicSections::AtomicSections(const program::Program &program, const InterpreterOptions &options,
                               FaultReporter &faults)
    : m_options(options), m_faults(faults) {
    for (const program::Function &f : program.functions)
        m_atomicFunction.push_back(f.isDefined() && f.name.starts_with("__VERIFIER_atomic_"));
}

Continuation AtomicSections::enter(InterpreterState &, ThreadState &t) {
    if (t.sectionDepth > 0) {
        ++t.sectionDepth; // nested: already atomic
        return Continuation::Continue;
    }
    t.sectionWrote = false;
    if (m_options.model == MemoryModel::Sc) {
        // The section location is written at the body's first access to shared memory (access()):
        // until then the body is the thread's own business, as if run before the section.
        t.sectionDepth = 1;
        t.sectionEventDue = true;
        return Continuation::Continue;
    }
    if (!t.accessGranted) {
        t.pending = Action{ActionKind::MutexLock, t.id, program::kAtomicSectionKey};
        return Continuation::Stop; // the call runs again once the action is performed
    }
    t.accessGranted = false;
    t.sectionDepth = 1;
    return Continuation::Continue;
}

Continuation AtomicSections::begin(InterpreterState &state, ThreadState &t) {
    if (t.sectionBegun)
        return Continuation::Continue;
    const Continuation c = enter(state, t);
    if (c == Continuation::Continue)
        t.sectionBegun = true;
    return c;
}

Continuation AtomicSections::end(InterpreterState &state, ThreadState &t) {
    if (!t.sectionBegun) {
        m_faults.raise(t, DefectKind::ModelViolation, english(MessageKind::AtomicEndOutside, {}));
        return Continuation::Fault;
    }
    const Continuation c = leave(state, t);
    if (c == Continuation::Continue)
        t.sectionBegun = false;
    return c;
}

Continuation AtomicSections::leave(InterpreterState &state, ThreadState &t) {
    assert(t.sectionDepth > 0);
    if (t.sectionDepth > 1) {
        --t.sectionDepth;
        return Continuation::Continue;
    }
    if (m_options.model == MemoryModel::Sc) {
        if (m_options.races != RaceMode::Ignore)
            state.races.release(state.threadIndex[t.id], program::kAtomicSectionKey);
        t.sectionDepth = 0;
        t.sectionEventDue = false; // nothing shared touched: no event at all
        return Continuation::Continue;
    }
    if (!t.accessGranted) {
        t.pending = Action{ActionKind::MutexUnlock, t.id, program::kAtomicSectionKey};
        return Continuation::Stop;
    }
    t.accessGranted = false;
    t.sectionDepth = 0;
    return Continuation::Continue;
}

Continuation AtomicSections::access(InterpreterState &state, ThreadState &t, std::uint64_t p, bool write) {
    const program::DecodedPointer d = program::decodePointer(p);
    if (d.owner == program::threadOwner(t.id) && state.memory.objectAt(p)->kind == ObjectKind::Stack)
        return Continuation::Continue; // the thread's own locals: nobody else sees them
    if (t.sectionEventDue) {
        // sc: the section's event, a write of its location, comes before the body's first access to
        // shared memory: from there the body is one step for the others (the access runs again once
        // the write is performed).
        if (!t.accessGranted) {
            t.pending = Action{ActionKind::MemWrite, t.id, program::kAtomicSectionKey, 0};
            return Continuation::Stop;
        }
        t.accessGranted = false;
        t.sectionEventDue = false;
        state.sectionObjects.clear();
        // Happens-before for the race detector: sections are ordered (sync: by the lock's own events).
        if (m_options.races != RaceMode::Ignore)
            state.races.acquire(state.threadIndex[t.id], program::kAtomicSectionKey);
    }
    if (write)
        t.sectionWrote = true;
    if (m_options.model == MemoryModel::Sc) {
        const std::uint64_t base = p - std::uint64_t(d.offset);
        if (auto at = std::lower_bound(m_objects.begin(), m_objects.end(), base); at == m_objects.end() || *at != base)
            m_objects.insert(at, base);
        std::vector<std::uint64_t> &touched = state.sectionObjects;
        if (auto at = std::lower_bound(touched.begin(), touched.end(), base); at == touched.end() || *at != base)
            touched.insert(at, base);
    }
    return Continuation::Continue;
}

} // namespace weft::interpreter
