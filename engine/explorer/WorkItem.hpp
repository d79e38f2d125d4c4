// SPDX-License-Identifier: MIT
// A work item of parallel exploration (README.md, "What a work item carries"): the root of a right subtree
// of the exploration tree, in terms every worker understands (thread ids and actions, never event ids,
// which mean something only in one worker's unfolding).
#pragma once

#include "engine/action/Action.hpp"
#include "engine/execution/Schedule.hpp"

#include <cstdint>
#include <vector>

namespace weft {

struct WorkItem {
    /// A D-event: thread t's next action at the configuration of the first `index` trail events.
    struct Disabled {
        std::uint32_t index = 0;
        Action action;
    };
    /// C's trail, then the clue J \ C in causal order (and, for non-optimal policies, the sleep set).
    Schedule schedule;
    /// |C|: the subtree's root depth; the worker never backtracks above it.
    std::uint32_t prefixLength = 0;
    /// D at the root, sorted by index.
    std::vector<Disabled> disabled;
};

} // namespace weft
