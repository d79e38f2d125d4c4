// SPDX-License-Identifier: MIT
// One thread of the interpreted program: its call stack, its next visible action and how it ends.
// Value type (part of InterpreterState, so a snapshot copies it).
#pragma once

#include "engine/action/Action.hpp"
#include "engine/interpreter/CallStack.hpp"

#include <array>
#include <map>
#include <vector>

namespace weft::interpreter {

/// A memory read made by the current iteration of a loop (SpinLoops.hpp).
struct SpinRead {
    std::uint64_t address = 0;
    std::uint32_t size = 0;
    std::uint64_t value = 0;
    /// Another thread may change it: a read event (sc), any read (sync).
    bool shared = false;
    bool atomic = false; ///< an atomic load (sync runs it as local code, ordered by no event)
    /// A failed pthread_mutex_trylock of the mutex at `address` (size 0; value: its owner then). It
    /// fails again as long as the mutex is held (SpinDetector::noteFailedTrylock).
    bool trylock = false;
    /// A nondet input chosen in the iteration (an explored choice: no memory, address and size 0).
    bool choice = false;
    /// A store of the value memory already held (`value`): it changed nothing, and a reader of it sees
    /// what it would see without it. Kept only by an iteration with a choice (SpinDetector::spinning).
    bool storedSame = false;
    friend bool operator==(const SpinRead &, const SpinRead &) = default;
};

/// A lock event of the current iteration of a loop: the mutex, and how many of the iteration's
/// reads came before it (SpinWatch::reads while watching; shared reads only once awaiting).
struct SpinLock {
    std::uint64_t mutex = 0;
    std::uint32_t readsBefore = 0;
    friend bool operator==(const SpinLock &, const SpinLock &) = default;
};

/// A loop head the thread has reached since its last effect: its phi values then, and where its
/// iteration's reads start in SpinWatch::reads.
struct SpinAnchor {
    std::uint32_t pc = 0;
    std::uint32_t readsFrom = 0;
    std::uint32_t locksFrom = 0;      ///< SpinWatch::locks' size then
    std::uint8_t skipped = 0;         ///< arrivals without a read since the anchor that were not compared
    std::uint8_t heldFrom = 0;        ///< SpinWatch::heldCount then: those stay held
    /// A mutex held at the anchor was unlocked since: no iteration from here is free of effects.
    bool broken = false;
    /// SpinWatch::released was unlocked since (and perhaps locked again): an iteration from here that
    /// changed nothing else awaits one rotation later, at the relock (SpinDetector::noteLockEvent).
    bool rotated = false;
    std::vector<std::uint64_t> phis{};
};

/// What the thread has done since it reached the loop heads it watches (SpinLoops.hpp): whether it
/// is free of effects, the heads' phi values, the reads made since.
struct SpinWatch {
    std::uint32_t function = 0xFFFFFFFFu; ///< the frame the heads are in (none yet)
    std::uint32_t depth = 0;              ///< frames on the stack there
    /// No store, allocation, builtin call or other action since the first head, and no return from
    /// the heads' frame or below (a call of the program's own code that returns within the
    /// iteration is part of it: its stores, allocations and actions count, its frame is gone).
    bool clean = false;
    std::uint8_t heldCount = 0; ///< entries of `held` in use
    std::vector<SpinAnchor> anchors;
    std::vector<SpinRead> reads;
    /// The lock events since the first head, in order: an await whose next lock would wait for a
    /// mutex another thread holds is blocked there, not spinning (Interpreter::spinBlockedLock).
    std::vector<SpinLock> locks;
    /// The mutexes locked since the first head (lock events) and not unlocked yet, in order. An
    /// iteration may lock and unlock mutexes: the same held at its end as at its start, none of
    /// those unlocked on the way, is no effect (SpinDetector::noteLockEvent). A fixed array: the
    /// watch is copied with every saved state, and a fifth nested mutex ends it.
    static constexpr std::size_t kMaxHeld = 4;
    std::array<std::uint64_t, kMaxHeld> held{};
    /// After an effect-free iteration of a re-read loop (LoopHeads::reReadLoop): the head's branch;
    /// if it then stays in the loop, the thread awaits (SpinDetector::atBranch). None: 0xFFFFFFFF.
    std::uint32_t armedBranch = 0xFFFFFFFFu;
    std::uint32_t armedStay = 0;      ///< the branch's target that stays in the loop
    std::uint32_t armedReadsFrom = 0; ///< where that iteration's reads start
    std::uint32_t armedLocksFrom = 0; ///< where its lock events start
    /// A mutex held before the first head that the iteration unlocks and locks again (`lock(&a); while
    /// (trylock(&b)) { unlock(&a); lock(&a); }`; 0: none): the rotated rule (SpinDetector.cpp).
    std::uint64_t released = 0;
    bool releasedNow = false;          ///< it is unlocked at the moment
    std::uint32_t relockReads = 0;     ///< SpinWatch::reads' size at its last relock
    /// After an iteration that changed nothing but releasing and retaking `released`: the next
    /// iteration's relock awaits if its reads up to there equal that iteration's up to its relock,
    /// reads[rotationFrom, rotationRelock); the next iteration's reads start at rotationNext.
    bool rotationArmed = false;
    std::uint32_t rotationFrom = 0, rotationRelock = 0, rotationNext = 0;
};

/// Where a setjmp of the thread was called: its frame (by depth, function and register base, so a
/// frame that returned and was replaced is told apart) and the call instruction.
struct JumpTarget {
    std::uint32_t depth = 0;
    std::uint32_t function = 0;
    std::uint32_t base = 0;
    std::uint32_t pc = 0;
    friend bool operator==(const JumpTarget &, const JumpTarget &) = default;
};

struct ThreadState {
    ThreadId id = kNoThread;
    CallStack stack;
    /// The next visible action; for all but ThreadStart the innermost frame stands on the call
    /// that performs it (pthread_mutex_lock, ...) or the stack is empty (the start routine returned).
    Action pending;
    /// The actions the same call performs after `pending`, in order (pthread_cond_wait: unlock,
    /// wake, lock; pthread_barrier_wait: pass). The call returns after the last one.
    std::vector<Action> followUps;
    std::uint64_t callResult = 0;    ///< what the call in progress returns (trylock, trywait, barrier)
    std::uint32_t barrierRound = 0;  ///< the round of the thread's last barrier arrival
    /// Bit u: thread u's exit lies in this thread's past through creations and joins (its creator's
    /// bits when it starts; a join adds the joined thread and its bits). When they are all the other
    /// threads, no other thread can act concurrently with its next step (MutexCalls.cpp). Threads 0–31;
    /// kUnknownPast once a thread numbered 32 or more took part. (In the padding after barrierRound:
    /// at 592 bytes instead of 584, every thread lookup took an instruction more.)
    std::uint32_t exitsInPast = 0;
    static constexpr std::uint32_t kUnknownPast = 0xFFFFFFFFu;
    /// Per read-write lock the thread holds for reading: how many more read locks it took on top
    /// of the first (the first and last are events; the nested ones are the thread's own business).
    std::map<std::uint64_t, std::uint32_t> nestedReads;
    /// The thread's copies of thread-local variables, by global index (main uses the globals).
    std::map<std::uint32_t, std::uint64_t> threadLocals;
    /// The thread's setjmp calls so far; a jmp_buf holds (thread << 32 | index + 1) (JumpCalls.cpp).
    std::vector<JumpTarget> jumps;
    bool exited = false;
    /// Created with PTHREAD_CREATE_DETACHED or passed to pthread_detach: joining or detaching it again
    /// is a defect (POSIX: undefined, the thread is no longer joinable).
    bool detached = false;
    bool detachCalled = false; ///< detached by pthread_detach, not at its creation (for the message)
    bool joined = false;   ///< a pthread_join of it has returned: joining it again is a defect
    /// The pending exit is main's return (C): see Machine::hasExitRequested. (exit() and faults are a
    /// ProgramEnd action instead.)
    bool endsProgram = false;
    std::uint64_t exitValue = 0;   ///< what pthread_join hands back
    bool endRan = false; ///< the runtime's thread-end function (key destructors) has run
    std::uint32_t created = 0;     ///< threads created so far (the ThreadNaming ordinal)
    std::uint64_t steps = 0;       ///< instructions run since the last visible action
    /// sc model: the thread stands on a shared access that its pending read/write event has just
    /// allowed, so re-running the instruction performs it instead of stopping again.
    bool accessGranted = false;
    /// Debugger stepping: the thread's action is performed but its local code has not reached the
    /// next one (Interpreter::performAction / runLocal). Never true during exploration.
    bool inside = false;
    /// The thread's virtual clock in ns (runtime time functions): a new thread starts at its
    /// creator's time; each reading advances it by 1 us, sleeping by the time slept.
    std::uint64_t clockNs = 0;
    /// Atomic sections (AtomicSections.cpp): how deeply the thread is nested in sections (0: outside),
    /// and whether the current outermost one has written memory other than the thread's own stack.
    /// __VERIFIER_atomic_begin/end are a flag, as SV-COMP's tools read them (`begun`: one is open and
    /// counts once in sectionDepth); __VERIFIER_atomic_* functions nest.
    std::uint32_t sectionDepth = 0;
    bool sectionBegun = false;
    bool sectionWrote = false;
    /// Sc: the current outermost section has not accessed memory other than the thread's own stack
    /// yet: its event (a write of the section location) is due before such an access, and a nondet
    /// choice is allowed until then.
    bool sectionEventDue = false;
    std::uint64_t nondetDraws = 0; ///< __VERIFIER_nondet_* calls so far (the random stream's position)
    std::uint64_t nondetMask = 0; ///< pending nondet choice: the bits of the call's result type
    std::uint32_t spuriousWakeups = 0; ///< how many of its condition waits woke up without a signal
    /// Its stack when it last woke up spuriously, and whether it has stored, allocated, called or
    /// returned nothing since (`quiet`): waiting again at the same place with the same registers is
    /// the same wait, and needs no spurious wake-up of its own (README "weft svcomp").
    struct WakeAnchor {
        std::vector<Frame> frames;
        std::vector<std::uint64_t> registers;
        bool quiet = false;
    } wakeAnchor;
    /// Whether a condition wait now would be the same wait as the one it last woke up from spuriously.
    bool repeatsSpuriousWakeup() const {
        return wakeAnchor.quiet && wakeAnchor.frames == stack.frames && wakeAnchor.registers == stack.registers;
    }
    /// The timed wait in progress chose to wait (runtime pthread.c, __weft_timeout returned 0): until
    /// the thread's next call completes, its blocking is not a deadlock (the timeout is explored).
    bool timedWait = false;
    bool choosesLockFailure = false; ///< the pending nondet choice is a lock's failure (lockFailures)
    bool choosesTimeout = false; ///< the pending nondet choice is a timed wait's (Builtin::WeftTimeout)
    /// The pending nondet choice is an undefined function's pointer result: 0 NULL, 1 a fresh object.
    bool choosesExternalObject = false;
    SpinWatch spin;
    /// Pending AwaitBlocked: the loop head it spins at and the shared reads its iteration made
    /// (it would spin forever while they still hold these values), and its lock events (readsBefore
    /// counts `awaited`), which it would repeat first.
    std::uint32_t awaitFunction = 0, awaitPc = 0;
    std::vector<SpinRead> awaited;
    std::vector<SpinLock> awaitLocks;
};

} // namespace weft::interpreter
