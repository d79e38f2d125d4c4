// SPDX-License-Identifier: MIT
#include "engine/explorer/RightChildOrder.hpp"

#include <algorithm>

namespace weft {

void rightChildCode(const std::vector<Disset::Entry> &entries, std::uint32_t length, std::vector<std::uint32_t> &code) {
    code.clear();
    for (const Disset::Entry &x : entries) {
        if (x.index > length)
            break;
        code.push_back(x.index);
    }
    code.push_back(length);
}

bool strictlyBefore(const std::vector<std::uint32_t> &code, const std::vector<std::uint32_t> &earliest) {
    const auto [c, e] = std::mismatch(code.begin(), code.end(), earliest.begin(), earliest.end());
    return c != code.end() && e != earliest.end() && *e < *c;
}

RightChildOrder::RightChildOrder(const std::vector<Disset::Entry> &entries, const std::vector<std::uint32_t> &earliest)
    : m_entries(entries), m_earliest(earliest) {
    while (m_shared < entries.size() && m_shared < earliest.size() && entries[m_shared].index == earliest[m_shared])
        ++m_shared;
}

bool RightChildOrder::strictlyBefore(std::uint32_t length) const {
    // The code is D's indices up to `length` (the first `upTo`), then `length`.
    const auto upTo =
        static_cast<std::size_t>(std::upper_bound(m_entries.begin(), m_entries.end(), length,
                                                  [](std::uint32_t l, const Disset::Entry &x) { return l < x.index; }) -
                                 m_entries.begin());
    if (upTo > m_shared) // the codes part inside D
        return m_shared < m_earliest.size() && m_earliest[m_shared] < m_entries[m_shared].index;
    // D's part is a prefix of `earliest`: they part at `length` (if `earliest` goes on), and a code that ends there
    // is not before it.
    return upTo < m_earliest.size() && m_earliest[upTo] < length;
}

} // namespace weft
