// SPDX-License-Identifier: MIT
#include "engine/interpreter/Interpreter.hpp"

#include "engine/action/NondetChoice.hpp"
#include "engine/base/Message.hpp"
#include "engine/interpreter/StateCheckpoints.hpp"
#include "engine/interpreter/pthread/MutexInitialisation.hpp"
#include "engine/interpreter/pthread/ObjectDestruction.hpp"
#include "engine/interpreter/pthread/ThreadAttributes.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace weft::interpreter {

namespace {

/// What a visible action adds to Machine::work, in instructions: re-running one costs the engine about what
/// interpreting 8 instructions does (its action, the executor's choice of a thread), so a program of short
/// threads between its actions is worth a checkpoint now and then (docs/algorithms.md, "Run-to-completion loop").
constexpr std::uint64_t kActionWork = 8;

/// The call that performs a mutex action, for messages.
std::string_view mutexFunction(ActionKind kind) {
    switch (kind) {
    case ActionKind::MutexUnlock: return "pthread_mutex_unlock";
    case ActionKind::MutexTrylock: return "pthread_mutex_trylock";
    case ActionKind::MutexDestroy: return "pthread_mutex_destroy";
    default: return "pthread_mutex_lock";
    }
}

} // namespace

Interpreter::Interpreter(const program::Program &program, InterpreterOptions options)
    : m_program(program), m_options(options), m_stepper(program, m_options) {
    buildInitialState();
    m_state = m_initial;
}

void Interpreter::buildInitialState() {
    InterpreterState &s = m_initial;
    s.memory.setLimit(m_options.maxMemory);
    for (std::uint32_t i = 0; i < m_program.globals.size(); ++i)
        s.memory.addGlobal(i, m_program.globals[i].initialBytes, m_program.globals[i].readOnly);

    // main(argc, argv, envp): argv = {"<program>", NULL}, envp = {NULL}.
    MemoryFault fault;
    std::string name = m_program.sourceMap.files().size() > 1 ? m_program.sourceMap.fileName(1) : "program";
    name = name.substr(name.find_last_of('/') + 1);
    const std::uint64_t text = *s.memory.allocate(program::kGlobalOwner, ObjectKind::Global, name.size() + 1, 0, fault);
    std::memcpy(s.memory.write(text, name.size(), 1, fault), name.data(), name.size());
    const std::uint64_t argv = *s.memory.allocate(program::kGlobalOwner, ObjectKind::Global, 16, 0, fault);
    std::memcpy(s.memory.write(argv, 8, 8, fault), &text, 8);
    const std::uint64_t envp = *s.memory.allocate(program::kGlobalOwner, ObjectKind::Global, 8, 0, fault);

    ThreadState main;
    main.id = ThreadNaming::kMain;
    main.pending = Action{ActionKind::ThreadStart, main.id, 0};
    const program::Function &f = m_program.functions[m_program.mainFunction];
    main.stack.tracksUndefined = m_options.uninit == UninitMode::Report;
    main.stack.push(m_program.mainFunction, f.registerCount);
    const std::uint64_t args[] = {1, argv, envp};
    for (std::uint32_t i = 0; i < f.paramRegisters && i < 3; ++i)
        main.stack.registers[i] = args[i];
    s.threads.push_back(std::move(main));
    s.threadIndex.assign(1, 0);
    s.races.threadStarted(0, std::nullopt);
}

void Interpreter::restart(ThreadNaming &naming) {
    m_naming = &naming;
    m_state = m_initial;
    m_fault.reset();
    m_faultSpot = {};
    m_stepper.faults().clearFault();
}

void Interpreter::restore(const InterpreterState &snapshot) {
    m_state = snapshot;
    m_fault.reset();
    m_faultSpot = {};
    m_stepper.faults().clearFault();
}

namespace {

struct StateSnapshot final : MachineSnapshot {
    explicit StateSnapshot(const InterpreterState &s) : state(s), size(footprintOf(s)) {}
    std::size_t bytes() const override { return size; }
    InterpreterState state;
    std::size_t size;
};

} // namespace

std::unique_ptr<MachineSnapshot> Interpreter::snapshot() const { return std::make_unique<StateSnapshot>(m_state); }

void Interpreter::snapshotInto(std::unique_ptr<MachineSnapshot> &slot) const {
    // Assigning over an old state reuses its vectors', maps' and strings' storage: most of a copy's cost
    // is allocating, not copying.
    if (auto *old = dynamic_cast<StateSnapshot *>(slot.get())) {
        old->state = m_state;
        old->size = footprintOf(m_state);
    } else {
        slot = snapshot();
    }
}

