// SPDX-License-Identifier: MIT
// Where a parked decision's right child stands in DFS order (engine/explorer/README.md, "Final decisions"):
// its path code, and the test that it precedes every node after the earliest late item, which makes a settled
// decision final.
#pragma once

#include "engine/explorer/Disset.hpp"

#include <cstdint>
#include <vector>

namespace weft {

/// The path code of the right child of the node of trail length `length` whose D held `entries` (those
/// deeper ignored): D's indices up to it, then `length`.
void rightChildCode(const std::vector<Disset::Entry> &entries, std::uint32_t length, std::vector<std::uint32_t> &code);

/// Whether every node whose code is ordered after `earliest` by dfsEarlierCode, and not below it, is DFS-later
/// than `code`: they part at an index where `earliest` turned right shallower than `code`.
bool strictlyBefore(const std::vector<std::uint32_t> &code, const std::vector<std::uint32_t> &earliest);

/// strictlyBefore(rightChildCode(entries, length), earliest) for the decisions of one parked record: the
/// record's D is the same for all of them, so the length it shares with `earliest` is found once, and each
/// decision then costs one binary search instead of building its code (MPAT(6), 2 jobs: ~1.3 million settled
/// decisions a run, each against a D of tens of entries).
class RightChildOrder {
public:
    RightChildOrder(const std::vector<Disset::Entry> &entries, const std::vector<std::uint32_t> &earliest);
    bool strictlyBefore(std::uint32_t length) const;

private:
    const std::vector<Disset::Entry> &m_entries;
    const std::vector<std::uint32_t> &m_earliest;
    std::size_t m_shared = 0; ///< the length of the prefix D's indices share with `earliest`
};

} // namespace weft
