// SPDX-License-Identifier: MIT
// A visible operation of one thread (docs/algorithms.md, "Event models"): what executors report and events
// are labelled with. Plain value; kinds come from Actions.def.
#pragma once

#include "engine/base/Ids.hpp"

#include <compare>
#include <string>
#include <string_view>

namespace weft {

enum class ActionKind : std::uint8_t {
#define WEFT_ACTION(name, text, other, objTree) name,
#include "engine/action/Actions.def"
};

/// Lower-case name ("lock", "join", ...).
std::string_view actionKindName(ActionKind kind);
/// Whether events of this kind have a second, cross-thread predecessor.
bool hasOtherPredecessor(ActionKind kind);
/// Whether events of this kind live in a per-object tree (and so can be in immediate conflict).
bool isObjectTreeKind(ActionKind kind);
/// Whether the action is a shared-memory access (the sc model): its object is a memory location.
inline bool isMemoryAccess(ActionKind kind) { return kind == ActionKind::MemRead || kind == ActionKind::MemWrite; }
/// Whether the action is an operation on a read-write lock.
inline bool isRwlockKind(ActionKind kind) { return kind >= ActionKind::RwRdlock && kind <= ActionKind::RwDestroy; }
/// Whether the engine treats the action as a read of a location (a shared read; a read-side operation
/// on a read-write lock): reads of one write are independent of each other.
inline bool isReadAccess(ActionKind kind) {
    return kind == ActionKind::MemRead || (kind >= ActionKind::RwRdlock && kind <= ActionKind::RwRdunlock);
}
/// Whether the engine treats the action as a write of a location (a shared write; a writer-side
/// operation on a read-write lock).
inline bool isWriteAccess(ActionKind kind) {
    return kind == ActionKind::MemWrite || (kind >= ActionKind::RwWrlock && kind <= ActionKind::RwDestroy);
}
/// Reads and writes of locations: shared memory (sc model) and read-write locks (both models).
inline bool isLocationAccess(ActionKind kind) { return isReadAccess(kind) || isWriteAccess(kind); }
/// Whether the action's object is a synchronisation object (traces name it "m3" or by variable).
inline bool targetsSyncObject(ActionKind kind) {
    return (isObjectTreeKind(kind) && kind != ActionKind::NondetChoice && kind != ActionKind::ProgramEnd) ||
           kind == ActionKind::BarrierPass || isRwlockKind(kind);
}
/// Whether the action's object is a place in the program's memory that traces name ("'m'", "'x'+4"):
/// a synchronisation object or, in the sc model, an accessed location.
inline bool namesMemoryObject(ActionKind kind) { return targetsSyncObject(kind) || isMemoryAccess(kind); }
/// Whether the action's value is part of what it is (shown and exported): sem_init's count,
/// barrier_init's parties, a nondet choice's value.
inline bool showsValue(ActionKind kind) {
    return kind == ActionKind::SemInit || kind == ActionKind::BarrierInit || kind == ActionKind::NondetChoice;
}
/// Whether the action's object is a thread (create, join) rather than a synchronisation object.
inline bool targetsThread(ActionKind kind) { return kind == ActionKind::ThreadCreate || kind == ActionKind::ThreadJoin; }

struct Action {
    ActionKind kind = ActionKind::ThreadStart;
    ThreadId thread = kNoThread;
    /// The synchronisation object (mutex, semaphore, ...), the memory location for read/write, the
    /// other thread for create/join, 0 otherwise.
    ObjectId object = 0;
    /// Initial count of sem_init, parties of barrier_init, access size in bytes of read/write (display
    /// only), the value of a nondet choice; 0 otherwise.
    std::int64_t value = 0;

    friend bool operator==(const Action &, const Action &) = default;

    /// "T1 lock m3", "T0 create T2", ...
    std::string toString() const;
};

/// The object of every ProgramEnd: no memory, no model program's object has it.
inline constexpr ObjectId kProgramEndObject = ~ObjectId{0} - 1;

/// AssumeBlocked's value when the thread was stopped at the instruction bound (--max-steps), not by a
/// false assumption.
inline constexpr std::int64_t kStoppedAtStepBound = 1;

/// What the action does as a message (engine/base/Message.hpp, the Act* kinds) in English: "lock 'm'",
/// "join T2", "sem_init 's' 1". `object` names its memory object (ignored by the kinds without one).
std::string describeAction(const Action &action, const std::string &object);

} // namespace weft
