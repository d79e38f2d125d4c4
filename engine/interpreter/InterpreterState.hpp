// SPDX-License-Identifier: MIT
// Everything that changes while the program runs: memory, threads, synchronisation objects, output.
// A value: copying it is a snapshot, assigning one back restores it (Interpreter::restore).
#pragma once

#include "engine/action/SyncObjectState.hpp"
#include "engine/base/SourceSpot.hpp"
#include "engine/execution/Machine.hpp"
#include "engine/interpreter/Memory.hpp"
#include "engine/interpreter/ThreadState.hpp"
#include "engine/interpreter/race/RaceDetector.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace weft::interpreter {

/// A pthread_mutex_init that another thread may race with: who made it and when (RaceDetector::now),
/// and where ((function << 32) | pc) (pthread/MutexInitialisation.hpp).
struct MutexInitStamp {
    Epoch epoch;
    std::uint64_t site = 0;
};

struct InterpreterState {
    Memory memory;
    std::vector<ThreadState> threads;           ///< in creation order
    std::vector<std::uint32_t> threadIndex;     ///< ThreadId -> index in threads (kNoIndex if absent)
    /// Mutexes, semaphores, condition variables and barriers by address; absent = never used
    /// (a free mutex, an uninitialised semaphore or barrier, a condition variable nobody waits on).
    std::map<std::uint64_t, SyncObjectState> objects;
    /// Holds of recursive mutexes beyond the first, by address (only the first lock and the last
    /// unlock are visible actions: in between no other thread can take the mutex).
    std::map<std::uint64_t, std::uint32_t> relocks;
    /// pthread_mutex_destroy calls so far: until the first, no mutex operation looks for the
    /// destroyed mark (pthread/MutexType.hpp).
    std::uint32_t mutexDestroys = 0;
    /// Destroys of semaphores, condition variables, barriers and read-write locks so far: until the
    /// first, no operation looks for the destroyed mark (pthread/ObjectDestruction.hpp).
    std::uint32_t objectDestroys = 0;
    /// Mutexes (address, last init) whose pthread_mutex_init another thread may race with: every use
    /// of one checks that it comes after the init. Few (a program's mutexes initialised while threads run).
    std::vector<std::pair<std::uint64_t, MutexInitStamp>> racyInits;
    RaceDetector races;                         ///< happens-before and access history of this execution
    std::string output;                         ///< what the program printed in this execution
    /// Instructions (function << 32 | pc) whose uninitialised read this execution has reported.
    std::set<std::uint64_t> uninitialisedUses;
    bool programEnded = false; ///< a ProgramEnd ran (exit, a fault): no thread runs on
    /// A fault raised in a thread's local code waits as that thread's pending ProgramEnd
    /// (engine/unfolding/README.md, "Program ends"): the defect, and where it was raised, until the end runs.
    struct EndingFault {
        ThreadId thread = kNoThread;
        ProgramFault fault;
        SourceSpot spot;
    };
    std::vector<EndingFault> endingFaults;
    /// sc: the thread stopped by an end inside an atomic section after the section's event, and the objects
    /// (base addresses) its section touched: the others' accesses to them wait (Interpreter::pending), so no
    /// thread sees the section half done, while their other steps still run before the end
    /// (engine/unfolding/README.md, "Program ends"). sectionObjects is the last section's while none is.
    ThreadId sectionHolder = kNoThread;
    std::vector<std::uint64_t> sectionObjects; ///< sorted
    bool exitHandlersRan = false; ///< the atexit handlers have run (or are running)
    bool exitRequested = false;                 ///< main returned: see Machine::hasExitRequested
    std::uint64_t work = 0; ///< instructions run by execute() (Machine::work)

    static constexpr std::uint32_t kNoIndex = 0xFFFFFFFFu;

    ThreadState *find(ThreadId t) {
        return t < threadIndex.size() && threadIndex[t] != kNoIndex ? &threads[threadIndex[t]] : nullptr;
    }
    const ThreadState *find(ThreadId t) const {
        return t < threadIndex.size() && threadIndex[t] != kNoIndex ? &threads[threadIndex[t]] : nullptr;
    }
    /// The state of the object at `address` (the initial state if it was never used).
    const SyncObjectState &object(std::uint64_t address) const {
        static const SyncObjectState kUnused;
        const auto it = objects.find(address);
        return it == objects.end() ? kUnused : it->second;
    }
    ThreadId ownerOf(std::uint64_t mutex) const { return object(mutex).owner; }
};

} // namespace weft::interpreter