void Interpreter::restore(const MachineSnapshot &snapshot) {
    restore(static_cast<const StateSnapshot &>(snapshot).state);
}

std::optional<PendingAction> Interpreter::pending(ThreadId t) {
    const ThreadState *thread = m_state.find(t);
    if (!thread || thread->exited)
        return std::nullopt;
    const Action &a = thread->pending;
    if (m_state.programEnded) {
        // Nothing runs on; what each other thread would have done is listed as blocked.
        if (a.kind == ActionKind::ProgramEnd && m_state.object(kProgramEndObject).owner == t)
            return std::nullopt; // the end itself was its last action
        return PendingAction{a, false};
    }
    bool enabled = true;
    switch (a.kind) {
    case ActionKind::ThreadJoin: {
        const ThreadState *joined = a.object < kNoThread ? m_state.find(ThreadId(a.object)) : nullptr;
        enabled = !joined || joined->exited; // an unknown thread is reported by execute()
        break;
    }
    case ActionKind::BarrierPass: enabled = m_state.object(a.object).round > thread->barrierRound; break;
    case ActionKind::AssumeBlocked:
    case ActionKind::AwaitBlocked: enabled = false; break;
    case ActionKind::MemRead:
    case ActionKind::MemWrite: enabled = !isHeldBySection(t, a); break;
    default:
        if (isObjectTreeKind(a.kind) || isRwlockKind(a.kind))
            enabled = m_state.object(a.object).isEnabled(a);
        break;
    }
    return PendingAction{a, enabled};
}

void Interpreter::choose(ThreadId t, std::int64_t value) {
    ThreadState *thread = m_state.find(t);
    if (!thread || thread->pending.kind != ActionKind::NondetChoice)
        return;
    const NondetDomain domain = nondetDomain(thread->pending.object);
    thread->pending.value = std::clamp(value, domain.lo, domain.hi);
}

bool Interpreter::stillHolds(const SpinRead &r) const {
    if (r.trylock)
        return m_state.ownerOf(r.address) != kNoThread; // the trylock fails again
    MemoryFault fault;
    const std::uint8_t *bytes = m_state.memory.read(r.address, r.size, 1, fault);
    std::uint64_t now = 0;
    if (!bytes)
        return false; // freed since: reading it again is another story, not this spin
    std::memcpy(&now, bytes, r.size);
    return now == r.value;
}

bool Interpreter::spinsForever(ThreadId t) const {
    const ThreadState *thread = m_state.find(t);
    if (!thread || thread->pending.kind != ActionKind::AwaitBlocked)
        return false;
    return std::all_of(thread->awaited.begin(), thread->awaited.end(),
                       [&](const SpinRead &r) { return stillHolds(r); });
}

ThreadId Interpreter::exitedOwnerOf(ObjectId object) const {
    const ThreadId owner = m_state.ownerOf(object);
    const ThreadState *thread = owner == kNoThread ? nullptr : m_state.find(owner);
    return thread && thread->exited ? owner : kNoThread;
}

std::optional<Action> Interpreter::spinBlockedLock(ThreadId t) const {
    const ThreadState *thread = m_state.find(t);
    if (!thread || thread->pending.kind != ActionKind::AwaitBlocked)
        return std::nullopt;
    // The next iteration repeats the last one from the same state as long as what it reads is
    // unchanged: it takes the same free mutexes and stops at the first one another thread holds.
    std::size_t checked = 0;
    for (const SpinLock &lock : thread->awaitLocks) {
        for (; checked < lock.readsBefore; ++checked)
            if (!stillHolds(thread->awaited[checked]))
                return std::nullopt; // it may take another path before this lock
        const Action action{ActionKind::MutexLock, t, lock.mutex};
        if (!m_state.object(lock.mutex).isEnabled(action))
            return action;
    }
    return std::nullopt;
}

std::string Interpreter::describeSpin(ThreadId t) const {
    const ThreadState *thread = m_state.find(t);
    if (!thread)
        return english(MessageKind::SpinsForever, {std::to_string(t)});
    const std::string where = m_program.sourceMap.format(m_program.sourceMap.spotOf(thread->awaitFunction, thread->awaitPc));
    const std::string reads = m_stepper.faults().describeReads(m_state, thread->awaited);
    return where.empty() ? english(MessageKind::SpinsWaiting, {std::to_string(t), reads})
                         : english(MessageKind::SpinsAtWaiting, {std::to_string(t), where, reads});
}

