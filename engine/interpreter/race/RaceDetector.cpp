// SPDX-License-Identifier: MIT
#include "engine/interpreter/race/RaceDetector.hpp"

#include <algorithm>

namespace weft::interpreter {

VectorClock &RaceDetector::clockOf(std::uint32_t thread) {
    if (thread >= m_threads.size())
        m_threads.resize(thread + 1);
    return m_threads[thread];
}

void RaceDetector::threadStarted(std::uint32_t index, std::optional<std::uint32_t> parent) {
    if (parent) {
        VectorClock &p = clockOf(*parent);
        VectorClock child = p;
        p.tick(*parent);
        clockOf(index) = std::move(child);
    }
    clockOf(index).tick(index);
}

void RaceDetector::joined(std::uint32_t joiner, std::uint32_t joined) {
    const VectorClock other = clockOf(joined);
    clockOf(joiner).join(other);
}

void RaceDetector::release(std::uint32_t thread, std::uint64_t object) {
    VectorClock &c = clockOf(thread);
    m_objects[object].join(c);
    c.tick(thread);
}

void RaceDetector::acquire(std::uint32_t thread, std::uint64_t object) {
    if (auto it = m_objects.find(object); it != m_objects.end())
        clockOf(thread).join(it->second);
}

void RaceDetector::completeRound(std::uint64_t barrier, std::uint32_t round) {
    // Arrivals of later rounds must not flow to this round's passers: the round keeps its own clock.
    m_rounds[{barrier, round}] = std::move(m_objects[barrier]);
    m_objects.erase(barrier);
}

void RaceDetector::passRound(std::uint32_t thread, std::uint64_t barrier, std::uint32_t round) {
    if (auto it = m_rounds.find({barrier, round}); it != m_rounds.end())
        clockOf(thread).join(it->second);
}

template <typename Counts>
std::optional<RaceWitness> RaceDetector::firstUnordered(std::uint32_t thread, const VectorClock &now,
                                                        const AccessCell &cell, bool write, Counts &&counts) const {
    const std::uint32_t self = thread + 1;
    if (!cell.write.empty() && cell.write.thread != self && counts(cell.writeAtomic) && !now.covers(cell.write))
        return RaceWitness{cell.write.thread - 1, cell.writeSite, true};
    if (!write)
        return std::nullopt;
    if (cell.sharedReads) {
        for (const SharedRead &r : m_sharedReads[cell.sharedReads - 1])
            if (r.epoch.thread != self && counts(r.atomic) && !now.covers(r.epoch))
                return RaceWitness{r.epoch.thread - 1, r.site, false};
    } else if (!cell.read.empty() && cell.read.thread != self && counts(cell.readAtomic) && !now.covers(cell.read)) {
        return RaceWitness{cell.read.thread - 1, cell.readSite, false};
    }
    return std::nullopt;
}

std::optional<RaceWitness> RaceDetector::check(std::uint32_t thread, const VectorClock &now, const AccessCell &cell,
                                               bool write, bool atomic) const {
    // Two atomic accesses never race.
    return firstUnordered(thread, now, cell, write,
                          [atomic](bool earlierAtomic) { return !(atomic && earlierAtomic); });
}

void RaceDetector::record(std::uint32_t thread, const VectorClock &now, AccessCell &cell, bool write, bool atomic,
                          std::uint64_t site) {
    const Epoch e{thread + 1, now.at(thread)};
    if (write) {
        cell.write = e;
        cell.writeSite = site;
        cell.writeAtomic = atomic;
        cell.read = {};
        cell.sharedReads = 0;
        return;
    }
    if (cell.sharedReads) {
        std::vector<SharedRead> &reads = m_sharedReads[cell.sharedReads - 1];
        for (SharedRead &r : reads)
            if (r.epoch.thread == e.thread) {
                r = {e, site, atomic};
                return;
            }
        reads.push_back({e, site, atomic});
    } else if (cell.read.empty() || cell.read.thread == e.thread || now.covers(cell.read)) {
        cell.read = e;
        cell.readSite = site;
        cell.readAtomic = atomic;
    } else {
        // Two concurrent reads: a later write must be checked against both.
        m_sharedReads.push_back({{cell.read, cell.readSite, cell.readAtomic}, {e, site, atomic}});
        cell.sharedReads = std::uint32_t(m_sharedReads.size());
        cell.read = {};
    }
}

std::optional<RaceWitness> RaceDetector::unorderedAtomic(std::uint32_t thread, const VectorClock &now,
                                                         const AccessCell &cell, bool write) const {
    // The access is atomic: only the earlier atomic ones count.
    return firstUnordered(thread, now, cell, write, [](bool earlierAtomic) { return earlierAtomic; });
}

std::optional<RaceWitness> RaceDetector::unorderedAtomic(std::uint32_t thread, RaceShadow &shadow, std::uint64_t offset,
                                                         std::uint64_t count, bool write) {
    const VectorClock &now = clockOf(thread);
    for (std::uint64_t done = 0; done < count;) {
        const AccessCell *cells = shadow.cellAt(offset + done);
        const std::uint64_t run = std::min(shadow.runFrom(offset + done), count - done);
        for (std::uint64_t i = 0; i < run; ++i)
            if (auto w = unorderedAtomic(thread, now, cells[i], write)) {
                w->byte = done + i;
                return w;
            }
        done += run;
    }
    return std::nullopt;
}

std::optional<RaceWitness> RaceDetector::access(std::uint32_t thread, RaceShadow &shadow, std::uint64_t offset,
                                                std::uint64_t count, bool write, bool atomic, std::uint64_t site) {
    const VectorClock &now = clockOf(thread);
    std::optional<RaceWitness> found;
    for (std::uint64_t done = 0; done < count;) {
        // One page at a time: its cells are contiguous.
        AccessCell *cells = shadow.cellAt(offset + done);
        const std::uint64_t run = std::min(shadow.runFrom(offset + done), count - done);
        for (std::uint64_t i = 0; i < run; ++i) {
            if (!found)
                if (auto w = check(thread, now, cells[i], write, atomic);
                    w && m_reported.insert(std::minmax(site, w->site)).second) {
                    found = w;
                    found->byte = done + i;
                }
            record(thread, now, cells[i], write, atomic, site);
        }
        done += run;
    }
    return found;
}

} // namespace weft::interpreter
