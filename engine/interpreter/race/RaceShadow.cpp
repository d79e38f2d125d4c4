// SPDX-License-Identifier: MIT
#include "engine/interpreter/race/RaceShadow.hpp"

#include <algorithm>

namespace weft::interpreter {

RaceShadow::RaceShadow(const RaceShadow &other)
    : m_objectSize(other.m_objectSize), m_bytes(other.m_bytes), m_pages(other.m_pages.size()) {
    for (std::size_t i = 0; i < m_pages.size(); ++i)
        if (other.m_pages[i]) {
            const std::uint32_t n = cellsOfPage(i);
            m_pages[i] = std::make_unique<AccessCell[]>(n);
            std::copy_n(other.m_pages[i].get(), n, m_pages[i].get());
        }
}

RaceShadow &RaceShadow::operator=(const RaceShadow &other) {
    if (this != &other)
        *this = RaceShadow(other);
    return *this;
}

std::uint64_t RaceShadow::costToCover(std::uint32_t objectSize, std::uint64_t offset, std::uint64_t count) const {
    if (count == 0)
        return 0;
    const std::uint64_t pages = (std::uint64_t(objectSize) + kPageCells - 1) / kPageCells;
    std::uint64_t cost = m_pages.empty() ? pages * sizeof(m_pages[0]) : 0;
    for (std::uint64_t page = offset / kPageCells; page <= (offset + count - 1) / kPageCells; ++page)
        if (m_pages.empty() || !m_pages[page])
            cost += std::min<std::uint64_t>(kPageCells, objectSize - page * kPageCells) * sizeof(AccessCell);
    return cost;
}

void RaceShadow::cover(std::uint32_t objectSize, std::uint64_t offset, std::uint64_t count) {
    if (count == 0)
        return;
    if (m_pages.empty()) {
        m_objectSize = objectSize;
        m_pages.resize((std::uint64_t(objectSize) + kPageCells - 1) / kPageCells);
        m_bytes += m_pages.size() * sizeof(m_pages[0]);
    }
    for (std::uint64_t page = offset / kPageCells; page <= (offset + count - 1) / kPageCells; ++page)
        if (!m_pages[page]) {
            const std::uint32_t n = cellsOfPage(page);
            m_pages[page] = std::make_unique<AccessCell[]>(n);
            m_bytes += n * sizeof(AccessCell);
        }
}

std::size_t RaceShadow::pageCount() const {
    return std::size_t(std::count_if(m_pages.begin(), m_pages.end(), [](const auto &p) { return p != nullptr; }));
}

} // namespace weft::interpreter
