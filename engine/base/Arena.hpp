// SPDX-License-Identifier: MIT
// Append-only arena of T addressed by dense index: chunks never move, so references stay valid
// while the arena grows (like LLVM's BumpPtrAllocator, but typed and indexable).
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace weft {

template <typename T, unsigned ChunkBits = 14> class Arena {
public:
    static constexpr std::size_t kChunkSize = std::size_t{1} << ChunkBits;

    std::size_t size() const { return m_size; }

    /// Appends a value and returns its index.
    std::uint32_t push(T value) {
        if (m_size == m_chunks.size() * kChunkSize)
            m_chunks.push_back(std::make_unique<T[]>(kChunkSize));
        m_chunks.back()[m_size % kChunkSize] = std::move(value);
        return static_cast<std::uint32_t>(m_size++);
    }

    T &operator[](std::size_t i) {
        assert(i < m_size);
        return m_chunks[i >> ChunkBits][i & (kChunkSize - 1)];
    }
    const T &operator[](std::size_t i) const {
        assert(i < m_size);
        return m_chunks[i >> ChunkBits][i & (kChunkSize - 1)];
    }

    std::size_t bytesReserved() const { return m_chunks.size() * kChunkSize * sizeof(T); }

private:
    std::vector<std::unique_ptr<T[]>> m_chunks;
    std::size_t m_size = 0;
};

} // namespace weft
