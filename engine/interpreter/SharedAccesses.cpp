// SPDX-License-Identifier: MIT
// The sc model's side of the interpreter (issue 5): which accesses are read/write events (the escape
// rule, README "Event models"), their locations (one access size per shared location), and how an
// event's access is performed when the explorer grants it (the instruction runs again).
#include "engine/interpreter/SharedAccesses.hpp"

#include "engine/base/Message.hpp"

#include <algorithm>

namespace weft::interpreter {

Continuation SharedAccesses::access(InterpreterState &state, ThreadState &t, std::uint64_t p, std::uint32_t size,
                                    bool write) {
    if (t.accessGranted) {
        t.accessGranted = false;
        return Continuation::Continue;
    }
    const program::DecodedPointer d = program::decodePointer(p);
    MemoryObject &object = *state.memory.objectAt(p);
    if (d.owner != program::kGlobalOwner && d.owner != program::threadOwner(t.id))
        object.shared = true; // reached through a path the escape rule does not follow: still an event
    // Before the first pthread_create no other thread exists to observe main's accesses.
    if (!object.shared || object.readOnly || state.threads.size() == 1)
        return Continuation::Continue;
    const std::uint32_t offset = std::uint32_t(d.offset);
    auto next = object.locations.lower_bound(offset);
    auto clash = object.locations.end();
    if (next != object.locations.end() && next->first < offset + size && !(next->first == offset && next->second == size))
        clash = next;
    if (next != object.locations.begin() && std::prev(next)->first + std::prev(next)->second > offset)
        clash = std::prev(next);
    if (clash != object.locations.end()) {
        m_faults.raise(t, DefectKind::ModelViolation,
                       english(write ? MessageKind::MixedSizeWrite : MessageKind::MixedSizeRead,
                               {std::to_string(size), std::to_string(offset),
                                m_faults.nameObject(object.kind, object.size, object.site),
                                std::to_string(clash->second), std::to_string(clash->first)}));
        return Continuation::Fault;
    }
    object.locations.emplace(offset, size);
    // An object atomic sections touch is one location with the sections (AtomicSections.cpp).
    const std::vector<std::uint64_t> &merged = m_options.atomicObjects;
    const bool inSections = std::binary_search(merged.begin(), merged.end(), p - std::uint64_t(d.offset));
    t.pending = Action{write ? ActionKind::MemWrite : ActionKind::MemRead, t.id, inSections ? program::kAtomicSectionKey : p,
                       std::int64_t(size)};
    return Continuation::Stop;
}

void SharedAccesses::markEscaped(InterpreterState &state, std::uint64_t value) const {
    if (m_options.model != MemoryModel::Sc)
        return;
    const program::DecodedPointer d = program::decodePointer(value);
    if (d.owner == program::kGlobalOwner || d.owner == program::kFunctionOwner)
        return;
    if (MemoryObject *object = state.memory.objectAt(value);
        object && (object->kind == ObjectKind::Heap || object->kind == ObjectKind::Stack))
        object->shared = true;
}

} // namespace weft::interpreter
