// SPDX-License-Identifier: MIT
// The event structure as Graphviz DOT (docs/cli-output.md): one cluster per thread, thread-order
// edges, cross-thread causality edges, immediate conflicts as dashed undirected edges (once each).
#pragma once

#include "engine/unfolding/Unfolding.hpp"

#include <string>

namespace weft {

std::string toDot(const Unfolding &u);

} // namespace weft
