// SPDX-License-Identifier: MIT
#include "tests/model/ModelMachine.hpp"

namespace weft::model {

ModelThread::Awaiter ModelThread::lock(int mutex) {
    return {this, ModelMachine::Lock, static_cast<std::uint64_t>(mutex)};
}
ModelThread::Awaiter ModelThread::unlock(int mutex) {
    return {this, ModelMachine::Unlock, static_cast<std::uint64_t>(mutex)};
}
ModelThread::Awaiter ModelThread::create(ThreadBody body) {
    return {this, ModelMachine::Create, 0, std::move(body)};
}
ModelThread::Awaiter ModelThread::join(ThreadId thread) { return {this, ModelMachine::Join, thread}; }
ModelThread::Awaiter ModelThread::check(bool condition, std::string message) {
    return {this, ModelMachine::Check, 0, {}, condition, std::move(message)};
}

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
    m_owner.clear();
    m_fault.reset();
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
    r.pending = Action{ActionKind::ThreadStart, id, 0};
    m_byId[id] = &r;
    m_threads.push_back(std::move(record));
    r.task = r.body(r.self);
    return r;
}

void ModelMachine::suspendOn(ModelThread::Awaiter &awaiter) {
    ThreadRecord &r = *find(awaiter.thread->m_id);
    switch (awaiter.kind) {
    case Lock: r.pending = {ActionKind::MutexLock, r.id, awaiter.object}; break;
    case Unlock: r.pending = {ActionKind::MutexUnlock, r.id, awaiter.object}; break;
    case Join: r.pending = {ActionKind::ThreadJoin, r.id, awaiter.object}; break;
    case Create: {
        const ThreadId child = m_naming->childOf(r.id, r.created++);
        r.pending = {ActionKind::ThreadCreate, r.id, child};
        r.childBody = std::move(awaiter.body);
        r.result = child;
        break;
    }
    case Check:
        m_fault = ProgramFault{DefectKind::AssertionFailure, r.id,
                               "assertion failed: " + awaiter.message, true};
        break;
    }
}

void ModelMachine::resume(ThreadRecord &r) {
    r.task.handle().resume();
    if (r.task.handle().done())
        r.pending = {ActionKind::ThreadExit, r.id, 0};
}

std::optional<PendingAction> ModelMachine::pending(ThreadId t) {
    ThreadRecord *r = find(t);
    if (!r || r->exited)
        return std::nullopt;
    bool enabled = true;
    switch (r->pending.kind) {
    case ActionKind::MutexLock: enabled = !m_owner.contains(r->pending.object); break;
    case ActionKind::ThreadJoin: {
        const ThreadRecord *target = find(static_cast<ThreadId>(r->pending.object));
        enabled = !target || target->exited; // an unknown thread is reported by execute()
        break;
    }
    default: break;
    }
    return PendingAction{r->pending, enabled};
}

void ModelMachine::execute(ThreadId t) {
    ThreadRecord &r = *find(t);
    const Action a = r.pending;
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
    case ActionKind::MutexLock: m_owner[a.object] = t; break;
    case ActionKind::MutexUnlock: {
        auto it = m_owner.find(a.object);
        if (it == m_owner.end() || it->second != t)
            return violation("T" + std::to_string(t) + " unlocks m" + std::to_string(a.object) +
                             ", which it does not hold");
        m_owner.erase(it);
        break;
    }
    case ActionKind::ThreadExit: r.exited = true; return;
    }
    resume(r);
}

} // namespace weft::model