void Interpreter::violation(ThreadId t, std::string text) {
    raiseFault(t, DefectKind::ModelViolation, std::move(text), false);
}

void Interpreter::reportUndefined(ThreadId t, std::string text, std::string identity) {
    const std::optional<ProgramFault> ending = std::exchange(m_fault, std::nullopt);
    const program::SourceSpot spot = m_faultSpot;
    raiseFault(t, DefectKind::UndefinedBehaviour, std::move(text), true);
    m_fault->location = m_program.sourceMap.format(m_faultSpot);
    m_fault->identity = std::move(identity);
    m_reports.push_back(*std::exchange(m_fault, ending));
    m_faultSpot = spot;
}

void Interpreter::raiseFault(ThreadId t, DefectKind kind, std::string text, bool performed) {
    m_fault = ProgramFault{kind, t, std::move(text), performed};
    if (const ThreadState *thread = m_state.find(t); thread && !thread->stack.empty())
        m_faultSpot = m_program.sourceMap.spotOf(thread->stack.top().function, thread->stack.top().pc);
    const std::string where = m_program.sourceMap.format(m_faultSpot);
    if (!where.empty())
        m_fault->message = where + ": " + m_fault->message;
}

void Interpreter::execute(ThreadId t) {
    m_state.work += kActionWork; // the action itself
    if (!performAction(t))
        return;
    runLocal(t);
    if (const ThreadState *thread = m_state.find(t)) {
        m_state.work += thread->steps;
        // sc: an end inside a section whose event ran keeps what the section touched from the others
        // (sync: the section's lock stays held). engine/unfolding/README.md, "Program ends".
        if (thread->pending.kind == ActionKind::ProgramEnd && thread->sectionDepth > 0 && !thread->sectionEventDue &&
            m_options.model == MemoryModel::Sc)
            m_state.sectionHolder = t;
    }
}

bool Interpreter::isHeldBySection(ThreadId t, const Action &access) const {
    if (m_state.sectionHolder == kNoThread || m_state.sectionHolder == t)
        return false;
    if (access.object == program::kAtomicSectionKey)
        return true;
    // An object the section touched outside the round's section objects (a round learning them).
    const std::uint64_t base = access.object - std::uint64_t(program::decodePointer(access.object).offset);
    return std::binary_search(m_state.sectionObjects.begin(), m_state.sectionObjects.end(), base);
}

