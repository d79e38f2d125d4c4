// SPDX-License-Identifier: MIT
// The spin-loop rule (README "Spin loops", engine/unfolding/README.md "Spin loops and awaits"): a loop
// iteration that changes nothing either can never end (a livelock) or waits for another thread to
// change what it read (an await: the thread stops here for good, and the executions in which its read
// sees the change are explored instead).
#include "engine/interpreter/SpinDetector.hpp"

#include "engine/base/Message.hpp"

#include <algorithm>

namespace weft::interpreter {

SpinRead *SpinDetector::record(ThreadState &t, std::uint64_t address, std::uint32_t size, std::uint64_t value,
                               bool event, bool atomic) {
    // A long scan is no spin worth recognising; the bound keeps the watch cheap.
    constexpr std::size_t kMaxReads = 64;
    SpinWatch &w = t.spin;
    if (w.reads.size() >= kMaxReads) {
        w.clean = false;
        return nullptr;
    }
    // Under sync no read is an event, and which memory other threads reach is not tracked (the
    // escape rule is the sc model's): any read may be of memory another thread changes.
    const bool shared = event || m_options.model == MemoryModel::Sync;
    return &w.reads.emplace_back(SpinRead{address, size, value, shared, atomic});
}

void SpinDetector::noteRead(ThreadState &t, std::uint64_t address, std::uint32_t size, std::uint64_t value, bool event,
                            bool atomic) {
    record(t, address, size, value, event, atomic);
}

void SpinDetector::noteChoice(ThreadState &t) {
    if (SpinRead *r = record(t, 0, 0, 0, false, false))
        r->choice = true;
}

void SpinDetector::noteSameStore(ThreadState &t, std::uint64_t address, std::uint32_t size, std::uint64_t value,
                                 bool event) {
    if (SpinRead *r = record(t, address, size, value, event, false))
        r->storedSame = true;
}

void SpinDetector::noteFailedTrylock(ThreadState &t, std::uint64_t mutex, ThreadId owner) {
    // Deleting the iteration deletes the failed trylock, which changed no state and which no other
    // event observes (a later lock or trylock of the mutex finds it as the holder left it).
    if (SpinRead *r = record(t, mutex, 0, owner, true, false))
        r->trylock = true;
}

void SpinDetector::noteLockEvent(ThreadState &t, const Action &action) const {
    SpinWatch &w = t.spin;
    if (!w.clean)
        return;
    // Deleting an iteration deletes its lock/unlock pairs; nothing else may tell that the mutex was
    // held in between. A trylock could (it fails there, and would succeed without the pair).
    if (m_trylocked.mayBeTried(action.object)) {
        w.clean = false;
        return;
    }
    if (action.kind == ActionKind::MutexLock && w.releasedNow && action.object == w.released) {
        // The mutex held before the first head, taken again: held as it was then.
        w.releasedNow = false;
        if (w.rotationArmed && rotationRepeats(w) && awaitRotated(t))
            return;
        w.rotationArmed = false;
        w.relockReads = std::uint32_t(w.reads.size());
        return;
    }
    if (action.kind == ActionKind::MutexLock) {
        // The bound keeps the watch cheap, as for reads (a loop of lock/unlock pairs that carries a
        // counter is watched afresh from time to time).
        constexpr std::size_t kMaxLocks = 64;
        if (w.heldCount == SpinWatch::kMaxHeld || w.locks.size() >= kMaxLocks) {
            w.clean = false;
            return;
        }
        w.held[w.heldCount++] = action.object;
        w.locks.push_back({action.object, std::uint32_t(w.reads.size())});
        return;
    }
    // An unlock of a mutex held before the watch began changes what the thread holds for good.
    std::uint32_t index = w.heldCount;
    while (index > 0 && w.held[index - 1] != action.object)
        --index;
    if (index == 0) {
        // One such mutex may be released and taken again in the iteration: the rotated rule.
        if ((w.released != 0 && w.released != action.object) || w.releasedNow) {
            w.clean = false;
            return;
        }
        w.released = action.object;
        w.releasedNow = true;
        for (SpinAnchor &a : w.anchors)
            a.rotated = true;
        return;
    }
    --index;
    std::copy(w.held.begin() + index + 1, w.held.begin() + w.heldCount, w.held.begin() + index);
    --w.heldCount;
    // Heads reached while it was held: an iteration from there releases what it started with.
    for (SpinAnchor &a : w.anchors)
        a.broken |= a.heldFrom > index;
}

// Aligned: run at every loop head the interpreter reaches (Stepper.hpp, runInstructions).
[[gnu::aligned(64)]] Continuation SpinDetector::atLoopHead(const InterpreterState &state, ThreadState &t,
                                                           std::uint32_t from) {
    const Frame &f = t.stack.top();
    SpinWatch &w = t.spin;
    const auto depth = std::uint32_t(t.stack.frames.size());
    const std::vector<std::uint32_t> &phis = m_loops.phis(f.function, f.pc);
    const std::uint64_t *regs = t.stack.registers.data() + f.base;
    SpinAnchor *anchor = nullptr;
    if (!w.clean || w.depth != depth || w.function != f.function) {
        // Something happened since the heads were last seen: watch afresh from here, reusing the
        // first slot (a loop that stores in every iteration allocates nothing).
        w.anchors.resize(std::min<std::size_t>(w.anchors.size(), 1));
        if (w.anchors.empty())
            w.anchors.emplace_back();
        anchor = &w.anchors.front();
        anchor->pc = f.pc;
        w.reads.clear();
        w.heldCount = 0;
        w.locks.clear();
        w.released = 0;
        w.releasedNow = false;
        w.rotationArmed = false;
        w.clean = true;
        w.depth = depth;
        w.function = f.function;
        // A branch armed by an older watch (another frame's loop, say a callee's) is stale: disarmed, so what
        // follows a call does not depend on the loops inside it (PureCallMemo answers calls without running them).
        w.armedBranch = 0xFFFFFFFFu;
    } else {
        w.rotationArmed = false; // armed at the previous head: its relock did not come
        for (SpinAnchor &a : w.anchors)
            if (a.pc == f.pc)
                anchor = &a;
        if (anchor) {
            // Without a read since the anchor only a livelock is possible, and finding it a few
            // iterations late costs nothing but time: compare every 64th arrival, keeping the old
            // anchor (a segment of several iterations back to the same state repeats as well as one
            // does). With reads, every arrival: each read is an event, and the cut must come at once.
            // Lock events count as reads here: each is an event.
            constexpr std::uint32_t kStride = 64;
            const bool locked = w.locks.size() != anchor->locksFrom;
            if (w.reads.size() == anchor->readsFrom && !locked && ++anchor->skipped < kStride)
                return Continuation::Continue;
            // What the thread holds is part of its state: the same mutexes, none released on the way.
            const bool holdsAsBefore = !anchor->broken && w.heldCount == anchor->heldFrom && !w.releasedNow;
            bool same = holdsAsBefore && anchor->phis.size() == phis.size();
            for (std::size_t i = 0; same && i < phis.size(); ++i)
                same = anchor->phis[i] == regs[phis[i]];
            if (same && m_loops.isBackEdge(f.function, from, f.pc)) {
                if (!anchor->rotated)
                    return spinning(state, t, anchor->readsFrom, anchor->locksFrom);
                // The iteration released `released` and took it again: it held the same at both heads,
                // but awaiting here would hold it for good. The next iteration awaits at its relock.
                if (w.locks.empty() && w.relockReads >= anchor->readsFrom) {
                    w.rotationArmed = true;
                    w.rotationFrom = anchor->readsFrom;
                    w.rotationRelock = w.relockReads;
                    w.rotationNext = std::uint32_t(w.reads.size());
                }
            }
            // Not the same state, but one that only this iteration's reads made: if the loop goes
            // on, the next iteration starts where this one did, as far as it can tell.
            if (!same && holdsAsBefore && !anchor->rotated) {
                const std::optional<ReReadLoop> loop = m_loops.reReadLoop(f.function, f.pc);
                if (loop && m_loops.isBackEdge(f.function, from, f.pc)) {
                    w.armedBranch = loop->branch;
                    w.armedStay = loop->stay;
                    w.armedReadsFrom = anchor->readsFrom;
                    w.armedLocksFrom = anchor->locksFrom;
                }
            }
        } else {
            // Several heads are watched at once, so a spin whose iteration runs an inner loop is seen too.
            constexpr std::size_t kMaxAnchors = 8;
            if (w.anchors.size() == kMaxAnchors)
                w.anchors.erase(w.anchors.begin());
            anchor = &w.anchors.emplace_back();
            anchor->pc = f.pc;
        }
    }
    anchor->readsFrom = std::uint32_t(w.reads.size());
    anchor->heldFrom = w.heldCount;
    anchor->locksFrom = std::uint32_t(w.locks.size());
    anchor->broken = false;
    anchor->rotated = false;
    anchor->skipped = 0;
    anchor->phis.resize(phis.size());
    for (std::size_t i = 0; i < phis.size(); ++i)
        anchor->phis[i] = regs[phis[i]];
    return Continuation::Continue;
}

Continuation SpinDetector::atBranch(const InterpreterState &state, ThreadState &t, std::uint32_t from,
                                    std::uint32_t target) {
    SpinWatch &w = t.spin;
    if (w.function != t.stack.top().function || w.depth != t.stack.frames.size() || from != w.armedBranch)
        return Continuation::Continue;
    w.armedBranch = 0xFFFFFFFFu;
    // The re-read rule (engine/unfolding/README.md, "Spin loops and awaits"): an effect-free iteration
    // followed by another can be left out of any execution, so one is enough before the thread leaves.
    if (target != w.armedStay || !w.clean)
        return Continuation::Continue;
    return spinning(state, t, w.armedReadsFrom, w.armedLocksFrom);
}

bool SpinDetector::rotationRepeats(const SpinWatch &w) {
    const auto before = w.rotationRelock - w.rotationFrom;
    return w.reads.size() - w.rotationNext == before &&
           std::equal(w.reads.begin() + w.rotationNext, w.reads.end(), w.reads.begin() + w.rotationFrom);
}

bool SpinDetector::awaitRotated(ThreadState &t) const {
    // The rotated rule (engine/unfolding/README.md, "Spin loops and awaits"): from the last relock to
    // this one the thread ran a whole hold of the mutex, and its state here equals its state there
    // (equal heads, then the same reads up to the relock). That rotated iteration changed nothing, so
    // the thread awaits here, not holding the mutex, as a poll under a mutex awaits at its head.
    SpinWatch &w = t.spin;
    // Not for an iteration that chose or stored (the value already there): those keep the watch only for the
    // cut at the head (spinning), which a rotated iteration does not reach. Left to run, as before.
    if (std::any_of(w.reads.begin() + w.rotationFrom, w.reads.end(),
                    [](const SpinRead &r) { return r.choice || r.storedSame; }))
        return false;
    const std::vector<SpinRead> reads(w.reads.begin() + w.rotationRelock, w.reads.end());
    if (std::none_of(reads.begin(), reads.end(), [](const SpinRead &r) { return r.shared; }))
        return false; // loops for good while others may need the mutex: left to run, as before
    if (m_options.model == MemoryModel::Sync &&
        std::any_of(reads.begin(), reads.end(), [](const SpinRead &r) { return r.atomic; }))
        return false;
    t.pending = Action{ActionKind::AwaitBlocked, t.id, 0};
    t.awaitFunction = t.stack.top().function;
    t.awaitPc = t.stack.top().pc;
    t.awaited.clear();
    for (const SpinRead &r : reads)
        if (r.shared)
            t.awaited.push_back(r);
    t.awaitLocks.assign(1, SpinLock{w.released, 0}); // its next iteration starts with the relock
    w = {};
    return true;
}

Continuation SpinDetector::spinning(const InterpreterState &state, ThreadState &t, std::uint32_t readsFrom,
                                    std::uint32_t locksFrom) {
    SpinWatch &w = t.spin;
    const bool locked = w.locks.size() != locksFrom;
    const std::vector<SpinRead> reads(w.reads.begin() + readsFrom, w.reads.end());
    const std::string who = std::to_string(t.id);
    // A loop that chooses (engine/unfolding/README.md, "Spin loops and awaits", "Loops that choose"): the
    // thread is back where it made this iteration's first choice, with nothing changed but what it chose.
    // Any execution can drop such an iteration (its choices are the thread's own events, its stores wrote
    // what was there), and the next iteration's values are those this one's choice explores: the run is
    // cut (the thread stops for good, as after a false assumption), whatever else the iteration read.
    if (std::any_of(reads.begin(), reads.end(), [](const SpinRead &r) { return r.choice; })) {
        t.pending = Action{ActionKind::AssumeBlocked, t.id, 0};
        w = {};
        return Continuation::Stop;
    }
    // A store of the value already there ends the watch as any store does when nothing was chosen.
    if (std::any_of(reads.begin(), reads.end(), [](const SpinRead &r) { return r.storedSame; })) {
        w.clean = false;
        return Continuation::Continue;
    }
    const bool waits = std::any_of(reads.begin(), reads.end(), [](const SpinRead &r) { return r.shared; });
    if (!waits) {
        // Nothing another thread does can change what the loop reads: it never ends.
        if (m_options.livelocksEndSilently) {
            t.pending = Action{ActionKind::AssumeBlocked, t.id, 0};
            w = {};
            return Continuation::Stop;
        }
        m_faults.raise(t, DefectKind::Livelock, english(MessageKind::LoopsForever, {who}));
        return Continuation::Fault;
    }
    if (m_options.model == MemoryModel::Sync) {
        // A failed trylock is an event as a lock is: other threads run between the iterations.
        if (!locked && std::none_of(reads.begin(), reads.end(), [](const SpinRead &r) { return r.trylock; })) {
            m_faults.raise(t, DefectKind::Livelock,
                           english(MessageKind::SpinsUnderSync, {who, m_faults.describeReads(state, reads)}));
            return Continuation::Fault;
        }
        // An iteration with lock events awaits as under sc: other threads run between them, and a
        // plain write its reads could see is ordered with them by synchronisation (or is a race,
        // which is reported). An atomic one is ordered by no event there: such a wait cannot be
        // explored, and the loop runs as before (the next head starts a fresh watch).
        if (std::any_of(reads.begin(), reads.end(), [](const SpinRead &r) { return r.atomic; })) {
            w.clean = false;
            return Continuation::Continue;
        }
    }
    // An await: this iteration changed nothing, so any later one that reads the same values changes
    // nothing either; the executions where the reads see another thread's change are explored apart.
    t.pending = Action{ActionKind::AwaitBlocked, t.id, 0};
    t.awaitFunction = t.stack.top().function;
    t.awaitPc = t.stack.top().pc;
    t.awaited.clear();
    t.awaitLocks.clear();
    auto lock = w.locks.begin() + locksFrom;
    for (std::size_t i = 0; i <= reads.size(); ++i) {
        // The lock events that came before the i-th read, counted in shared reads.
        for (; lock != w.locks.end() && lock->readsBefore <= readsFrom + i; ++lock)
            t.awaitLocks.push_back({lock->mutex, std::uint32_t(t.awaited.size())});
        if (i < reads.size() && reads[i].shared)
            t.awaited.push_back(reads[i]);
    }
    w = {};
    return Continuation::Stop;
}

} // namespace weft::interpreter
