// SPDX-License-Identifier: MIT
#include "engine/unfolding/EventKeys.hpp"

#include <algorithm>
#include <cassert>

namespace weft {
namespace {

// A 64-bit finaliser with full avalanche; two lanes with different seeds make the 128-bit key.
std::uint64_t avalanche(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

class KeyHasher {
public:
    void add(std::uint64_t word) {
        m_high = avalanche(m_high ^ avalanche(word + 0x9e3779b97f4a7c15ULL));
        m_low = avalanche((m_low + 0x632be59bd9b4e019ULL) ^ avalanche(word ^ 0xd6e8feb86659fd93ULL));
    }
    void add(const EventKey &key) {
        add(key.high);
        add(key.low);
    }
    EventKey key() const { return {m_high, m_low}; }

private:
    std::uint64_t m_high = 0x243f6a8885a308d3ULL;
    std::uint64_t m_low = 0x13198a2e03707344ULL;
};

} // namespace

void extendEventKeys(const Unfolding &unfolding, std::vector<EventKey> &keys) {
    std::vector<EventKey> extras;
    for (EventId e = static_cast<EventId>(keys.size()); e < unfolding.size(); ++e) {
        const Event &event = unfolding.event(e);
        KeyHasher hasher;
        hasher.add(static_cast<std::uint64_t>(event.action.kind));
        // The thread id and a create's or join's thread object are numbers given in order of first
        // sight, so they can differ between unfoldings; the predecessors already determine them (a
        // thread's first event follows its creator, a join follows the joined thread's exit).
        if (!targetsThread(event.action.kind))
            hasher.add(event.action.object);
        hasher.add(static_cast<std::uint64_t>(event.action.value));
        // Distinct markers keep "no predecessor" apart from any key, and the two slots apart.
        for (EventId pred : {event.threadPred, event.otherPred}) {
            assert(pred == kNoEvent || pred < e); // the arena is causally ordered
            if (pred == kNoEvent)
                hasher.add(0x5555555555555555ULL);
            else
                hasher.add(keys[pred]);
        }
        // A write's extra predecessors are sorted by id, which is creation order: sort by key instead.
        extras.clear();
        for (EventId read : unfolding.extraPredecessors(e))
            extras.push_back(keys[read]);
        std::sort(extras.begin(), extras.end());
        hasher.add(extras.size());
        for (const EventKey &key : extras)
            hasher.add(key);
        keys.push_back(hasher.key());
    }
}

std::vector<EventKey> eventKeys(const Unfolding &unfolding) {
    std::vector<EventKey> keys;
    keys.reserve(unfolding.size());
    extendEventKeys(unfolding, keys);
    return keys;
}

} // namespace weft
