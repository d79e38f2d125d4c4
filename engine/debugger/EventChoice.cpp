// SPDX-License-Identifier: MIT
#include "engine/debugger/EventChoice.hpp"

#include <algorithm>

namespace weft::debugger {

namespace {
/// Marks `e` and its causal predecessors in `in`.
void markPast(const ExplorationSnapshot &s, EventId e, std::vector<char> &in) {
    std::vector<EventId> work{e};
    while (!work.empty()) {
        const EventId x = work.back();
        work.pop_back();
        if (x == kNoEvent || x >= s.events.size() || in[x])
            continue;
        in[x] = 1;
        for (EventId p : s.predecessors(x))
            work.push_back(p);
    }
}
} // namespace

std::vector<EventId> causalPast(const ExplorationSnapshot &snapshot, EventId e) {
    std::vector<char> in(snapshot.events.size(), 0);
    markPast(snapshot, e, in);
    std::vector<EventId> out;
    for (EventId x = 0; x < in.size(); ++x)
        if (in[x])
            out.push_back(x);
    return out;
}

std::vector<EventId> immediateConflicts(const ExplorationSnapshot &snapshot, EventId e) {
    std::vector<EventId> out;
    for (std::size_t i = 0; i < snapshot.conflicts.size(); ++i) {
        const ConflictRecord &c = snapshot.conflicts[i];
        if (c.earlier == e)
            out.push_back(c.later);
        else if (c.later == e)
            out.push_back(c.earlier);
    }
    std::sort(out.begin(), out.end());
    return out;
}

ChosenRun configurationWith(const ExplorationSnapshot &s, const std::vector<EventId> &current,
                                           EventId e) {
    const std::size_t n = s.events.size();
    std::vector<char> past(n, 0);
    markPast(s, e, past);
    // Events in conflict with [e]: an immediate conflict with one of [e]'s events, and everything
    // causally after such an event (conflict is inherited along causality).
    std::vector<char> conflicting(n, 0);
    for (std::size_t i = 0; i < s.conflicts.size(); ++i) {
        const ConflictRecord &c = s.conflicts[i];
        if (c.earlier >= n || c.later >= n)
            continue;
        if (past[c.earlier])
            conflicting[c.later] = 1;
        if (past[c.later])
            conflicting[c.earlier] = 1;
    }
    std::vector<char> keep = past;
    std::vector<EventId> sorted = current;
    std::sort(sorted.begin(), sorted.end()); // predecessors first, so inheritance is one pass
    for (EventId c : sorted) {
        if (c >= n)
            continue;
        bool inherited = false;
        for (EventId p : s.predecessors(c))
            inherited = inherited || (p < n && conflicting[p]);
        if (inherited)
            conflicting[c] = 1;
        if (!conflicting[c])
            keep[c] = 1;
    }
    ChosenRun out;
    for (EventId x = 0; x < n; ++x)
        if (keep[x]) {
            out.events.push_back(x);
            out.schedule.append(s.events[x].action);
        }
    return out;
}

} // namespace weft::debugger
