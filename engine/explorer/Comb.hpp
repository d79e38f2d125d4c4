// SPDX-License-Identifier: MIT
// The comb of spec/qpor.md §2.8 / §3.11: one spike of candidate events per chosen D-event, and the
// depth-first search for one pairwise conflict-free combination. Generic over the conflict test so
// the NP-hardness gadgets of §7.3 can drive it directly.
#pragma once

#include "engine/base/Ids.hpp"

#include <vector>

namespace weft {

class Comb {
public:
    void clear() { m_spikes.clear(); }
    /// Starts a new, empty spike and returns it for filling.
    std::vector<EventId> &addSpike() {
        m_spikes.emplace_back();
        return m_spikes.back();
    }
    const std::vector<std::vector<EventId>> &spikes() const { return m_spikes; }
    std::size_t size() const { return m_spikes.size(); }

    /// Finds x_i ∈ spike i, pairwise not in conflict (first solution in spike order); false if none.
    template <typename InConflict>
    bool findCombination(InConflict &&inConflict, std::vector<EventId> &out) const {
        out.clear();
        for (const auto &s : m_spikes)
            if (s.empty())
                return false;
        return search(inConflict, out);
    }

private:
    template <typename InConflict> bool search(InConflict &inConflict, std::vector<EventId> &out) const {
        if (out.size() == m_spikes.size())
            return true;
        for (EventId x : m_spikes[out.size()]) {
            bool compatible = true;
            for (EventId y : out)
                if (x != y && inConflict(x, y)) {
                    compatible = false;
                    break;
                }
            if (!compatible)
                continue;
            out.push_back(x);
            if (search(inConflict, out))
                return true;
            out.pop_back();
        }
        return false;
    }

    std::vector<std::vector<EventId>> m_spikes;
};

} // namespace weft
