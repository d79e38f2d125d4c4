// SPDX-License-Identifier: MIT
// What an executor is told to do: replay these threads' visible actions in this order, then run freely
// (lowest-numbered runnable thread first), never waking the sleepers (docs/algorithms.md, "Run-to-completion
// loop").
#pragma once

#include "engine/action/Action.hpp"
#include "engine/base/Expected.hpp"
#include "engine/base/Ids.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace weft {

/// A thread kept asleep in free mode until another thread performs an action dependent with its
/// sleeping one (`kind` on `mutex`: an object operation or a memory access; a sleep-set entry).
struct SleepEntry {
    ThreadId thread = kNoThread;
    ObjectId mutex = 0; ///< the object or memory location
    ActionKind kind = ActionKind::MutexLock;
};

struct Schedule {
    /// One thread id per visible action to replay, in order; then free mode.
    std::vector<ThreadId> replay;
    std::vector<SleepEntry> sleeping;

    /// Run-length text: "0*4,1*4,0*2" (a bare id means *1). The sleep set is not part of the text.
    std::string toString() const;
    /// Parses toString()'s format (spaces allowed); a bad item gives a diagnostic naming it.
    static Expected<Schedule> parse(std::string_view text);
};

} // namespace weft
