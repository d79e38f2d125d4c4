// SPDX-License-Identifier: MIT
// The comb of docs/algorithms.md, "Alternatives": one spike of candidate events per chosen D-event, and the
// depth-first search for one pairwise conflict-free combination. Generic over the conflict test so
// the NP-hardness gadgets of docs/algorithms.md, "Oracles" can drive it directly.
#pragma once

#include "engine/base/Ids.hpp"

#include <algorithm>
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

    /// Finds x_i ∈ spike i, pairwise not in conflict (first solution in spike order, reusing an
    /// earlier choice when it lies in a later spike); false if none.
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
        // An event already chosen that is also in this spike adds no constraint: taking it is at
        // least as good as any other choice (common with the sc model, where one write placement
        // answers many reads of D), so it is the only branch tried.
        const std::vector<EventId> &spike = m_spikes[out.size()];
        for (std::size_t i = 0, n = out.size(); i < n; ++i)
            if (std::find(spike.begin(), spike.end(), out[i]) != spike.end()) {
                out.push_back(out[i]);
                if (search(inConflict, out))
                    return true;
                out.pop_back();
                return false;
            }
        for (EventId x : spike) {
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
