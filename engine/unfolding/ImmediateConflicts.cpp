// SPDX-License-Identifier: MIT
#include "engine/unfolding/ImmediateConflicts.hpp"

#include <algorithm>

namespace weft {

void appendSiblings(const Unfolding &u, EventId d, std::vector<EventId> &out) {
    const Event &ed = u.event(d);
    if (ed.isMemoryAccess()) {
        // README.md: the writes after d's write (or after d's previous write) and, for a write, the
        // reads of its previous write, minus those that cannot be immediate conflicts of d ("Spike
        // candidates" there). Most accesses have no candidate left at all: skipped in O(1).
        const RaceCandidates &races = u.raceCandidates();
        if (!races.isRacing(d))
            return;
        for (EventId w : u.writeSuccessors(ed.otherPred, ed.location))
            if (races.mayRace(u, d, w))
                out.push_back(w);
        if (ed.isWrite())
            for (EventId r : u.readersOf(ed.otherPred, ed.location))
                if (races.mayRace(u, d, r))
                    out.push_back(r);
        return;
    }
    if (!ed.isObjectOperation())
        return;
    auto consider = [&](EventId s) {
        if (s != d && u.event(s).thread() != ed.thread())
            out.push_back(s);
    };
    if (ed.otherPred == kNoEvent) {
        for (EventId s : u.objectSuccessors(kNoEvent, ed.object))
            consider(s);
        return;
    }
    const SequentialTree &tree = u.objectTree();
    for (auto n = tree.firstChild(u.event(ed.otherPred).objectNode); n != SequentialTree::kNone;
         n = tree.nextSibling(n))
        consider(u.objectNodeEvent(n));
}

namespace {

/// Keeps the candidates of `siblings` that are immediate conflicts of `e`.
void keepImmediateConflicts(const Unfolding &u, EventId e, std::vector<EventId> &siblings) {
    if (u.event(e).isMemoryAccess()) {
        // Candidates conflict with e; immediate iff neither history conflicts with the other event.
        auto historyFits = [&](EventId x, EventId with) {
            for (EventId p : u.predecessors(x))
                if (u.inConflict(p, with))
                    return false;
            return true;
        };
        std::erase_if(siblings, [&](EventId x) { return !historyFits(x, e) || !historyFits(e, x); });
        return;
    }
    // Siblings share the other predecessor, so only the thread predecessors can bring a conflict in.
    auto historyFits = [&](EventId x, EventId with) {
        const EventId p = u.event(x).threadPred;
        return p == kNoEvent || !u.inConflict(p, with);
    };
    std::erase_if(siblings, [&](EventId x) { return !historyFits(x, e) || !historyFits(e, x); });
}

} // namespace

std::vector<EventId> immediateConflicts(const Unfolding &u, EventId e) {
    std::vector<EventId> siblings;
    appendSiblings(u, e, siblings);
    keepImmediateConflicts(u, e, siblings);
    return siblings;
}

std::vector<EventId> earlierImmediateConflicts(const Unfolding &u, EventId e) {
    std::vector<EventId> siblings;
    appendSiblings(u, e, siblings);
    std::erase_if(siblings, [&](EventId x) { return x >= e; });
    keepImmediateConflicts(u, e, siblings);
    return siblings;
}

bool areObjectSiblings(const Unfolding &u, EventId a, EventId b) {
    const Event &ea = u.event(a), &eb = u.event(b);
    return ea.isObjectOperation() && ea.object == eb.object && ea.otherPred == eb.otherPred && a != b;
}

bool areMemorySiblings(const Unfolding &u, EventId a, EventId b) {
    const Event &ea = u.event(a), &eb = u.event(b);
    return a != b && ea.isMemoryAccess() && ea.location == eb.location && ea.otherPred == eb.otherPred &&
           eb.isMemoryAccess() && (ea.isWrite() || eb.isWrite());
}

} // namespace weft
