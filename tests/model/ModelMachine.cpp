// SPDX-License-Identifier: MIT
#include "tests/model/ModelMachine.hpp"

#include "engine/action/NondetChoice.hpp"

#include <algorithm>
#include <utility>

namespace weft::model {

ModelThread::Awaiter ModelThread::lock(int m) { return {this, ModelMachine::Lock, std::uint64_t(m)}; }
ModelThread::Awaiter ModelThread::unlock(int m) { return {this, ModelMachine::Unlock, std::uint64_t(m)}; }
ModelThread::Awaiter ModelThread::trylock(int m) { return {this, ModelMachine::Trylock, std::uint64_t(m)}; }
ModelThread::Awaiter ModelThread::destroy(int m) { return {this, ModelMachine::Destroy, std::uint64_t(m)}; }
ModelThread::Awaiter ModelThread::create(ThreadBody body) {
    return {this, ModelMachine::Create, 0, std::move(body)};
}
ModelThread::Awaiter ModelThread::join(ThreadId thread) { return {this, ModelMachine::Join, thread}; }
ModelThread::Awaiter ModelThread::check(bool condition, std::string message) {
    return {this, ModelMachine::Check, 0, {}, condition, std::move(message)};
}
ModelThread::Awaiter ModelThread::checkInSection(bool condition, std::string message) {
    return {this, ModelMachine::CheckInSection, 0, {}, condition, std::move(message)};
}
ModelThread::Awaiter ModelThread::assume(bool condition) {
    return {this, ModelMachine::Assume, 0, {}, condition};
}
ModelThread::Awaiter ModelThread::semInit(int sem, int value) {
    Awaiter a{this, ModelMachine::SemInit, std::uint64_t(sem)};
    a.value = value;
    return a;
}
ModelThread::Awaiter ModelThread::semWait(int sem) { return {this, ModelMachine::SemWait, std::uint64_t(sem)}; }
ModelThread::Awaiter ModelThread::semTrywait(int sem) { return {this, ModelMachine::SemTrywait, std::uint64_t(sem)}; }
ModelThread::Awaiter ModelThread::semPost(int sem) { return {this, ModelMachine::SemPost, std::uint64_t(sem)}; }
ModelThread::Awaiter ModelThread::condWait(int cond, int mutex) {
    Awaiter a{this, ModelMachine::CondWait, std::uint64_t(cond)};
    a.other = std::uint64_t(mutex);
    return a;
}
ModelThread::Awaiter ModelThread::condSignal(int c) { return {this, ModelMachine::CondSignal, std::uint64_t(c)}; }
ModelThread::Awaiter ModelThread::condBroadcast(int c) { return {this, ModelMachine::CondBroadcast, std::uint64_t(c)}; }
ModelThread::Awaiter ModelThread::barrierInit(int barrier, int parties) {
    Awaiter a{this, ModelMachine::BarrierInit, std::uint64_t(barrier)};
    a.value = parties;
    return a;
}
ModelThread::Awaiter ModelThread::rdlock(int l) { return {this, ModelMachine::Rdlock, std::uint64_t(l)}; }
ModelThread::Awaiter ModelThread::tryrdlock(int l) { return {this, ModelMachine::Tryrdlock, std::uint64_t(l)}; }
ModelThread::Awaiter ModelThread::rdunlock(int l) { return {this, ModelMachine::Rdunlock, std::uint64_t(l)}; }
ModelThread::Awaiter ModelThread::wrlock(int l) { return {this, ModelMachine::Wrlock, std::uint64_t(l)}; }
ModelThread::Awaiter ModelThread::trywrlock(int l) { return {this, ModelMachine::Trywrlock, std::uint64_t(l)}; }
ModelThread::Awaiter ModelThread::wrunlock(int l) { return {this, ModelMachine::Wrunlock, std::uint64_t(l)}; }
ModelThread::Awaiter ModelThread::rwDestroy(int l) { return {this, ModelMachine::RwDestroy, std::uint64_t(l)}; }
ModelThread::Awaiter ModelThread::read(int var) { return {this, ModelMachine::Read, std::uint64_t(var)}; }
ModelThread::Awaiter ModelThread::write(int var, std::int64_t value) {
    Awaiter a{this, ModelMachine::Write, std::uint64_t(var)};
    a.value = value;
    return a;
}
ModelThread::Awaiter ModelThread::compareExchange(int var, std::int64_t expected, std::int64_t desired) {
    Awaiter a{this, ModelMachine::CompareExchange, std::uint64_t(var)};
    a.other = std::uint64_t(expected);
    a.value = desired;
    return a;
}
ModelThread::Awaiter ModelThread::exchange(int var, std::int64_t value) {
    Awaiter a{this, ModelMachine::Exchange, std::uint64_t(var)};
    a.value = value;
    return a;
}
ModelThread::Awaiter ModelThread::spinUntil(int var, std::int64_t value) {
    Awaiter a{this, ModelMachine::SpinUntil, std::uint64_t(var)};
    a.value = value;
    return a;
}
ModelThread::Awaiter ModelThread::nondet(std::int64_t lo, std::int64_t hi) {
    Awaiter a{this, ModelMachine::Nondet, nondetObject(m_id, NondetKind::Range, lo, hi)};
    a.value = nondetDomain(a.object).first();
    return a;
}
void ModelThread::beginSpin() {
    ModelMachine::ThreadRecord &r = *m_machine->find(m_id);
    r.inSpin = true;
    r.spinReads.clear();
}
ModelThread::Awaiter ModelThread::endSpin(bool loops) {
    if (!loops)
        m_machine->find(m_id)->inSpin = false;
    return {this, ModelMachine::EndSpin, 0, {}, !loops};
}
ModelThread::Awaiter ModelThread::barrierWait(int b) { return {this, ModelMachine::BarrierWait, std::uint64_t(b)}; }

void ModelThread::Awaiter::await_suspend(std::coroutine_handle<>) noexcept {
    thread->m_machine->suspendOn(*this);
}

std::uint64_t ModelThread::Awaiter::await_resume() const noexcept {
    return thread->m_machine->find(thread->m_id)->result;
}

ModelMachine::~ModelMachine() = default;

void ModelMachine::restart(ThreadNaming &naming) {
    m_naming = &naming;
    m_byId.clear();
    m_threads.clear();
    m_objects.clear();
    m_memory.clear();
    m_fault.reset();
    m_ended = false;
    m_program.reset();
    addThread(ThreadNaming::kMain, [this](ModelThread &self) { return m_program.main(self); });
}

ModelMachine::ThreadRecord *ModelMachine::find(ThreadId t) {
    auto it = m_byId.find(t);
    return it == m_byId.end() ? nullptr : it->second;
}

ModelMachine::ThreadRecord &ModelMachine::addThread(ThreadId id, ThreadBody body) {
    auto record = std::make_unique<ThreadRecord>(ThreadRecord{id, std::move(body), ModelThread(*this, id)});
    ThreadRecord &r = *record;
    r.pending = {Action{ActionKind::ThreadStart, id, 0}};
    r.next = 0;
    m_byId[id] = &r;
    m_threads.push_back(std::move(record));
    r.task = r.body(r.self);
    return r;
}

void ModelMachine::suspendOn(ModelThread::Awaiter &awaiter) {
    ThreadRecord &r = *find(awaiter.thread->m_id);
    r.pending.clear();
    r.next = 0;
    auto op = [&](ActionKind kind, std::uint64_t object = 0, std::int64_t value = 0) {
        r.pending.push_back(Action{kind, r.id, object, value});
    };
    const std::uint64_t o = awaiter.object;
    switch (awaiter.kind) {
    case Lock: op(ActionKind::MutexLock, o); break;
    case Unlock: op(ActionKind::MutexUnlock, o); break;
    case Trylock: op(ActionKind::MutexTrylock, o); break;
    case Destroy: op(ActionKind::MutexDestroy, o); break;
    case Join: op(ActionKind::ThreadJoin, o); break;
    case SemInit: op(ActionKind::SemInit, o, awaiter.value); break;
    case SemWait: op(ActionKind::SemWait, o); break;
    case SemTrywait: op(ActionKind::SemTrywait, o); break;
    case SemPost: op(ActionKind::SemPost, o); break;
    case CondWait:
        op(ActionKind::CondEnqueue, o);
        op(ActionKind::MutexUnlock, awaiter.other);
        op(ActionKind::CondWake, o);
        op(ActionKind::MutexLock, awaiter.other);
        break;
    case Read: op(ActionKind::MemRead, o, kVariableSize); break;
    case Nondet: op(ActionKind::NondetChoice, o, awaiter.value); break;
    case SpinUntil:
        op(ActionKind::MemRead, o, kVariableSize);
        r.spinTarget = awaiter.value;
        break;
    case Write:
    case CompareExchange:
    case Exchange:
        op(ActionKind::MemWrite, o, kVariableSize);
        r.toWrite = awaiter.value;
        r.exchange = awaiter.kind == Write      ? ThreadRecord::Exchange::None
                     : awaiter.kind == Exchange ? ThreadRecord::Exchange::Always
                                                : ThreadRecord::Exchange::IfExpected;
        r.expected = std::int64_t(awaiter.other);
        break;
    case Rdlock: op(ActionKind::RwRdlock, o); break;
    case Tryrdlock: op(ActionKind::RwTryrdlock, o); break;
    case Rdunlock: op(ActionKind::RwRdunlock, o); break;
    case Wrlock: op(ActionKind::RwWrlock, o); break;
    case Trywrlock: op(ActionKind::RwTrywrlock, o); break;
    case Wrunlock: op(ActionKind::RwWrunlock, o); break;
    case RwDestroy: op(ActionKind::RwDestroy, o); break;
    case CondSignal: op(ActionKind::CondSignal, o); break;
    case CondBroadcast: op(ActionKind::CondBroadcast, o); break;
    case BarrierInit: op(ActionKind::BarrierInit, o, awaiter.value); break;
    case BarrierWait:
        op(ActionKind::BarrierArrive, o);
        op(ActionKind::BarrierPass, o);
        break;
    case Create: {
        const ThreadId child = m_naming->childOf(r.id, r.created++);
        op(ActionKind::ThreadCreate, child);
        r.childBody = std::move(awaiter.body);
        r.result = child;
        break;
    }
    case Assume: op(ActionKind::AssumeBlocked); break; // never enabled: the coroutine never resumes
    case EndSpin:
        op(ActionKind::AwaitBlocked); // never enabled: the coroutine never resumes
        r.awaited = std::move(r.spinReads);
        r.inSpin = false;
        break;
    case CheckInSection: // the section's lock, held for good: the end waits as any end
        op(ActionKind::MutexLock, kSectionLock);
        [[fallthrough]];
    case Check: // the program ends, with the defect, once no other thread can move (a ProgramEnd)
        op(ActionKind::ProgramEnd, kProgramEndObject);
        r.endingFault = ProgramFault{DefectKind::AssertionFailure, r.id, "assertion failed: " + awaiter.message, true};
        break;
    }
}

void ModelMachine::resume(ThreadRecord &r) {
    r.task.handle().resume();
    if (r.task.handle().done()) {
        r.pending = {Action{ActionKind::ThreadExit, r.id, 0}};
        r.next = 0;
    }
}

std::optional<PendingAction> ModelMachine::pending(ThreadId t) {
    ThreadRecord *r = find(t);
    if (!r || r->exited || r->next >= r->pending.size())
        return std::nullopt;
    const Action &a = r->pending[r->next];
    bool enabled = true;
    if (m_ended) {
        enabled = false; // nothing runs after the program's end
    } else if (a.kind == ActionKind::ThreadJoin) {
        const ThreadRecord *target = find(static_cast<ThreadId>(a.object));
        enabled = !target || target->exited; // an unknown thread is reported by execute()
    } else if (a.kind == ActionKind::AssumeBlocked || a.kind == ActionKind::AwaitBlocked) {
        enabled = false;
    } else if (a.kind == ActionKind::BarrierPass) {
        enabled = m_objects[a.object].round > r->barrierRound;
    } else if (isObjectTreeKind(a.kind) || isRwlockKind(a.kind)) {
        enabled = m_objects[a.object].isEnabled(a);
    }
    return PendingAction{a, enabled};
}

void ModelMachine::choose(ThreadId t, std::int64_t value) {
    ThreadRecord *r = find(t);
    if (r && r->next < r->pending.size() && r->pending[r->next].kind == ActionKind::NondetChoice) {
        const NondetDomain domain = nondetDomain(r->pending[r->next].object);
        r->pending[r->next].value = std::clamp(value, domain.lo, domain.hi);
    }
}

bool ModelMachine::spinsForever(ThreadId t) const {
    const auto it = m_byId.find(t);
    if (it == m_byId.end())
        return false;
    for (const auto &[var, read] : it->second->awaited) {
        const auto value = m_memory.find(var);
        if ((value == m_memory.end() ? 0 : value->second) != read)
            return false;
    }
    return true;
}

void ModelMachine::execute(ThreadId t) {
    ThreadRecord &r = *find(t);
    const Action a = r.pending[r.next];
    auto violation = [&](std::string message) {
        m_fault = ProgramFault{DefectKind::ModelViolation, t, std::move(message), false};
    };
    switch (a.kind) {
    case ActionKind::ThreadStart: break;
    case ActionKind::ThreadCreate: addThread(static_cast<ThreadId>(a.object), std::move(r.childBody)); break;
    case ActionKind::ThreadJoin:
        if (!find(static_cast<ThreadId>(a.object)))
            return violation("T" + std::to_string(t) + " joins T" + std::to_string(a.object) +
                             ", which this execution never created");
        break;
    case ActionKind::ThreadExit: r.exited = true; return;
    case ActionKind::ProgramEnd:
        m_objects[a.object] = m_objects[a.object].after(a);
        m_ended = true;
        r.exited = true; // its last action
        m_fault = std::exchange(r.endingFault, std::nullopt);
        return;
    case ActionKind::BarrierPass: break;
    case ActionKind::NondetChoice: r.result = static_cast<std::uint64_t>(a.value); break;
    case ActionKind::MemRead:
        r.result = static_cast<std::uint64_t>(m_memory[a.object]);
        if (r.inSpin)
            r.spinReads.emplace_back(a.object, std::int64_t(r.result));
        if (r.spinTarget && std::int64_t(r.result) != *std::exchange(r.spinTarget, std::nullopt)) {
            r.pending = {Action{ActionKind::AwaitBlocked, t, 0}}; // never enabled: the coroutine never resumes
            r.next = 0;
            r.awaited = {{a.object, std::int64_t(r.result)}};
            return;
        }
        break;
    case ActionKind::MemWrite: {
        std::int64_t &cell = m_memory[a.object];
        const std::int64_t old = cell;
        if (r.exchange != ThreadRecord::Exchange::IfExpected || old == r.expected)
            cell = r.toWrite;
        r.result = static_cast<std::uint64_t>(old);
        // One that leaves the variable as it was is a read for the spin rule (as in the interpreter).
        if (r.exchange != ThreadRecord::Exchange::None && r.inSpin && cell == old)
            r.spinReads.emplace_back(a.object, old);
        break;
    }
    default: {
        SyncObjectState &state = m_objects[a.object];
        const bool reads = std::ranges::binary_search(state.readers, t);
        if (((a.kind == ActionKind::MutexUnlock || a.kind == ActionKind::RwWrunlock) && state.owner != t) ||
            (a.kind == ActionKind::RwRdunlock && !reads))
            return violation("T" + std::to_string(t) + " unlocks m" + std::to_string(a.object) +
                             ", which it does not hold");
        if (isRwlockKind(a.kind) && a.kind != ActionKind::RwRdunlock && a.kind != ActionKind::RwWrunlock &&
            a.kind != ActionKind::RwDestroy && (reads || state.owner == t))
            return violation("T" + std::to_string(t) + " locks m" + std::to_string(a.object) + " again");
        if ((a.kind == ActionKind::BarrierArrive && state.parties <= 0) ||
            ((a.kind == ActionKind::SemWait || a.kind == ActionKind::SemTrywait || a.kind == ActionKind::SemPost) &&
             !state.initialised))
            return violation("T" + std::to_string(t) + " uses m" + std::to_string(a.object) +
                             " before initialising it");
        r.result = a.kind == ActionKind::BarrierArrive ? state.completesRound() : state.succeeds(a);
        if (a.kind == ActionKind::BarrierArrive)
            r.barrierRound = state.round;
        state = state.after(a);
        break;
    }
    }
    if (++r.next == r.pending.size())
        resume(r);
}

} // namespace weft::model
