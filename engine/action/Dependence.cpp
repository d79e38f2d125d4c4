// SPDX-License-Identifier: MIT
#include "engine/action/Dependence.hpp"

namespace weft {

bool dependent(const Action &a, const Action &b) {
    if (a.thread == b.thread)
        return true;
    if (isLocationAccess(a.kind) && isLocationAccess(b.kind))
        return a.object == b.object && isRwlockKind(a.kind) == isRwlockKind(b.kind) &&
               (isWriteAccess(a.kind) || isWriteAccess(b.kind));
    if (isObjectTreeKind(a.kind) && isObjectTreeKind(b.kind) && a.object == b.object)
        return true;
    auto creates = [](const Action &x, const Action &y) {
        return x.kind == ActionKind::ThreadCreate && x.object == y.thread;
    };
    auto exitJoin = [](const Action &x, const Action &y) {
        return x.kind == ActionKind::ThreadExit && y.kind == ActionKind::ThreadJoin && y.object == x.thread;
    };
    // A barrier pass waits for the round's arrivals (exact for programs whose threads pass a
    // barrier before any of them arrives at it again).
    auto arrivePass = [](const Action &x, const Action &y) {
        return x.kind == ActionKind::BarrierArrive && y.kind == ActionKind::BarrierPass && x.object == y.object;
    };
    return creates(a, b) || creates(b, a) || exitJoin(a, b) || exitJoin(b, a) || arrivePass(a, b) ||
           arrivePass(b, a);
}

} // namespace weft
