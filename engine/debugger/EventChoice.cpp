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

std::vector<EventId> eventsOfRun(const ExplorationSnapshot &s, const std::vector<Action> &steps,
                                 std::vector<EventId> known) {
    const std::size_t n = s.events.size();
    if (known.size() >= steps.size() || n == 0)
        return known;
    std::vector<char> in(n, 0);
    std::vector<EventId> lastOf; // each thread's latest event in the configuration
    auto add = [&](EventId e) {
        in[e] = 1;
        const ThreadId t = s.events[e].thread;
        if (t >= lastOf.size())
            lastOf.resize(t + 1, kNoEvent);
        lastOf[t] = e;
    };
    for (EventId e : known) {
        if (e >= n)
            return known;
        add(e);
    }
    // The events after each thread predecessor (slot 0: a thread's first event), and every event's
    // immediate conflicts, as offset tables.
    std::vector<std::uint32_t> nextBegin(n + 2, 0), conflictBegin(n + 1, 0);
    auto slot = [](EventId pred) { return pred == kNoEvent ? std::size_t{0} : std::size_t{pred} + 1; };
    for (std::size_t i = 0; i < n; ++i)
        ++nextBegin[slot(s.events[i].threadPred) + 1];
    for (std::size_t i = 1; i < nextBegin.size(); ++i)
        nextBegin[i] += nextBegin[i - 1];
    std::vector<EventId> next(n);
    {
        std::vector<std::uint32_t> fill(nextBegin.begin(), nextBegin.end() - 1);
        for (EventId i = 0; i < n; ++i)
            next[fill[slot(s.events[i].threadPred)]++] = i;
    }
    for (std::size_t i = 0; i < s.conflicts.size(); ++i) {
        const ConflictRecord &c = s.conflicts[i];
        if (c.earlier < n && c.later < n) {
            ++conflictBegin[c.earlier + 1];
            ++conflictBegin[c.later + 1];
        }
    }
    for (std::size_t i = 1; i < conflictBegin.size(); ++i)
        conflictBegin[i] += conflictBegin[i - 1];
    std::vector<EventId> conflicting(conflictBegin.back());
    {
        std::vector<std::uint32_t> fill(conflictBegin.begin(), conflictBegin.end() - 1);
        for (std::size_t i = 0; i < s.conflicts.size(); ++i) {
            const ConflictRecord &c = s.conflicts[i];
            if (c.earlier < n && c.later < n) {
                conflicting[fill[c.earlier]++] = c.later;
                conflicting[fill[c.later]++] = c.earlier;
            }
        }
    }
    auto extends = [&](EventId e) {
        for (EventId p : s.predecessors(e))
            if (p >= n || !in[p])
                return false;
        for (std::uint32_t i = conflictBegin[e]; i < conflictBegin[e + 1]; ++i)
            if (in[conflicting[i]])
                return false;
        return true;
    };
    for (std::size_t step = known.size(); step < steps.size(); ++step) {
        const Action &a = steps[step];
        const EventId pred = a.thread < lastOf.size() ? lastOf[a.thread] : kNoEvent;
        EventId found = kNoEvent;
        for (std::uint32_t i = nextBegin[slot(pred)]; i < nextBegin[slot(pred) + 1] && found == kNoEvent; ++i) {
            const EventId e = next[i];
            if (!in[e] && s.events[e].thread == a.thread && s.events[e].action == a && extends(e))
                found = e;
        }
        if (found == kNoEvent)
            break;
        known.push_back(found);
        add(found);
    }
    return known;
}

ExplorationTree::NodeId leafOfRun(const ExplorationSnapshot &s, const std::vector<EventId> &configuration) {
    std::vector<char> in(s.events.size(), 0);
    for (EventId e : configuration)
        if (e < in.size())
            in[e] = 1;
    // Nodes come after their parent: one pass tells which paths stay inside the configuration.
    std::vector<char> inside(s.tree.size(), 0);
    std::vector<std::uint32_t> depth(s.tree.size(), 0);
    if (!s.tree.size())
        return ExplorationTree::kRoot;
    inside[ExplorationTree::kRoot] = 1;
    for (std::size_t i = 1; i < s.tree.size(); ++i) {
        const ExplorationTree::Node &node = s.tree[i];
        const bool step = node.event != kNoEvent;
        inside[i] = inside[node.parent] && (!step || (node.event < in.size() && in[node.event]));
        depth[i] = depth[node.parent] + (step ? 1 : 0);
        if (node.isLeaf && inside[i] && depth[i] == configuration.size())
            return ExplorationTree::NodeId(i);
    }
    return ExplorationTree::kRoot;
}

} // namespace weft::debugger
