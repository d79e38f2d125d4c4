// SPDX-License-Identifier: MIT
// The data-race detector's record of one memory object, sparse: the AccessCells of a page of 64 bytes
// exist once an access touches that page, so a program touching one byte of a 32 MiB global pays for
// one page (and a directory of one pointer per page), not 40 bytes per byte. Value type (snapshots copy it).
#pragma once

#include "engine/interpreter/race/AccessCell.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace weft::interpreter {

class RaceShadow {
public:
    /// Cells per page: small enough that a lone scalar stays cheap, large enough that the directory
    /// (8 bytes per page) is an eighth of the object at most.
    static constexpr std::uint32_t kPageCells = 64;

    RaceShadow() = default;
    RaceShadow(const RaceShadow &other);
    RaceShadow &operator=(const RaceShadow &other);
    RaceShadow(RaceShadow &&) noexcept = default;
    RaceShadow &operator=(RaceShadow &&) noexcept = default;

    /// Bytes that covering [offset, offset + count) of an object of `objectSize` bytes would add
    /// (0 when every page of the range exists already).
    std::uint64_t costToCover(std::uint32_t objectSize, std::uint64_t offset, std::uint64_t count) const;
    /// Whether every page of [offset, offset + count) exists (count > 0): the common case, inline.
    bool covers(std::uint64_t offset, std::uint64_t count) const {
        if (m_pages.empty())
            return false;
        if (count > kPageCells)
            return costToCover(m_objectSize, offset, count) == 0;
        return m_pages[offset / kPageCells] && m_pages[(offset + count - 1) / kPageCells];
    }
    /// Makes the pages of [offset, offset + count) exist (fresh cells: no access yet).
    void cover(std::uint32_t objectSize, std::uint64_t offset, std::uint64_t count);
    /// Cell `offset`, whose page exists; the cells up to the end of its page follow it contiguously.
    AccessCell *cellAt(std::uint64_t offset) { return m_pages[offset / kPageCells].get() + offset % kPageCells; }
    /// Cells from `offset` to the end of its page (or of the object).
    std::uint64_t runFrom(std::uint64_t offset) const {
        const std::uint64_t end = std::min<std::uint64_t>((offset / kPageCells + 1) * kPageCells, m_objectSize);
        return end - offset;
    }
    /// Whether no access has touched the object yet.
    bool isEmpty() const { return m_pages.empty(); }
    /// Whether an access touched the page holding cell `offset`.
    bool touches(std::uint64_t offset) const { return !m_pages.empty() && m_pages[offset / kPageCells]; }
    /// Memory the record holds (pages and directory), counted against the execution's limit.
    std::uint64_t bytes() const { return m_bytes; }
    /// Pages that exist (for tests and statistics).
    std::size_t pageCount() const;

private:
    std::uint32_t cellsOfPage(std::size_t page) const {
        return std::min<std::uint32_t>(kPageCells, m_objectSize - std::uint32_t(page) * kPageCells);
    }

    std::uint32_t m_objectSize = 0;
    std::uint64_t m_bytes = 0;
    std::vector<std::unique_ptr<AccessCell[]>> m_pages; ///< empty until the first access
};

} // namespace weft::interpreter
