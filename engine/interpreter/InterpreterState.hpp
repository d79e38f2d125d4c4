// SPDX-License-Identifier: MIT
// Everything that changes while the program runs: memory, threads, mutex owners, captured output.
// A value: copying it is a snapshot, assigning one back restores it (Interpreter::restore).
#pragma once

#include "engine/interpreter/Memory.hpp"
#include "engine/interpreter/ThreadState.hpp"

#include <string>
#include <utility>
#include <vector>

namespace weft::interpreter {

struct InterpreterState {
    Memory memory;
    std::vector<ThreadState> threads;           ///< in creation order
    std::vector<std::uint32_t> threadIndex;     ///< ThreadId -> index in threads (kNoIndex if absent)
    std::vector<std::pair<std::uint64_t, ThreadId>> mutexOwners; ///< locked mutex address -> holder
    std::string output;                         ///< what the program printed in this execution
    bool programEnded = false;                  ///< exit or a failed assumption: no thread runs on
    bool exitRequested = false;                 ///< main returned: see Machine::hasExitRequested

    static constexpr std::uint32_t kNoIndex = 0xFFFFFFFFu;

    ThreadState *find(ThreadId t) {
        return t < threadIndex.size() && threadIndex[t] != kNoIndex ? &threads[threadIndex[t]] : nullptr;
    }
    const ThreadState *find(ThreadId t) const {
        return t < threadIndex.size() && threadIndex[t] != kNoIndex ? &threads[threadIndex[t]] : nullptr;
    }
    ThreadId ownerOf(std::uint64_t mutex) const {
        for (const auto &[m, t] : mutexOwners)
            if (m == mutex)
                return t;
        return kNoThread;
    }
};

} // namespace weft::interpreter
