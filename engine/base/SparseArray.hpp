// SPDX-License-Identifier: MIT
// An array indexed densely from 0 whose elements are all `Default` until set: stored in chunks like Arena,
// but a chunk is allocated only when one of its elements is set to another value, so a table that is
// mostly the default (a chain link that most events never use) costs a pointer per chunk.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <memory>
#include <vector>

namespace weft {

template <typename T, T Default, unsigned ChunkBits = 14> class SparseArray {
public:
    static constexpr std::size_t kChunkSize = std::size_t{1} << ChunkBits;

    std::size_t size() const { return m_size; }
    /// Appends an element with the default value.
    void pushDefault() {
        if (m_size == m_chunks.size() * kChunkSize)
            m_chunks.emplace_back();
        ++m_size;
    }

    T operator[](std::size_t i) const {
        assert(i < m_size);
        const std::unique_ptr<T[]> &chunk = m_chunks[i >> ChunkBits];
        return chunk ? chunk[i & (kChunkSize - 1)] : Default;
    }
    void set(std::size_t i, T value) {
        assert(i < m_size);
        std::unique_ptr<T[]> &chunk = m_chunks[i >> ChunkBits];
        if (!chunk) {
            if (value == Default)
                return;
            chunk = std::make_unique<T[]>(kChunkSize);
            std::fill(chunk.get(), chunk.get() + kChunkSize, Default);
        }
        chunk[i & (kChunkSize - 1)] = value;
    }

    std::size_t bytesReserved() const {
        std::size_t chunks = 0;
        for (const std::unique_ptr<T[]> &chunk : m_chunks)
            chunks += chunk ? 1 : 0;
        return chunks * kChunkSize * sizeof(T) + m_chunks.capacity() * sizeof(std::unique_ptr<T[]>);
    }

private:
    std::vector<std::unique_ptr<T[]>> m_chunks; // null: every element of the chunk is Default
    std::size_t m_size = 0;
};

} // namespace weft
