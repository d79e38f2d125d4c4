// SPDX-License-Identifier: MIT
// An append-only sequence shared between an exploration's worker and the GUI: the writer appends into
// fixed-size chunks that never move; a reader keeps a View (the chunks and a length) that later appends
// never change. One writer thread; a View may be read on any thread once handed over with a
// happens-before edge (the session's queued delivery), because the writer only touches slots past it.
#pragma once

#include <cassert>
#include <cstddef>
#include <memory>
#include <vector>

namespace weft {

template <typename T, std::size_t ChunkSize = 4096> class AppendLog {
    struct Chunk {
        std::unique_ptr<T[]> items = std::make_unique<T[]>(ChunkSize);
    };

public:
    /// An immutable prefix of the log.
    class View {
    public:
        std::size_t size() const { return m_size; }
        bool empty() const { return m_size == 0; }
        const T &operator[](std::size_t i) const {
            assert(i < m_size);
            return m_chunks[i / ChunkSize]->items[i % ChunkSize];
        }
        const T &back() const { return (*this)[m_size - 1]; }

    private:
        friend class AppendLog;
        std::vector<std::shared_ptr<const Chunk>> m_chunks;
        std::size_t m_size = 0;
    };

    void push(T value) {
        if (m_size == m_chunks.size() * ChunkSize)
            m_chunks.push_back(std::make_shared<Chunk>());
        m_chunks.back()->items[m_size % ChunkSize] = std::move(value);
        ++m_size;
    }
    std::size_t size() const { return m_size; }
    const T &operator[](std::size_t i) const { return m_chunks[i / ChunkSize]->items[i % ChunkSize]; }

    /// The log as it is now; later pushes do not show in it.
    View view() const {
        View v;
        v.m_chunks.assign(m_chunks.begin(), m_chunks.end());
        v.m_size = m_size;
        return v;
    }

private:
    std::vector<std::shared_ptr<Chunk>> m_chunks;
    std::size_t m_size = 0;
};

} // namespace weft