bool Interpreter::performAction(ThreadId t) {
    m_reports.clear();
    m_fault.reset();
    m_faultSpot = {};
    m_stepper.faults().clearFault();
    ThreadState *thread = m_state.find(t);
    assert(thread && !thread->exited && !m_state.programEnded && !thread->inside);
    const Action action = thread->pending;
    MemoryFault fault;
    switch (action.kind) {
    case ActionKind::ThreadStart: break;
    case ActionKind::ThreadCreate: {
        const ThreadId child = ThreadId(action.object);
        const std::uint32_t routine = program::decodePointer(m_stepper.callArgument(*thread, 2)).object;
        const std::uint64_t argument = m_stepper.callArgument(*thread, 3);
        const std::uint64_t handle = m_stepper.callArgument(*thread, 0);
        ThreadState created;
        created.id = child;
        created.pending = Action{ActionKind::ThreadStart, child, 0};
        created.clockNs = thread->clockNs;
        created.detached = createsDetached(m_state.memory, m_stepper.callArgument(*thread, 1));
        created.exitsInPast = thread->exitsInPast;
        m_stepper.startThread(created, routine, argument);
        if (m_state.threadIndex.size() <= child)
            m_state.threadIndex.resize(child + 1, InterpreterState::kNoIndex);
        m_state.threadIndex[child] = std::uint32_t(m_state.threads.size());
        m_state.threads.push_back(std::move(created));
        m_state.races.threadStarted(m_state.threadIndex[child], m_state.threadIndex[t]);
        thread = m_state.find(t); // threads may have moved
        const Frame &call = thread->stack.top();
        const std::uint64_t handleBytes = program::threadHandleBytes(m_program.functions[call.function].code[call.pc]);
        if (std::uint8_t *bytes = m_state.memory.write(handle, handleBytes, handleBytes, fault)) {
            const std::uint64_t id = child;
            std::memcpy(bytes, &id, handleBytes); // little-endian: the low bytes
        }
        m_stepper.finishCall(*thread, 0);
        break;
    }
    case ActionKind::ThreadJoin: {
        ThreadState *joined = action.object < kNoThread ? m_state.find(ThreadId(action.object)) : nullptr;
        if (!joined)
            return violation(t,
                             english(MessageKind::JoinUncreated, {std::to_string(t), std::to_string(action.object)})),
                   false;
        // POSIX: a thread joined once is no longer joinable, and joining it again is undefined (glibc
        // may crash, or join a newer thread that reuses the id). Two joins of one thread are
        // independent events: in whichever order they run, the second finds the first's mark.
        if (joined->joined)
            return violation(t, english(MessageKind::JoinJoined, {std::to_string(action.object)})), false;
        // Detached by another thread while this join waited for the exit (ThreadCalls.cpp checks the call).
        if (joined->detached)
            return violation(t, english(joined->detachCalled ? MessageKind::JoinAfterDetach : MessageKind::JoinDetached,
                                        {std::to_string(action.object)})),
                   false;
        joined->joined = true;
        m_state.races.joined(m_state.threadIndex[t], m_state.threadIndex[joined->id]);
        thread->exitsInPast |= joined->exitsInPast | (joined->id < 32 ? 1u << joined->id : ThreadState::kUnknownPast);
        m_stepper.markEscaped(m_state, joined->exitValue);
        const std::uint64_t result = m_stepper.callArgument(*thread, 1);
        if (result != 0)
            if (std::uint8_t *bytes = m_state.memory.write(result, 8, 8, fault))
                std::memcpy(bytes, &joined->exitValue, 8);
        m_stepper.finishCall(*thread, 0);
        break;
    }
    case ActionKind::MemRead:
    case ActionKind::MemWrite: thread->accessGranted = true; break; // the access runs with the local code
    case ActionKind::NondetChoice:
        if (thread->choosesLockFailure) {
            // pthread_mutex_lock's choice (pthread/MutexCalls.cpp): 1 fails, 0 goes on to the lock.
            thread->choosesLockFailure = false;
            if (action.value != 0) {
                thread->followUps.clear();
                m_stepper.finishCall(*thread, kEagain);
                break;
            }
            thread->pending = thread->followUps.front();
            thread->followUps.erase(thread->followUps.begin());
            return false;
        }
        if (thread->choosesExternalObject) {
            // An undefined function's pointer result (UndefinedCalls::Values): 0 NULL, 1 a fresh object
            // (NULL too if memory is exhausted: one of the values it may return all the same).
            thread->choosesExternalObject = false;
            std::uint64_t result = 0;
            if (action.value != 0) {
                const Frame &f = thread->stack.top();
                result = m_state.memory
                             .allocate(program::threadOwner(t), ObjectKind::Heap, kExternalObjectSize,
                                       (std::uint64_t(f.function) << 32) | f.pc, fault)
                             .value_or(0);
            }
            m_stepper.finishCall(*thread, result);
            break;
        }
        if (thread->choosesTimeout) {
            // A timed wait's choice (runtime pthread.c, __weft_timeout): 0 waits, 1 times out.
            thread->timedWait = (action.value & 1) == 0;
            thread->choosesTimeout = false;
        }
        if (!thread->followUps.empty()) {
            // pthread_cond_wait's choice (pthread/SyncCalls.cpp): 1 wakes up at once, without a
            // signal: only the mutex is released and taken again.
            std::vector<Action> &wait = thread->followUps;
            if (action.value != 0) {
                ++thread->spuriousWakeups;
                thread->wakeAnchor = {thread->stack.frames, thread->stack.registers, true};
                wait.erase(std::remove_if(wait.begin(), wait.end(),
                                          [](const Action &a) {
                                              return a.kind == ActionKind::CondEnqueue ||
                                                     a.kind == ActionKind::CondWake;
                                          }),
                           wait.end());
            }
            thread->pending = wait.front();
            wait.erase(wait.begin());
            return false;
        }
        m_stepper.finishCall(*thread, std::uint64_t(action.value) & thread->nondetMask);
        break;
    case ActionKind::ThreadExit:
        thread->exited = true;
        m_stepper.releaseStack(m_state, *thread);
        // main's return: the others' remaining steps commute with it, so they go on being explored
        // (and a thread left blocked is abandoned, not deadlocked).
        if (thread->endsProgram)
            m_state.exitRequested = true;
        return false;
    case ActionKind::ProgramEnd: {
        // exit() or a fault: nothing runs after it. The thread keeps its stack (the debugger shows
        // where it ended).
        m_state.objects[action.object] = m_state.object(action.object).after(action);
        m_state.programEnded = true;
        auto &ending = m_state.endingFaults;
        const auto it = std::find_if(ending.begin(), ending.end(), [t](const auto &e) { return e.thread == t; });
        if (it != ending.end()) {
            m_fault = std::move(it->fault);
            m_faultSpot = it->spot;
            ending.erase(it);
        }
        return false;
    }
    default:
        if (!performOnObject(*thread, action))
            return false;
        if (action.object == program::kAtomicSectionKey) {
            thread->accessGranted = true; // the section's call (or return) runs again and enters (leaves)
            break;
        }
        // A call of several actions (pthread_cond_wait, pthread_barrier_wait) runs no local code
        // until its last one: the thread's next pending action is the call's next.
        if (!thread->followUps.empty()) {
            thread->pending = thread->followUps.front();
            thread->followUps.erase(thread->followUps.begin());
            return false;
        }
        m_stepper.finishCall(*thread, thread->callResult);
        thread->callResult = 0;
        thread->timedWait = false; // the wait (or lock) it chose is over
        break;
    }
    thread->steps = 0;
    thread->inside = true;
    return true;
}

