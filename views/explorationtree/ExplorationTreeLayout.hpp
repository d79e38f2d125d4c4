// SPDX-License-Identifier: MIT
// Where each node of the exploration tree goes, decided once when it arrives: row = depth, column =
// the execution that created it (left children stay under their parent, a right branch opens the
// next column). Nodes arrive in ExplorationTree order (depth-first), so nothing ever moves and edges
// never cross. Pure; single-threaded.
#pragma once

#include "engine/results/ExplorationTree.hpp"

#include <cstdint>
#include <vector>

namespace weft::views {

struct TreeCell {
    std::uint32_t column = 0;
    std::uint32_t row = 0;
    friend bool operator==(const TreeCell &, const TreeCell &) = default;
};

class ExplorationTreeLayout {
public:
    /// Places the next node (the first one added is the root).
    TreeCell add(const ExplorationTree::Node &node);
    TreeCell cell(ExplorationTree::NodeId n) const { return m_cells[n]; }
    std::size_t size() const { return m_cells.size(); }
    /// Columns in use (one per finished execution, plus the one being grown).
    std::uint32_t columns() const { return m_column + 1; }
    std::uint32_t rows() const { return m_rows; }

private:
    std::vector<TreeCell> m_cells;
    std::uint32_t m_column = 0;
    std::uint32_t m_rows = 0;
};

} // namespace weft::views
