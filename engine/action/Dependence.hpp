// SPDX-License-Identifier: MIT
// The dependence relation D of docs/algorithms.md, "Event models", extended to shared memory (the sc model,
// issue 5): the one definition used by sleep sets and by the brute-force oracle; the unfolding's event model
// (engine/unfolding/README.md) realises exactly this relation.
#pragma once

#include "engine/action/Action.hpp"

namespace weft {

/// Whether a and b are dependent: same thread; two accesses to one memory location unless both are
/// reads (a read-write lock's read-side operations are reads, its writer-side ones writes); two
/// operations on one synchronisation object; create(t) and t's actions; exit(t) and
/// join(t); a barrier's arrivals and passes.
bool dependent(const Action &a, const Action &b);

} // namespace weft
