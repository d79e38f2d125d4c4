// SPDX-License-Identifier: MIT
// A vector clock over the threads of one execution, indexed by creation order (dense, so a clock is
// a short vector). Happens-before for the data-race detector (RaceDetector.hpp). Value type.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace weft::interpreter {

/// One access's time stamp: thread (creation index + 1; 0 = none) and that thread's clock then.
struct Epoch {
    std::uint32_t thread = 0;
    std::uint32_t clock = 0;
    bool empty() const { return thread == 0; }
    friend bool operator==(const Epoch &, const Epoch &) = default;
};

class VectorClock {
public:
    std::uint32_t at(std::uint32_t index) const { return index < m_clocks.size() ? m_clocks[index] : 0; }
    void set(std::uint32_t index, std::uint32_t value) {
        if (index >= m_clocks.size())
            m_clocks.resize(index + 1, 0);
        m_clocks[index] = value;
    }
    void tick(std::uint32_t index) { set(index, at(index) + 1); }
    void join(const VectorClock &other) {
        if (other.m_clocks.size() > m_clocks.size())
            m_clocks.resize(other.m_clocks.size(), 0);
        for (std::size_t i = 0; i < other.m_clocks.size(); ++i)
            m_clocks[i] = std::max(m_clocks[i], other.m_clocks[i]);
    }
    /// Whether the access stamped `e` happens before (or is) the present of this clock's thread.
    bool covers(Epoch e) const { return e.empty() || e.clock <= at(e.thread - 1); }

private:
    std::vector<std::uint32_t> m_clocks;
};

} // namespace weft::interpreter