LocalStop Interpreter::runLocal(ThreadId t, const PauseBefore &pauseBefore) {
    ThreadState *thread = m_state.find(t);
    assert(thread && thread->inside);
    m_fault.reset();
    m_faultSpot = {};
    m_stepper.faults().clearFault();
    bool reached = m_stepper.run(m_state, *thread, *m_naming, pauseBefore ? &pauseBefore : nullptr);
    for (ProgramFault &race : m_stepper.takeReports())
        m_reports.push_back(std::move(race));
    if (reached && thread->sectionDepth > 0 && !allowedInSection(*thread)) {
        const Action &a = thread->pending;
        m_stepper.faults().raise(
            *thread, DefectKind::UnsupportedOperation,
            english(MessageKind::ActionInAtomic,
                    {describeAction(a, namesMemoryObject(a.kind) ? describeAddress(a.object) : std::string())}));
        reached = false;
    }
    if (reached) {
        thread->inside = false;
        return LocalStop::AtAction;
    }
    if (m_stepper.paused())
        return LocalStop::Paused;
    thread->inside = false;
    if (const std::optional<ProgramFault> &raised = m_stepper.faults().fault()) {
        // A fault in local code ends the program, but not before the other threads' next steps: it
        // waits as the thread's ProgramEnd (engine/unfolding/README.md, "Program ends").
        m_state.endingFaults.push_back({t, *raised, m_stepper.faults().faultSpot()});
        m_stepper.faults().clearFault();
        thread->pending = Action{ActionKind::ProgramEnd, t, kProgramEndObject};
        thread->followUps.clear();
        return LocalStop::AtAction;
    }
    return LocalStop::Interrupted;
}

bool Interpreter::allowedInSection(const ThreadState &thread) {
    const Action &a = thread.pending;
    if (a.kind == ActionKind::NondetChoice && !thread.choosesLockFailure && !thread.choosesTimeout &&
        thread.followUps.empty()) {
        // An input inside a section (engine/unfolding/README.md, "Atomic sections"). Sync: the thread
        // keeps the implicit lock over the choice. Sc: only before the body's first access to shared
        // memory, which the section's event precedes.
        return m_options.model == MemoryModel::Sync || thread.sectionEventDue;
    }
    return a.object == program::kAtomicSectionKey || a.kind == ActionKind::AssumeBlocked ||
           a.kind == ActionKind::ProgramEnd;
}

