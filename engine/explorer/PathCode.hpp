// SPDX-License-Identifier: MIT
// A node's place in the DFS order of the exploration tree (README.md, "Final decisions", "Deterministic defects"):
// its path code, the trail lengths of the right branches on its path (the indices of D's entries), ascending. Parallel
// workers use it to drop final decisions and to report each defect as one job would (its DFS-earliest occurrence).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace weft {

using PathCode = std::vector<std::uint32_t>;

/// DFS order of path codes: at the first index where they differ, the code with the larger trail length turned
/// right deeper, after going left where the other turned right: it is DFS-earlier. Of two leaves, one whose code is
/// a prefix of the other's went left where the other turned right: it is earlier.
inline bool dfsEarlierCode(std::span<const std::uint32_t> a, std::span<const std::uint32_t> b) {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), std::greater<>());
}

/// The path codes of the executions one worker ran, in the order it ran them, compressed (each code as the length
/// it shares with the one before and the rest, in varints: a few bytes per execution). Counts how many of them
/// precede a given leaf in DFS order, which gives a defect the number one job would have given its execution.
class PathCodeLog {
public:
    void append(std::span<const std::uint32_t> code);
    /// For each of `codes`, how many of the logged codes are DFS-earlier than it (one pass over the log).
    std::vector<std::uint64_t> countEarlier(const std::vector<PathCode> &codes) const;
    const std::vector<std::uint8_t> &bytes() const { return m_bytes; }
    /// A log from bytes() (MPI ranks); false if they are malformed.
    bool assign(std::vector<std::uint8_t> bytes);

private:
    std::vector<std::uint8_t> m_bytes;
    PathCode m_last;
};

} // namespace weft
