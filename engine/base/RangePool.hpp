// SPDX-License-Identifier: MIT
// Append-only pool of contiguous ranges of T addressed by the index of their first element: like a
// vector that ranges are appended to, but stored in chunks that never move, so growing never copies
// the pool (a vector's doubling holds old and new buffers at once: the peak is twice the data).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace weft {

template <typename T, unsigned ChunkBits = 16> class RangePool {
public:
    static constexpr std::size_t kChunkSize = std::size_t{1} << ChunkBits;

    /// Index one past the last element appended (an index no range starts at yet).
    std::size_t size() const { return m_size; }

    /// Appends `count` default values as one contiguous range and returns its index. A range never
    /// straddles two chunks: it starts a new chunk when the current one is too full (the rest of the
    /// old one stays unused), and a range longer than a chunk gets consecutive chunk slots of one
    /// allocation.
    std::uint32_t append(std::size_t count) {
        const std::size_t inChunk = m_size & (kChunkSize - 1);
        if (inChunk == 0 || inChunk + count > kChunkSize) {
            const std::size_t chunks = count > kChunkSize ? (count + kChunkSize - 1) / kChunkSize : 1;
            m_size = m_slots.size() * kChunkSize;
            m_owned.push_back(std::make_unique<T[]>(chunks * kChunkSize));
            for (std::size_t i = 0; i < chunks; ++i)
                m_slots.push_back(m_owned.back().get() + i * kChunkSize);
        }
        const std::size_t at = m_size;
        m_size += count;
        return static_cast<std::uint32_t>(at);
    }

    T *at(std::size_t i) { return m_slots[i >> ChunkBits] + (i & (kChunkSize - 1)); }
    const T *at(std::size_t i) const { return m_slots[i >> ChunkBits] + (i & (kChunkSize - 1)); }
    T &operator[](std::size_t i) { return *at(i); }
    const T &operator[](std::size_t i) const { return *at(i); }

    std::size_t bytesReserved() const { return m_slots.size() * kChunkSize * sizeof(T); }

private:
    std::vector<T *> m_slots; // chunk k holds indexes [k * kChunkSize, (k + 1) * kChunkSize)
    std::vector<std::unique_ptr<T[]>> m_owned;
    std::size_t m_size = 0;
};

} // namespace weft