void Interpreter::orderBySynchronisation(const ThreadState &thread, const Action &action, bool succeeded) {
    RaceDetector &races = m_state.races;
    const std::uint32_t self = m_state.threadIndex[thread.id];
    switch (action.kind) {
    case ActionKind::MutexLock:
    case ActionKind::SemWait:
    case ActionKind::CondWake: races.acquire(self, action.object); break;
    case ActionKind::MutexTrylock:
    case ActionKind::SemTrywait:
        if (succeeded)
            races.acquire(self, action.object);
        break;
    case ActionKind::MutexUnlock:
    case ActionKind::SemInit:
    case ActionKind::SemPost:
    case ActionKind::CondSignal:
    case ActionKind::CondBroadcast:
    case ActionKind::BarrierInit: races.release(self, action.object); break;
    case ActionKind::BarrierArrive:
        races.release(self, action.object);
        if (thread.callResult == kBarrierSerialThread)
            races.completeRound(action.object, thread.barrierRound);
        break;
    case ActionKind::BarrierPass: races.passRound(self, action.object, thread.barrierRound); break;
    // A read-write lock keeps two clocks: its writers' releases (at the lock's address), which
    // every acquirer takes, and its readers' releases (one byte further), which only writers take:
    // two readers are not ordered by the lock.
    case ActionKind::RwRdlock:
    case ActionKind::RwTryrdlock:
        if (succeeded)
            races.acquire(self, action.object);
        break;
    case ActionKind::RwWrlock:
    case ActionKind::RwTrywrlock:
        if (succeeded) {
            races.acquire(self, action.object);
            races.acquire(self, action.object + 1);
        }
        break;
    case ActionKind::RwRdunlock: races.release(self, action.object + 1); break;
    case ActionKind::RwWrunlock: races.release(self, action.object); break;
    default: break;
    }
}

