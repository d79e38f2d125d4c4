// SPDX-License-Identifier: MIT
#include "engine/results/DotExport.hpp"

#include "engine/unfolding/ImmediateConflicts.hpp"

#include <map>

namespace weft {

static const char *fillColour(ActionKind kind) {
    switch (kind) {
    case ActionKind::MutexLock:
    case ActionKind::MutexTrylock: return "salmon";
    case ActionKind::MutexUnlock: return "lightblue";
    case ActionKind::MutexDestroy:
    case ActionKind::SemDestroy:
    case ActionKind::CondDestroy:
    case ActionKind::BarrierDestroy:
    case ActionKind::RwDestroy: return "rosybrown";
    case ActionKind::ThreadStart: return "greenyellow";
    case ActionKind::ThreadCreate: return "yellow";
    case ActionKind::ThreadJoin: return "orchid";
    case ActionKind::ThreadExit: return "grey";
    case ActionKind::SemInit:
    case ActionKind::SemWait:
    case ActionKind::SemTrywait:
    case ActionKind::SemPost: return "palegreen";
    case ActionKind::CondEnqueue:
    case ActionKind::CondWake:
    case ActionKind::CondSignal:
    case ActionKind::CondBroadcast: return "khaki";
    case ActionKind::BarrierInit:
    case ActionKind::BarrierArrive:
    case ActionKind::BarrierPass: return "lightpink";
    case ActionKind::MemRead: return "lightcyan";
    case ActionKind::MemWrite: return "lightsalmon";
    case ActionKind::NondetChoice: return "thistle";
    case ActionKind::RwRdlock:
    case ActionKind::RwTryrdlock:
    case ActionKind::RwRdunlock: return "lightsteelblue";
    case ActionKind::RwWrlock:
    case ActionKind::RwTrywrlock:
    case ActionKind::RwWrunlock: return "plum";
    case ActionKind::ProgramEnd: return "tomato";
    case ActionKind::AssumeBlocked:
    case ActionKind::AwaitBlocked: break; // never an event
    }
    return "white";
}

static std::string label(const Event &ev, EventId id, std::uint32_t depth) {
    std::string text = std::string(actionKindName(ev.kind()));
    if (targetsThread(ev.kind()))
        text += " T" + std::to_string(ev.action.object);
    else if (targetsSyncObject(ev.kind()))
        text += " m" + std::to_string(ev.action.object);
    else if (isMemoryAccess(ev.kind()))
        text += " x" + std::to_string(ev.action.object);
    return text + "\\ne" + std::to_string(id) + " d" + std::to_string(depth);
}

std::string toDot(const Unfolding &u) {
    std::map<ThreadId, std::vector<EventId>> byThread;
    for (EventId e = 0; e < u.size(); ++e)
        byThread[u.event(e).thread()].push_back(e);

    const std::vector<std::uint32_t> depths = u.causalDepths();
    std::string out = "digraph unfolding {\n  node [shape=box, style=filled, fontsize=10];\n";
    for (const auto &[thread, events] : byThread) {
        out += "  subgraph cluster_t" + std::to_string(thread) + " {\n    label=\"T" + std::to_string(thread) +
               "\";\n";
        for (EventId e : events)
            out += "    e" + std::to_string(e) + " [label=\"" + label(u.event(e), e, depths[e]) +
                   "\", fillcolor=" + fillColour(u.event(e).kind()) + "];\n";
        out += "  }\n";
    }
    for (EventId e = 0; e < u.size(); ++e) {
        const Event &ev = u.event(e);
        if (ev.threadPred != kNoEvent)
            out += "  e" + std::to_string(ev.threadPred) + " -> e" + std::to_string(e) + ";\n";
        if (ev.otherPred != kNoEvent)
            out += "  e" + std::to_string(ev.otherPred) + " -> e" + std::to_string(e) + " [color=blue];\n";
        for (EventId x : u.extraPredecessors(e))
            out += "  e" + std::to_string(x) + " -> e" + std::to_string(e) + " [color=blue];\n";
        for (EventId x : immediateConflicts(u, e))
            if (x > e)
                out += "  e" + std::to_string(e) + " -> e" + std::to_string(x) +
                       " [dir=none, style=dashed, color=red, constraint=false];\n";
    }
    return out + "}\n";
}

} // namespace weft
