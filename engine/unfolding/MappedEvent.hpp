// SPDX-License-Identifier: MIT
// An event copied from another unfolding into this one (a parallel worker's imports, the desktop app's
// display structure that merges the workers' events): its predecessors already mapped to this one's ids,
// it is hash-consed as the explorer would have made it (engine/explorer/README.md, "Design of --jobs N").
#pragma once

#include "engine/unfolding/Unfolding.hpp"

#include <algorithm>
#include <vector>

namespace weft {

/// Unfolding::obtain for a mapped event: interns its object or location first, as the explorer does before
/// asking, and sorts `extras` (mapped ids, reordered in place) into this unfolding's canonical order.
inline EventId obtainMapped(Unfolding &u, const Action &action, EventId threadPred, EventId otherPred,
                            std::vector<EventId> &extras) {
    std::sort(extras.begin(), extras.end());
    if (isLocationAccess(action.kind))
        u.objects().internLocation(action);
    else if (isObjectTreeKind(action.kind))
        u.objects().internObject(action.object);
    return u.obtain(action, threadPred, otherPred, extras);
}

} // namespace weft
