// SPDX-License-Identifier: MIT
#include "views/explorationtree/ExplorationTreeLayout.hpp"

#include <algorithm>

namespace weft::views {

TreeCell ExplorationTreeLayout::add(const ExplorationTree::Node &node) {
    TreeCell cell{m_column, 0};
    if (!m_cells.empty())
        cell.row = m_cells[node.parent].row + 1;
    m_cells.push_back(cell);
    m_rows = std::max(m_rows, cell.row + 1);
    if (node.isLeaf)
        ++m_column;
    return cell;
}

} // namespace weft::views