bool Interpreter::performOnObject(ThreadState &thread, const Action &action) {
    if (action.kind == ActionKind::BarrierPass) {
        orderBySynchronisation(thread, action, true);
        return true; // enabled once the round of the thread's arrival completed; changes nothing
    }
    assert((isObjectTreeKind(action.kind) || isRwlockKind(action.kind)) &&
           "the interpreter does not produce this action");
    const ThreadId t = thread.id;
    const SyncObjectState &before = m_state.object(action.object);
    // Messages are only built for a misuse (naming the object is not free, and this runs per action).
    auto fail = [&](MessageKind kind) {
        violation(t, english(kind, {std::to_string(t), describeAddress(action.object)}));
        return false;
    };
    const auto onMutex = [](ActionKind k) {
        return k == ActionKind::MutexLock || k == ActionKind::MutexUnlock || k == ActionKind::MutexTrylock ||
               k == ActionKind::MutexDestroy;
    };
    if (onMutex(action.kind) && action.object != program::kAtomicSectionKey) {
        // Undefined behaviour, reported once per destroy; the run goes on as if the mutex had been
        // initialised again (a normal mutex), so that what the other threads do next is explored.
        if (m_state.mutexDestroys > 0 && isDestroyedMutex(m_state, action.object)) {
            reportUndefined(t, english(MessageKind::DestroyedMutexUsed,
                                       {std::string(mutexFunction(action.kind)), describeAddress(action.object)}));
            clearDestroyedMutex(m_state, action.object);
        }
        if (const MutexInitStamp *init = m_state.racyInits.empty() ? nullptr : racyInit(m_state, action.object);
            init && !m_state.races.covers(m_state.threadIndex[t], init->epoch)) {
            // An init another thread made with no synchronisation with this use (pthread/MutexCalls.cpp):
            // reported once per execution, one defect with the init's own reports.
            const std::string initSite =
                m_program.sourceMap.format(std::uint32_t(init->site >> 32), std::uint32_t(init->site));
            const std::string useSite = m_program.sourceMap.format(currentSpot(t));
            const ThreadId initialiser = m_state.threads[init->epoch.thread - 1].id;
            std::erase_if(m_state.racyInits, [&](const auto &i) { return i.first == action.object; });
            reportUndefined(t,
                            english(MessageKind::MutexInitRace,
                                    {describeAddress(action.object),
                                     english(MessageKind::ThreadInitialises, {std::to_string(initialiser), initSite}),
                                     english(MessageKind::ThreadUsesMutex, {std::to_string(t), useSite})}),
                            mutexInitIdentity(initSite));
        }
        if (isUninitialisedMutex(m_state, action.object)) {
            // A local or malloc'd mutex no initialisation reached (pthread/MutexInitialisation.hpp): once.
            reportUndefined(t, english(MessageKind::UninitialisedMutexUsed,
                                       {std::string(mutexFunction(action.kind)), describeAddress(action.object)}));
            clearDestroyedMutex(m_state, action.object);
        }
    }
    if (m_state.objectDestroys > 0) {
        if (const std::optional<SyncObjectKind> k = checkedObject(action.kind);
            k && isDestroyedObject(m_state, action.object, *k)) {
            // As for a mutex: reported once per destroy, and the object acts as initialised again.
            reportUndefined(t, english(destroyedUseMessage(*k),
                                       {std::string(objectFunction(action.kind)), describeAddress(action.object)}));
            markDestroyedObject(m_state, action.object, *k, false);
        } else if (action.kind == ActionKind::SemInit || action.kind == ActionKind::BarrierInit) {
            markDestroyedObject(
                m_state, action.object,
                action.kind == ActionKind::SemInit ? SyncObjectKind::Semaphore : SyncObjectKind::Barrier, false);
        }
    }
    switch (action.kind) {
    case ActionKind::SemDestroy:
    case ActionKind::CondDestroy:
    case ActionKind::BarrierDestroy:
    case ActionKind::RwDestroy: {
        // Here another thread may use the object concurrently (pthread/SyncCalls.cpp). Undefined
        // behaviour where it is in use: reported, EBUSY, the object stays as it is.
        const SyncObjectKind k = *checkedObject(action.kind);
        if (const std::optional<MessageKind> misuse = destroyMisuse(before, k)) {
            reportUndefined(t, english(*misuse, {}));
            thread.callResult = kEbusy;
        } else {
            markDestroyedObject(m_state, action.object, k, true);
        }
        break;
    }
    case ActionKind::MutexUnlock:
        if (before.owner != t)
            return fail(MessageKind::UnlockNotHeld);
        break;
    case ActionKind::MutexDestroy:
        // Here another thread may have taken the mutex in between (pthread/MutexCalls.cpp). Undefined
        // behaviour; the run goes on as glibc's does: EBUSY, the mutex stays as it is.
        if (before.owner != kNoThread) {
            reportUndefined(t, english(MessageKind::DestroyLockedMutex, {}));
            thread.callResult = kEbusy;
        } else {
            markDestroyedMutex(m_state, action.object);
        }
        break;
    case ActionKind::MutexTrylock:
        // A failed trylock may be all a retry loop's iteration does (README "Spin loops").
        if (before.succeeds(action))
            thread.spin.clean = false;
        else
            m_stepper.spins().noteFailedTrylock(thread, action.object, before.owner);
        [[fallthrough]];
    case ActionKind::RwTryrdlock:
    case ActionKind::RwTrywrlock: thread.callResult = before.succeeds(action) ? 0 : kEbusy; break;
    case ActionKind::SemWait:
    case ActionKind::SemTrywait:
    case ActionKind::SemPost:
        if (!before.initialised)
            return fail(MessageKind::SemaphoreUninitialised);
        thread.callResult = before.succeeds(action) ? 0 : 0xFFFFFFFFu; // failed sem_trywait: -1, errno not set
        break;
    case ActionKind::BarrierArrive:
        if (before.parties <= 0)
            return fail(MessageKind::BarrierUninitialised);
        thread.callResult = before.completesRound() ? kBarrierSerialThread : 0;
        thread.barrierRound = before.round;
        break;
    default: break;
    }
    const bool succeeded = before.succeeds(action);
    SyncObjectState after = before.after(action);
    m_state.objects[action.object] = std::move(after);
    orderBySynchronisation(thread, action, succeeded);
    return true;
}

std::vector<FrameLocation> Interpreter::callStack(ThreadId t) const {
    std::vector<FrameLocation> out;
    if (const ThreadState *thread = m_state.find(t))
        for (auto it = thread->stack.frames.rbegin(); it != thread->stack.frames.rend(); ++it)
            out.push_back({it->function, it->pc, m_program.sourceMap.spotOf(it->function, it->pc)});
    return out;
}

program::SourceSpot Interpreter::currentSpot(ThreadId t) const {
    const ThreadState *thread = m_state.find(t);
    if (!thread || thread->stack.frames.empty())
        return {};
    const Frame &top = thread->stack.top();
    return m_program.sourceMap.spotOf(top.function, top.pc);
}

std::string Interpreter::describeObject(ObjectId object) const {
    if (isNondetObject(object)) {
        const NondetDomain d = nondetDomain(object);
        return "in " + std::to_string(d.lo) + ".." + std::to_string(d.hi);
    }
    return describeAddress(object);
}

std::string Interpreter::describeAddress(std::uint64_t address, bool asPointer) const {
    return m_stepper.faults().describeAddress(m_state, address, asPointer);
}

} // namespace weft::interpreter
