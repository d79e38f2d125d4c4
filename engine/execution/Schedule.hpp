// SPDX-License-Identifier: MIT
// What an executor is told to do: replay these threads' visible actions in this order, then run freely
// (lowest-numbered runnable thread first), never waking the sleepers (docs/algorithms.md, "Run-to-completion
// loop").
#pragma once

#include "engine/action/Action.hpp"
#include "engine/base/Expected.hpp"
#include "engine/base/Ids.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
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
    /// The value of each nondet choice among them (--nondet explore): (step, value), sorted by step.
    /// A choice without an entry, and every choice in free mode, takes its domain's first value (NondetDomain::first:
    /// 0 when the domain holds it).
    std::vector<std::pair<std::size_t, std::int64_t>> choices;
    std::vector<SleepEntry> sleeping;

    /// Appends the step that performs `action` (its thread; its value if it is a nondet choice).
    void append(const Action &action);
    /// The value recorded for step `step`, if it is a recorded choice.
    std::optional<std::int64_t> choiceAt(std::size_t step) const;

    /// Run-length text: "0*4,1*4,0*2" (a bare id means *1); a step that is a nondet choice is
    /// "THREAD=VALUE" ("0*3,1=5,0"); three or more single steps of consecutive threads are a range
    /// "FIRST-LAST" ("0*4096,1-4095"). The sleep set is not part of the text.
    std::string toString() const;
    /// Parses toString()'s format (spaces allowed); a bad item gives a diagnostic naming it.
    static Expected<Schedule> parse(std::string_view text);
};

} // namespace weft
