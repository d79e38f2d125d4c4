// SPDX-License-Identifier: MIT
#include "engine/execution/ScheduledExecutor.hpp"

#include "engine/action/Dependence.hpp"
#include "engine/action/NondetChoice.hpp"
#include "engine/base/Message.hpp"
#include "engine/execution/Interrupt.hpp"

#include <algorithm>
#include <limits>

namespace weft {

std::string describeBlocked(const BlockedThread &b, const Machine &machine) {
    const std::string who = std::to_string(b.thread);
    const std::string object = machine.describeObject(b.pending.object);
    switch (b.pending.kind) {
    case ActionKind::MutexLock:
        // A mutex its owner still held when it exited is never released: say who that was.
        if (const ThreadId owner = machine.exitedOwnerOf(b.pending.object); owner != kNoThread)
            return english(MessageKind::WaitsForExitedOwner, {who, object, std::to_string(owner)});
        // Who holds it makes the wait-for cycle readable ("T1 waits for 'a', held by T2; T2 ...").
        if (const ThreadId holder = machine.lockHolderOf(b.pending.object); holder == b.thread)
            return english(MessageKind::WaitsForOwnLock, {who, object});
        else if (holder != kNoThread)
            return english(MessageKind::WaitsForHeldLock, {who, object, std::to_string(holder)});
        return english(MessageKind::WaitsForLock, {who, object});
    case ActionKind::ThreadJoin: return english(MessageKind::WaitsToJoin, {who, std::to_string(b.pending.object)});
    case ActionKind::ThreadExit: return english(MessageKind::WaitsForExits, {who});
    case ActionKind::SemWait: return english(MessageKind::WaitsOnSemaphore, {who, object});
    case ActionKind::CondWake: return english(MessageKind::WaitsOnCondition, {who, object});
    case ActionKind::BarrierPass: return english(MessageKind::WaitsAtBarrier, {who, object});
    case ActionKind::RwRdlock: return english(MessageKind::WaitsToReadLock, {who, object});
    case ActionKind::RwWrlock: return english(MessageKind::WaitsToWriteLock, {who, object});
    case ActionKind::AssumeBlocked:
        return english(b.pending.value == kStoppedAtStepBound ? MessageKind::StoppedAtStepBound
                                                              : MessageKind::FalseAssumption,
                       {who});
    case ActionKind::AwaitBlocked:
        // Polling under a mutex that a thread which cannot move holds: the poll waits for that lock.
        if (const std::optional<Action> lock = machine.spinBlockedLock(b.thread))
            return describeBlocked({b.thread, *lock}, machine);
        return machine.describeSpin(b.thread);
    default: return english(MessageKind::Cannot, {who, describeAction(b.pending, object)});
    }
}

namespace {

struct Sleeper {
    ThreadId thread;
    Action action; // the sleeping event's action
    bool awake;
};

} // namespace

void ScheduledExecutor::setCheckpoints(bool on, ReplayCheckpoints::Limits limits) {
    m_useCheckpoints = on;
    m_checkpoints = ReplayCheckpoints(limits);
}

std::size_t ScheduledExecutor::sharedPrefix(const Schedule &schedule) const {
    const std::size_t n = std::min(schedule.replay.size(), m_lastActions.size());
    std::size_t step = 0;
    for (; step < n; ++step) {
        const Action &done = m_lastActions[step];
        if (done.thread != schedule.replay[step])
            break;
        if (done.kind == ActionKind::NondetChoice &&
            schedule.choiceAt(step).value_or(nondetDomain(done.object).first()) != done.value)
            break;
    }
    return step;
}

Execution ScheduledExecutor::run(const Schedule &schedule) {
    const bool checkpoints = m_useCheckpoints && !m_beforeAction;
    Execution out = runFrom(schedule, checkpoints ? sharedPrefix(schedule) : 0);
    if (checkpoints) {
        m_lastActions = out.actions;
        m_lastReports = out.reports;
    }
    return out;
}

Execution ScheduledExecutor::runFrom(const Schedule &schedule, std::size_t sharedSteps) {
    Execution out;
    // The state before step `first` is the previous run's there: its actions and reports up to it
    // are this run's too.
    const auto [first, resume] = m_checkpoints.resumePoint(sharedSteps);
    if (resume) {
        m_machine.restore(*resume);
        ++m_resumedRuns;
        out.actions.assign(m_lastActions.begin(), m_lastActions.begin() + static_cast<std::ptrdiff_t>(first));
        for (const auto &report : m_lastReports)
            if (report.first <= first)
                out.reports.push_back(report);
    } else {
        m_machine.restart(m_naming);
    }
    const bool checkpoints = m_useCheckpoints && !m_beforeAction;
    std::vector<Sleeper> sleepers;
    for (const SleepEntry &s : schedule.sleeping)
        sleepers.push_back({s.thread, Action{s.kind, s.thread, s.mutex}, false});
    auto isAsleep = [&](ThreadId t) {
        return std::any_of(sleepers.begin(), sleepers.end(),
                           [t](const Sleeper &s) { return s.thread == t && !s.awake; });
    };

    auto finish = [&](ExecutionEnd end) {
        out.end = end;
        out.warnings = m_machine.takeWarnings();
        for (std::size_t i = 0; i < m_machine.threadCount(); ++i) {
            const ThreadId t = m_machine.threadAt(i);
            if (auto p = m_machine.pending(t); p && !p->enabled)
                out.blocked.push_back({t, p->action});
        }
        return out;
    };

    // Past the action bound, free mode drains instead of stopping at once: the thread with the fewest
    // actions since the bound goes first and each may do kDrainTurn more, so that threads the runaway
    // one starved (the lowest runnable thread always goes first) take their next steps, and their
    // events, and a defect they reach at once, enter this run (docs/algorithms.md, "Run-to-completion
    // loop"). The counts are rebuilt from the actions, so a run resumed from a checkpoint drains alike.
    std::vector<std::uint32_t> sinceBound;
    bool draining = false;
    // Where the drain's counts start: the action bound, or the create that made the thread count the bound
    // (main is there from the start, and threads are never removed).
    auto drainStart = [&](const std::vector<Action> &actions) {
        std::size_t start = m_limits.maxActions, threads = 1;
        if (m_machine.threadCount() < m_limits.maxThreads)
            return start; // no create reached the thread bound: no need to look through millions of actions
        for (std::size_t i = 0; i < std::min(start, actions.size()); ++i)
            if (actions[i].kind == ActionKind::ThreadCreate && ++threads >= m_limits.maxThreads)
                start = i + 1;
        return start;
    };
    // Some thread would create one more thread now (looked at only when the threads are the bound's count).
    auto wantsAThread = [&] {
        for (std::size_t i = 0; i < m_machine.threadCount(); ++i)
            if (auto p = m_machine.pending(m_machine.threadAt(i));
                p && p->enabled && p->action.kind == ActionKind::ThreadCreate)
                return true;
        return false;
    };
    auto drainCount = [&](ThreadId t) -> std::uint32_t & {
        if (sinceBound.size() <= t)
            sinceBound.resize(t + std::size_t{1}, 0);
        return sinceBound[t];
    };

    // A ProgramEnd (exit, a fault: engine/unfolding/README.md, "Program ends") commutes with every
    // other thread's steps, so it runs when no other thread can move: each run ends in a maximal
    // configuration. The replay's last step may name the end its alternative chose: it runs then.
    ThreadId chosenEnd = kNoThread;
    // When the first end seen pending became so (after its thread's last action), plus maxActionsAfterEnd: the
    // ends then run at once (the others may loop forever). Found from the actions, so a replayed or resumed run
    // has the same due point as the run that made its schedule.
    constexpr std::size_t kNotDue = std::numeric_limits<std::size_t>::max();
    std::size_t endDueAt = kNotDue;
    auto dueAfter = [&](ThreadId t) {
        std::size_t i = out.actions.size();
        while (i > 0 && out.actions[i - 1].thread != t)
            --i;
        return i + m_limits.maxActionsAfterEnd;
    };
    for (std::size_t step = first;; ++step) {
        if (checkpoints)
            m_checkpoints.offer(step, m_machine);
        ThreadId chosen = kNoThread;
        std::optional<PendingAction> next;
        if (step + 1 == schedule.replay.size() && chosenEnd == kNoThread) {
            const std::optional<PendingAction> last = m_machine.pending(schedule.replay[step]);
            if (last && last->enabled && last->action.kind == ActionKind::ProgramEnd)
                chosenEnd = schedule.replay[step];
        }
        if (step < schedule.replay.size() && chosenEnd == kNoThread) {
            chosen = schedule.replay[step];
            bool exists = false;
            for (std::size_t i = 0; i < m_machine.threadCount() && !exists; ++i)
                exists = m_machine.threadAt(i) == chosen;
            if (exists)
                next = m_machine.pending(chosen);
            if (next && next->action.kind == ActionKind::NondetChoice)
                if (const auto value = schedule.choiceAt(step)) {
                    m_machine.choose(chosen, *value);
                    next = m_machine.pending(chosen);
                }
            if (!next || !next->enabled) {
                const std::string at = std::to_string(step + 1), who = std::to_string(chosen);
                out.fault = ProgramFault{
                    DefectKind::Nondeterminism, chosen,
                    !exists ? english(MessageKind::ScheduleNoThread, {at, who})
                    : !next ? english(MessageKind::ScheduleExited, {at, who})
                            : english(MessageKind::ScheduleBlocked,
                                      {at, who,
                                       describeAction(next->action, m_machine.describeObject(next->action.object))})};
                return finish(ExecutionEnd::Diverged);
            }
        } else {
            // The thread bound drains as the action bound does: a thread that would create one more thread
            // waits, the others take their turns (a `while (1) pthread_create(...)` main would otherwise cut the
            // run before any created thread ran).
            const bool threadsFull = m_machine.threadCount() >= m_limits.maxThreads;
            if (!draining && (out.actions.size() >= m_limits.maxActions || (threadsFull && wantsAThread()))) {
                draining = true;
                for (std::size_t i = drainStart(out.actions); i < out.actions.size(); ++i)
                    ++drainCount(out.actions[i].thread);
            }
            bool anyAsleep = false, anyAlive = false, anyAssumeBlocked = false, anyAwaiting = false, anyCut = false;
            ThreadId overBound = kNoThread; // the first runnable thread that used up its drain turn
            ThreadId heldAtThreadBound = kNoThread; // the first that would create a thread past the bound
            ThreadId endThread = kNoThread; // the end to run when nothing else can: chosenEnd, else the lowest
            ThreadId urgentEnd = kNoThread; // the first end past the action bound
            bool anyEndAsleep = false;
            const bool firstEnds = endDueAt == kNotDue;
            std::size_t dueAt = endDueAt;
            for (std::size_t i = 0; i < m_machine.threadCount(); ++i) {
                const ThreadId t = m_machine.threadAt(i);
                auto p = m_machine.pending(t);
                if (!p)
                    continue;
                anyAlive = true;
                if (!p->enabled) {
                    anyAssumeBlocked |= p->action.kind == ActionKind::AssumeBlocked;
                    anyCut |= m_machine.waitsWithTimeout(t);
                    anyAwaiting |= p->action.kind == ActionKind::AwaitBlocked;
                    continue;
                }
                if (firstEnds && p->action.kind == ActionKind::ProgramEnd)
                    dueAt = std::min(dueAt, dueAfter(t));
                if (isAsleep(t)) {
                    // A sleeping end conflicts with the end that runs instead: only a sleeping step of
                    // another kind makes the run redundant (it would commute with that end).
                    (p->action.kind == ActionKind::ProgramEnd ? anyEndAsleep : anyAsleep) = true;
                    continue;
                }
                if (p->action.kind == ActionKind::ProgramEnd) {
                    if (draining && urgentEnd == kNoThread)
                        urgentEnd = t;
                    const bool committed = endThread != kNoThread && endThread == chosenEnd;
                    if (!committed && (t == chosenEnd || t < endThread))
                        endThread = t;
                    continue;
                }
                if (draining) {
                    if (threadsFull && p->action.kind == ActionKind::ThreadCreate) {
                        heldAtThreadBound = std::min(heldAtThreadBound, t);
                        continue;
                    }
                    const std::uint32_t done = drainCount(t);
                    if (done >= kDrainTurn) {
                        overBound = std::min(overBound, t);
                        continue;
                    }
                    if (chosen != kNoThread && std::pair(drainCount(chosen), chosen) < std::pair(done, t))
                        continue;
                    chosen = t;
                    next = p;
                    continue;
                }
                if (t < chosen) {
                    chosen = t;
                    next = p;
                }
            }
            // Past the action bound an end runs before any other thread moves: the run is cut anyway, and ends
            // with its defect. The other pending ends may still end the program instead (ends conflict): the
            // replay's chosen one runs if it is pending, else the lowest awake end; with none, the run is
            // redundant. Past maxActionsAfterEnd since the first end became due, every end is urgent: the run is
            // cut there. (An end inside an atomic section is no longer urgent: the machine keeps what the
            // section touched from the others instead; engine/unfolding/README.md, "Program ends".)
            endDueAt = dueAt;
            const bool endOverdue = out.actions.size() >= endDueAt;
            if (urgentEnd != kNoThread || endOverdue) {
                const bool othersCanMove =
                    chosen != kNoThread || overBound != kNoThread || heldAtThreadBound != kNoThread;
                const ThreadId end = chosenEnd != kNoThread && endThread == chosenEnd ? chosenEnd
                                     : urgentEnd != kNoThread                         ? urgentEnd
                                                                                      : endThread;
                if (end == kNoThread && anyEndAsleep)
                    return finish(ExecutionEnd::SleepBlocked);
                if (end != kNoThread) {
                    chosen = end;
                    next = m_machine.pending(end);
                    if (othersCanMove)
                        out.cutAt = draining ? english(MessageKind::ActionBound, {std::to_string(m_limits.maxActions)})
                                             : english(MessageKind::EndWaitBound,
                                                       {std::to_string(m_limits.maxActionsAfterEnd)});
                }
            }
            if (chosen == kNoThread && heldAtThreadBound != kNoThread) {
                out.fault = ProgramFault{DefectKind::StepBound, heldAtThreadBound,
                                         english(MessageKind::ThreadBound, {std::to_string(m_limits.maxThreads)})};
                return finish(ExecutionEnd::LimitReached);
            }
            if (chosen == kNoThread && overBound != kNoThread) {
                out.fault = ProgramFault{DefectKind::StepBound, overBound,
                                         english(MessageKind::ActionBound, {std::to_string(m_limits.maxActions)})};
                return finish(ExecutionEnd::LimitReached);
            }
            if (chosen == kNoThread) {
                if (anyAsleep)
                    return finish(ExecutionEnd::SleepBlocked);
                if (endThread != kNoThread) {
                    chosen = endThread;
                    next = m_machine.pending(endThread);
                } else if (anyEndAsleep) {
                    return finish(ExecutionEnd::SleepBlocked);
                }
            }
            if (chosen == kNoThread) {
                if (!anyAlive || m_machine.hasExitRequested())
                    return finish(ExecutionEnd::Finished);
                // Nothing can move. A waiting thread whose next iteration stops at a lock another
                // thread holds is blocked there (a deadlock); any other spins.
                bool anySpinning = false;
                for (std::size_t i = 0; anyAwaiting && i < m_machine.threadCount(); ++i) {
                    const ThreadId t = m_machine.threadAt(i);
                    auto p = m_machine.pending(t);
                    if (!p || p->action.kind != ActionKind::AwaitBlocked || m_machine.spinBlockedLock(t))
                        continue;
                    anySpinning = true;
                    anyCut |= !m_machine.spinsForever(t);
                }
                // A spinning thread whose memory has changed would go on: this run is a cut path
                // (the one where it reads the change is explored apart), like a false assumption.
                if (anyCut || anyAssumeBlocked || (anySpinning && !m_machine.reportsLivelocks()))
                    return finish(ExecutionEnd::AssumeBlocked);
                finish(ExecutionEnd::Deadlock);
                std::string message;
                for (const BlockedThread &b : out.blocked)
                    message += (message.empty() ? "" : "; ") + describeBlocked(b, m_machine);
                out.fault = ProgramFault{anySpinning ? DefectKind::Livelock : DefectKind::Deadlock, kNoThread,
                                         std::move(message)};
                return out;
            }
        }

        // Polling costs a clock read: every 256 actions keeps it out of the profile and still
        // stops a runaway execution within milliseconds.
        if (m_interrupt && (step & 255) == 255 && m_interrupt->poll() != Interrupt::Reason::None)
            return finish(ExecutionEnd::Interrupted);
        // A replayed prefix may be as long as a drained run; a longer one (a schedule typed by hand) is cut.
        const bool replayTooLong = out.actions.size() >= m_limits.maxActions + kDrainTurn * m_limits.maxThreads;
        if (replayTooLong || m_machine.threadCount() > m_limits.maxThreads) {
            out.fault =
                ProgramFault{DefectKind::StepBound, chosen,
                             replayTooLong ? english(MessageKind::ActionBound, {std::to_string(m_limits.maxActions)})
                                           : english(MessageKind::ThreadBound, {std::to_string(m_limits.maxThreads)})};
            return finish(ExecutionEnd::LimitReached);
        }

        const Action action = next->action;
        if (m_beforeAction)
            m_beforeAction(action);
        m_machine.execute(chosen);
        if (draining)
            ++drainCount(chosen);
        auto fault = m_machine.fault();
        if (!fault || fault->actionPerformed)
            out.actions.push_back(action);
        for (ProgramFault &report : m_machine.takeReports())
            out.reports.emplace_back(out.actions.size(), std::move(report));
        // The machine saw the interrupt inside the thread's local code and stopped there.
        if (!fault && m_interrupt && m_interrupt->reason() != Interrupt::Reason::None)
            return finish(ExecutionEnd::Interrupted);
        // Sleepers start sleeping when free mode starts; an operation in the replay does not wake
        // them. A later object operation or memory access by another thread dependent with theirs
        // (a lock on their object; a write to their location, any access if theirs is a write)
        // puts their event in conflict.
        if ((isObjectTreeKind(action.kind) || isLocationAccess(action.kind)) && step >= schedule.replay.size())
            for (Sleeper &s : sleepers)
                if (s.thread != chosen && dependent(action, s.action))
                    s.awake = true;
        if (fault) {
            out.fault = std::move(fault);
            return finish(ExecutionEnd::Fault);
        }
        if (action.kind == ActionKind::ProgramEnd)
            return finish(ExecutionEnd::Finished);
    }
}

} // namespace weft
