// SPDX-License-Identifier: MIT
#include "engine/explorer/Explorer.hpp"

#include "engine/base/Message.hpp"
#include "engine/unfolding/ConflictingExtensions.hpp"
#include "engine/unfolding/ImmediateConflicts.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>

namespace weft {

namespace {

StopReason stopReasonOf(Interrupt::Reason why) {
    switch (why) {
    case Interrupt::Reason::Timeout: return StopReason::Timeout;
    case Interrupt::Reason::MemoryLimit: return StopReason::MemoryLimit;
    case Interrupt::Reason::Cancelled:
    case Interrupt::Reason::None: break;
    }
    return StopReason::Cancelled;
}

} // namespace

Explorer::Explorer(Executor &executor, ExplorationOptions options)
    : m_executor(executor), m_options(options), m_unfolding(options.skipStep), m_alternatives(options.policy) {
    m_unfolding.setNewEventCallback([this](EventId e) {
        if (m_observer)
            m_observer->onNewEvent(e);
    });
}

EventId Explorer::eventFor(const Action &action) {
    const EventId threadPred = m_config.threadMax(action.thread);
    EventId otherPred = kNoEvent;
    if (isLocationAccess(action.kind)) {
        // A read reads C's last write; a write follows it, after every read of it in C.
        const LocationIndex l = m_unfolding.objects().internLocation(action);
        otherPred = m_config.lastWrite(l);
        if (isWriteAccess(action.kind)) {
            const std::vector<EventId> extras = m_unfolding.canonicalReads(threadPred, m_config.readsOfLastWrite(l));
            return m_unfolding.obtain(action, threadPred, otherPred, extras);
        }
    } else if (isObjectTreeKind(action.kind)) {
        otherPred = m_config.objectMax(m_unfolding.objects().internObject(action.object));
    } else {
        switch (action.kind) {
        case ActionKind::ThreadStart: otherPred = m_config.creatorOf(action.thread); break;
        case ActionKind::ThreadJoin: otherPred = m_config.threadMax(static_cast<ThreadId>(action.object)); break;
        case ActionKind::BarrierPass: otherPred = roundCompletion(threadPred); break;
        default: break;
        }
    }
    return m_unfolding.obtain(action, threadPred, otherPred);
}

EventId Explorer::roundCompletion(EventId arrival) const {
    // The first arrival after (or at) the thread's own that completed a round of the barrier.
    const Unfolding &u = m_unfolding;
    if (arrival == kNoEvent || u.event(arrival).kind() != ActionKind::BarrierArrive)
        return kNoEvent;
    EventId completion = kNoEvent;
    for (EventId x = m_config.objectMax(u.event(arrival).object); x != kNoEvent; x = u.event(x).otherPred) {
        if (u.event(x).kind() == ActionKind::BarrierArrive && u.stateAfter(u.event(x).otherPred).completesRound())
            completion = x;
        if (x == arrival)
            break;
    }
    return completion == arrival ? kNoEvent : completion;
}

void Explorer::pushTrail(EventId e) {
    std::uint32_t switches = m_switches.empty() ? 0 : m_switches.back();
    if (!m_trail.empty() && m_unfolding.event(m_trail.back()).thread() != m_unfolding.event(e).thread())
        ++switches;
    m_trail.push_back(e);
    m_switches.push_back(switches);
    m_config.fire(m_unfolding, e);
    m_disset.onTrailPush(m_unfolding, e, static_cast<std::uint32_t>(m_trail.size() - 1));
}

bool Explorer::markCexWalked(EventId e) {
    const std::size_t word = e / 64;
    const std::uint64_t bit = std::uint64_t{1} << (e % 64);
    if (word >= m_cexWalked.size())
        m_cexWalked.resize(std::max<std::size_t>(word + 1, m_cexWalked.size() * 2), 0);
    const bool walked = (m_cexWalked[word] & bit) != 0;
    m_cexWalked[word] |= bit;
    return walked;
}

EventId Explorer::expectedEvent(const Action &action, EventId expected) const {
    // Only object operations and events with no other predecessor: the other kinds derive theirs
    // from more than C's maxima (eventFor).
    const Event &ev = m_unfolding.event(expected);
    if (!(ev.action == action) || ev.threadPred != m_config.threadMax(action.thread))
        return kNoEvent;
    if (ev.isObjectOperation())
        return ev.otherPred == m_config.objectMax(ev.object) ? expected : kNoEvent;
    const bool noOther = !ev.isMemoryAccess() && action.kind != ActionKind::ThreadStart &&
                         action.kind != ActionKind::ThreadJoin && action.kind != ActionKind::BarrierPass;
    return noOther && ev.otherPred == kNoEvent ? expected : kNoEvent;
}

Explorer::Conversion Explorer::convert(const Execution &execution) {
    Conversion out;
    std::size_t position = 0;
    const std::size_t clueFrom = m_trail.size();
    for (const Action &action : execution.actions) {
        if (position < m_trail.size()) {
            const Action &expected = m_unfolding.event(m_trail[position]).action;
            if (!(expected == action)) {
                out.diverged = true;
                const auto said = [&](const Action &a) {
                    return describeAction(a, m_executor.describeObject(a.object));
                };
                out.divergence =
                    english(MessageKind::ReplayExpected, {std::to_string(position + 1), std::to_string(expected.thread),
                                                          said(expected), std::to_string(action.thread), said(action)});
                return out;
            }
            ++position;
            continue;
        }
        if (m_interrupt && (position & 1023) == 1023 && m_interrupt->poll() != Interrupt::Reason::None) {
            out.interrupted = true; // millions of new events (a long spin) take seconds to add
            return out;
        }
        // A work item's D, re-materialised where its donor had it: each entry is thread t's next action
        // at this cut, created (or found) in this worker's unfolding before the trail grows past it.
        for (; m_nextDisabled < m_pendingDisabled.size() && m_pendingDisabled[m_nextDisabled].index == position;
             ++m_nextDisabled)
            m_disset.add(eventFor(m_pendingDisabled[m_nextDisabled].action), static_cast<std::uint32_t>(position));
        const std::size_t k = position - clueFrom;
        EventId e = k < m_clueEvents.size() ? expectedEvent(action, m_clueEvents[k]) : kNoEvent;
        if (e == kNoEvent)
            e = eventFor(action);
        if (m_disset.contains(e)) {
            out.sleepBlocked = true;
            return out;
        }
        pushTrail(e);
        ++position;
    }
    if (position < m_trail.size()) {
        out.diverged = true;
        out.divergence =
            english(MessageKind::ReplayEndedEarly, {std::to_string(position), std::to_string(m_trail.size())});
    }
    return out;
}

bool Explorer::mayBranchAt(std::uint32_t length, EventId e) const {
    if (m_options.contextSwitchBound && length > 0 && m_switches[length - 1] >= *m_options.contextSwitchBound)
        return false;
    // Only an object operation or a memory access can have an immediate conflict, hence an
    // alternative (DPU's might_find_alternative).
    return m_unfolding.event(e).isObjectOperation() || m_unfolding.event(e).isMemoryAccess();
}

bool Explorer::backtrack(std::optional<Configuration> &clue) {
    bool parkedHere = false;
    for (std::size_t popped = 0; m_trail.size() > m_floor; ++popped) {
        // A trail of millions of events (a long spin) must not outlive the deadline either.
        if (m_interrupt && (popped & 1023) == 1023 && m_interrupt->poll() != Interrupt::Reason::None)
            return false;
        const EventId e = m_trail.back();
        m_trail.pop_back();
        m_switches.pop_back();
        m_config.unfire(m_unfolding, e);
        const auto length = static_cast<std::uint32_t>(m_trail.size());
        if (m_trailNodeAt.size() > length)
            m_trailNodeAt.pop_back(); // the node of the popped event is no longer the trail's
        m_disset.onTrailPop(length);
        if (length < m_nodeMarks.size() && m_nodeMarks[length] != kNone) {
            const bool donated = m_nodeMarks[length] == kDonated;
            m_nodeMarks[length] = kNone;
            if (donated) {
                m_ownsEverythingEarlier = false; // what it gave away is DFS-earlier than what follows
                continue;                        // its right subtree is another item's
            }
        }
        if (!mayBranchAt(length, e))
            continue;
        m_disset.add(e, length);
        clue = m_alternatives.find(m_unfolding, m_config, m_disset);
        if (clue)
            return true;
        m_disset.removeLast();
        if (m_pool && !m_ownsEverythingEarlier)
            park(length, e, parkedHere);
    }
    return false;
}

void Explorer::resetTrail() {
    while (!m_trail.empty()) {
        const EventId e = m_trail.back();
        m_trail.pop_back();
        m_config.unfire(m_unfolding, e);
    }
    m_switches.clear();
    m_trailNodeAt.clear();
    while (m_disset.size() > 0)
        m_disset.removeLast();
    m_nodeMarks.clear();
}

Schedule Explorer::buildReplay(const Configuration &clue, std::span<const EventId> prefix, const Configuration &cut,
                               const Disset &d, std::vector<EventId> *events) const {
    const Unfolding &u = m_unfolding;
    Schedule schedule;
    schedule.replay.reserve(prefix.size() + 16);
    auto add = [&](EventId e) { schedule.append(u.event(e).action); };
    for (EventId e : prefix)
        add(e);

    // J \ C, thread by thread in causal order, interleaved round-robin (docs/algorithms.md,
    // "Run-to-completion loop").
    const std::size_t threads = clue.threadSlots();
    std::vector<std::vector<EventId>> chains(threads);
    std::vector<EventId> done(threads, kNoEvent); // last replayed event of each thread
    std::size_t remaining = 0;
    for (ThreadId t = 0; t < threads; ++t) {
        done[t] = cut.threadMax(t);
        for (EventId e = clue.threadMax(t); e != done[t] && e != kNoEvent; e = u.event(e).threadPred)
            chains[t].push_back(e);
        std::reverse(chains[t].begin(), chains[t].end());
        remaining += chains[t].size();
    }
    auto replayed = [&](EventId e) {
        if (e == kNoEvent)
            return true;
        const EventId top = done[u.event(e).thread()];
        return top != kNoEvent && u.threadDepth(e) <= u.threadDepth(top);
    };
    std::vector<std::size_t> cursor(threads, 0);
    // A ProgramEnd in J (at most one: two ends conflict) is replayed last: nothing follows it, and
    // nothing depends on it but other ends (engine/unfolding/README.md, "Program ends").
    EventId end = kNoEvent;
    while (remaining > 0) {
        bool progress = false;
        for (ThreadId t = 0; t < threads; ++t) {
            auto ready = [&](EventId e) {
                if (!replayed(u.event(e).otherPred))
                    return false;
                for (EventId x : u.extraPredecessors(e))
                    if (!replayed(x))
                        return false;
                return true;
            };
            while (cursor[t] < chains[t].size() && ready(chains[t][cursor[t]])) {
                done[t] = chains[t][cursor[t]++];
                --remaining;
                progress = true;
                if (u.event(done[t]).kind() == ActionKind::ProgramEnd) {
                    end = done[t];
                    continue;
                }
                add(done[t]);
                if (events)
                    events->push_back(done[t]);
            }
        }
        assert(progress && "a clue must be causally closed");
        if (!progress)
            break;
    }
    if (end != kNoEvent) {
        add(end);
        if (events)
            events->push_back(end);
    }

    if (!m_options.policy.isOptimal()) {
        // Sleep set: unjustified D-events still enabled after J keep their thread asleep (docs/algorithms.md,
        // "Run-to-completion loop"). Not a nondet choice: a sleeper names a thread, not a value, so the thread would
        // sleep through its other values too, which are other events, not in D (2-partial clues lost 4 of 266
        // configurations so).
        d.forEachUnjustified([&](EventId x) {
            if (clue.isCompatible(u, x) && u.event(x).kind() != ActionKind::NondetChoice)
                schedule.sleeping.push_back({u.event(x).thread(), u.event(x).action.object, u.event(x).kind()});
        });
    }
    return schedule;
}

void Explorer::recordDefect(const ProgramFault &fault, std::span<const Action> actions, ExplorationResult &result) {
    const std::string &identity = fault.identity.empty() ? fault.message : fault.identity;
    for (Defect &d : result.defects)
        if (d.kind == fault.kind && d.identity == identity) {
            ++d.occurrences;
            // A worker's items are not explored in DFS order: keep the occurrence one job would have met first.
            if (m_pool && dfsEarlierCode(m_leafCode, d.path)) {
                d.thread = fault.thread;
                d.message = fault.message;
                d.location = fault.location;
                d.trace.assign(actions.begin(), actions.end());
                d.schedule = {};
                for (const Action &a : actions)
                    d.schedule.append(a);
                d.execution = m_executionNumber;
                d.path = m_leafCode;
                d.reportOrder = m_reportOrder;
            }
            ++m_reportOrder;
            if (m_observer)
                m_observer->onDefect(d, result.statistics.defects);
            return;
        }
    ++result.statistics.defects;
    Defect defect;
    defect.kind = fault.kind;
    defect.thread = fault.thread;
    defect.message = fault.message;
    defect.identity = identity;
    defect.location = fault.location;
    defect.trace.assign(actions.begin(), actions.end());
    for (const Action &a : actions)
        defect.schedule.append(a);
    defect.execution = m_executionNumber;
    if (m_pool) {
        defect.path = m_leafCode;
        defect.reportOrder = m_reportOrder++;
    }
    if (m_observer)
        m_observer->onDefect(defect, result.statistics.defects);
    if (result.defects.size() < m_options.maxDefectsKept)
        result.defects.push_back(std::move(defect));
}

void Explorer::waitWhilePaused() {
    if (!m_pause || !m_pause->isPaused() || m_stop.stop_requested())
        return;
    if (m_observer)
        m_observer->onPaused();
    m_pause->wait(m_stop);
    if (m_observer && !m_stop.stop_requested())
        m_observer->onResumed();
}

void Explorer::explore(ExplorationResult &result, Schedule schedule) {
    Statistics &stats = result.statistics;
    std::uint32_t branchDepth = 0;
    m_clueEvents.clear(); // a work item's schedule has no events of this unfolding
    while (true) {
        if (stats.executions > 0)
            waitWhilePaused();
        if (const Interrupt::Reason why = m_interrupt->poll(); why != Interrupt::Reason::None) {
            result.stopReason = stopReasonOf(why);
            return;
        }
        if (m_pool) {
            // Exactly --max-executions runs over all workers: a ticket before each.
            const std::optional<std::uint64_t> ticket = m_pool->ticket();
            if (!ticket) {
                result.stopReason = StopReason::ExecutionLimit;
                return;
            }
            m_executionNumber = *ticket;
        } else if (m_options.maxExecutions && stats.executions >= m_options.maxExecutions) {
            result.stopReason = StopReason::ExecutionLimit;
            return;
        } else {
            m_executionNumber = stats.executions + 1;
        }

        const Execution execution = m_executor.run(schedule);
        if (execution.end == ExecutionEnd::Interrupted) {
            result.stopReason = stopReasonOf(m_interrupt->reason());
            return;
        }
        ++stats.executions;
        const Conversion conversion = convert(execution);
        if (conversion.interrupted) {
            result.stopReason = stopReasonOf(m_interrupt->reason());
            return;
        }
        if (m_pool) {
            // The leaf's path code: D's indices (the item's entries were added while replaying its prefix).
            m_leafCode.clear();
            for (const Disset::Entry &x : m_disset.entries())
                m_leafCode.push_back(x.index);
            m_leaves.append(m_leafCode);
            m_reportOrder = 0;
        }
        if (conversion.diverged || execution.end == ExecutionEnd::Diverged) {
            Execution copy = execution;
            if (!copy.fault)
                copy.fault = ProgramFault{DefectKind::Nondeterminism, kNoThread, conversion.divergence};
            recordDefect(*copy.fault, copy.actions, result);
            result.diagnostics.push_back(
                Diagnostic::error(english(MessageKind::NotDeterministic, {copy.fault->message})));
            result.stopReason = StopReason::Nondeterminism;
            return;
        }

        const bool ssb = conversion.sleepBlocked || execution.end == ExecutionEnd::SleepBlocked;
        LeafKind leaf = LeafKind::Maximal;
        DefectKind defect = DefectKind::AssertionFailure; // of a Defect leaf: its end, else its first report
        if (ssb) {
            leaf = LeafKind::SleepBlocked;
            ++stats.sleepSetBlocked;
        } else {
            if (execution.end == ExecutionEnd::AssumeBlocked) {
                leaf = LeafKind::AssumeBlocked;
                ++stats.assumeBlocked;
            } else {
                ++stats.maximalConfigurations;
            }
            if (execution.fault) {
                leaf = LeafKind::Defect;
                defect = execution.fault->kind;
                recordDefect(*execution.fault, execution.actions, result);
            }
            for (const std::string &warning : execution.warnings)
                if (std::ranges::none_of(result.diagnostics, [&](const Diagnostic &d) { return d.text == warning; }))
                    result.diagnostics.push_back(Diagnostic::warning(warning));
            if ((execution.end == ExecutionEnd::LimitReached || execution.cutAt) && !m_cutWarned) {
                // A cut execution is no maximal configuration: what its threads would have done
                // after the cut (and the alternatives that depend on it) is not explored.
                m_cutWarned = true;
                result.diagnostics.push_back(Diagnostic::warning(english(
                    MessageKind::ExecutionCut, {std::to_string(stats.executions),
                                                execution.cutAt ? *execution.cutAt : execution.fault->message})));
            }
            for (const auto &[performed, report] : execution.reports) {
                if (leaf != LeafKind::Defect)
                    defect = report.kind;
                leaf = LeafKind::Defect;
                recordDefect(report, std::span(execution.actions).first(performed), result);
            }
        }
        stats.trailEventsTotal += m_trail.size();

        if (m_interrupt->poll() != Interrupt::Reason::None) {
            // The execution is counted and its defects kept; its conflicting extensions are not
            // needed any more (a long execution's take seconds).
            if (m_observer)
                m_observer->onExecution({m_executionNumber, leaf, branchDepth, m_trail, &schedule, defect, m_leafCode});
            result.stopReason = stopReasonOf(m_interrupt->reason());
            return;
        }
        std::vector<BlockedAcquisition> blocked;
        if (!conversion.sleepBlocked)
            for (const BlockedThread &b : execution.blocked)
                // A shared access blocked only because the program ended inside an atomic section that touched
                // it (sc; engine/unfolding/README.md, "Program ends"); not in a cut run, whose others could move.
                if (isObjectTreeKind(b.pending.kind) || isRwlockKind(b.pending.kind) ||
                    (isMemoryAccess(b.pending.kind) && !execution.cutAt))
                    blocked.push_back({b.pending});
        // After millions of reads of one location (a loop that writes too, up to the action bound) the
        // extensions are millions of placements: the deadline is honoured inside them too.
        const auto interrupted = [&] { return m_interrupt->poll() != Interrupt::Reason::None; };
        addConflictingExtensions(
            m_unfolding, m_config, blocked, [&](EventId e) { return markCexWalked(e); }, interrupted);
        if (m_interrupt->reason() != Interrupt::Reason::None) {
            if (m_observer)
                m_observer->onExecution({m_executionNumber, leaf, branchDepth, m_trail, &schedule, defect, m_leafCode});
            result.stopReason = stopReasonOf(m_interrupt->reason());
            return;
        }

        if (m_observer)
            m_observer->onExecution({m_executionNumber, leaf, branchDepth, m_trail, &schedule, defect, m_leafCode});
        bool stopKind = false;
        if (!ssb && execution.fault)
            stopKind = m_options.stopsOn(execution.fault->kind);
        for (const auto &report : execution.reports)
            stopKind = stopKind || (!ssb && m_options.stopsOn(report.second.kind));
        if (leaf == LeafKind::Defect && (m_options.stopOnFirstDefect || stopKind)) {
            result.stopReason = StopReason::FirstDefect;
            return;
        }
        if (m_unfolding.size() > m_options.maxEvents) {
            result.stopReason = StopReason::EventLimit;
            result.diagnostics.push_back(
                Diagnostic::error(english(MessageKind::EventLimit, {std::to_string(m_options.maxEvents)})));
            return;
        }

        if (m_pool && m_pool->wantsWork())
            donate();

        std::optional<Configuration> clue;
        if (!backtrack(clue)) {
            result.stopReason = m_interrupt->reason() == Interrupt::Reason::None
                                    ? StopReason::Completed
                                    : stopReasonOf(m_interrupt->reason());
            return;
        }
        branchDepth = static_cast<std::uint32_t>(m_trail.size());
        m_clueEvents.clear();
        schedule = buildReplay(*clue, m_trail, m_config, m_disset, &m_clueEvents);
    }
}

Explorer::RunScope::RunScope(Explorer &explorer, std::stop_token stop, PauseControl *pause)
    : m_explorer(explorer),
      m_interrupt(stop, explorer.m_options.timeoutSeconds,
                  explorer.m_options.memoryBytes ? explorer.m_options.memoryBytes : Interrupt::defaultMemoryBound()) {
    m_explorer.m_interrupt = &m_interrupt;
    m_explorer.m_pause = pause;
    m_explorer.m_stop = stop;
    m_explorer.m_executor.setInterrupt(&m_interrupt);
}

Explorer::RunScope::~RunScope() {
    m_explorer.m_executor.setInterrupt(nullptr);
    m_explorer.m_interrupt = nullptr;
    m_explorer.m_pause = nullptr;
    m_explorer.m_stop = {};
}

ExplorationResult Explorer::run(std::stop_token stop, PauseControl *pause) {
    using Clock = std::chrono::steady_clock;
    const auto startWall = Clock::now();
    const double startCpu = threadCpuSeconds();
    ExplorationResult result;
    Statistics &stats = result.statistics;
    for (const Diagnostic &d : m_options.validate())
        result.diagnostics.push_back(d);
    if (!result.diagnostics.empty()) {
        result.stopReason = StopReason::Cancelled;
        return result;
    }

    {
        const RunScope scope(*this, stop, pause);
        try {
            explore(result, Schedule());
        } catch (const std::bad_alloc &) {
            // An allocation the memory bound did not see coming (an address-space limit, a huge
            // single request): what was found so far stays valid, the run ends as out of memory.
            result.stopReason = StopReason::MemoryLimit;
        }
    }

    stats.events = m_unfolding.size();
    stats.alternativeCalls = m_alternatives.statistics().calls;
    stats.combsBuilt = m_alternatives.statistics().combsBuilt;
    stats.cpuSeconds = threadCpuSeconds() - startCpu;
    stats.wallSeconds = std::chrono::duration<double>(Clock::now() - startWall).count();
    stats.peakRssBytes = peakResidentBytes();
    return result;
}

} // namespace weft
