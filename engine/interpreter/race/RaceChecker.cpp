// SPDX-License-Identifier: MIT
// The interpreter's side of data-race detection: every checked access goes through the RaceDetector,
// and a race becomes a defect naming the object and both accesses (reported, or fatal; RaceMode).
#include "engine/interpreter/race/RaceChecker.hpp"

#include "engine/base/Message.hpp"

#include <algorithm>
#include <tuple>

namespace weft::interpreter {

namespace {

std::string where(const program::Program &program, std::uint64_t site) {
    const std::string at = program.sourceMap.format(std::uint32_t(site >> 32), std::uint32_t(site));
    return at.empty() ? std::string("an unknown location") : at;
}

} // namespace

std::string RaceChecker::objectAt(const MemoryObject &object, std::uint64_t p, std::uint64_t byte) const {
    const std::int64_t offset = program::decodePointer(p).offset + std::int64_t(byte);
    const std::string named = m_faults.nameObject(object.kind, object.size, object.site);
    return offset ? english(MessageKind::ObjectAtOffset, {named, std::to_string(offset)}) : named;
}

void RaceChecker::noteAtomic(InterpreterState &state, const ThreadState &t, std::uint64_t p, std::uint64_t size,
                             bool write) {
    // Under sync, atomics are local code: two of them that nothing orders run in one order only, which the user
    // is told once (README.md, "Event models").
    if (m_atomicOrderNoted || m_options.model != MemoryModel::Sync || m_options.races == RaceMode::Ignore ||
        size == 0 || t.stack.empty())
        return;
    RaceShadow *shadow = state.memory.shadow(p, size);
    if (!shadow)
        return; // check() reports the exhausted shadow
    const std::uint32_t self = state.threadIndex[t.id];
    const auto other =
        state.races.unorderedAtomic(self, *shadow, std::uint64_t(program::decodePointer(p).offset), size, write);
    if (!other)
        return;
    m_atomicOrderNoted = true;
    const Frame &f = t.stack.top();
    const std::uint64_t site = (std::uint64_t(f.function) << 32) | f.pc;
    m_warnings.push_back(english(MessageKind::AtomicOrderNotExplored,
                                 {std::to_string(state.threads[other->thread].id), std::to_string(t.id),
                                  objectAt(*state.memory.objectAt(p), p, other->byte), where(m_program, other->site),
                                  where(m_program, site)}));
}

bool RaceChecker::check(InterpreterState &state, const ThreadState &t, std::uint64_t p, std::uint64_t size, bool write,
                        bool atomic) {
    return checkAccess(state, t, p, size, write, atomic, false);
}

bool RaceChecker::checkFree(InterpreterState &state, const ThreadState &t, std::uint64_t p) {
    if (m_options.races == RaceMode::Ignore || p == 0)
        return true;
    const MemoryObject *object = state.memory.objectAt(p);
    if (!object || !object->alive || object->kind != ObjectKind::Heap || program::decodePointer(p).offset != 0 ||
        object->shadow.isEmpty())
        return true;
    // A page no access touched holds no access to race with (and stays uncovered: no memory spent).
    for (std::uint64_t at = 0; at < object->size; at += RaceShadow::kPageCells)
        if (object->shadow.touches(at) &&
            !checkAccess(state, t, p + at, std::min<std::uint64_t>(RaceShadow::kPageCells, object->size - at), true,
                         false, true))
            return false;
    return true;
}

bool RaceChecker::checkAccess(InterpreterState &state, const ThreadState &t, std::uint64_t p, std::uint64_t size,
                              bool write, bool atomic, bool frees) {
    if (m_options.races == RaceMode::Ignore || size == 0 || t.stack.empty())
        return true;
    const Frame &f = t.stack.top();
    const std::uint64_t site = (std::uint64_t(f.function) << 32) | f.pc;
    const std::uint32_t self = state.threadIndex[t.id];
    const MemoryObject *object = state.memory.objectAt(p);
    RaceShadow *shadow = state.memory.shadow(p, size);
    if (!shadow) {
        m_faults.raise(
            t, DefectKind::ResourceLimit,
            english(MessageKind::RaceRecordExhausted, {m_faults.nameObject(object->kind, object->size, object->site),
                                                       std::to_string(m_options.maxMemory >> 20)}));
        return false;
    }
    const auto race =
        state.races.access(self, *shadow, std::uint64_t(program::decodePointer(p).offset), size, write, atomic, site);
    if (atomic) // sequentially consistent atomics synchronise: a store releases, a load acquires
        write ? state.races.release(self, p) : state.races.acquire(self, p);
    if (!race)
        return true;
    const std::string on = objectAt(*object, p, race->byte);
    // Named the same whichever access came first, so the explorer counts one race per pair of sites.
    struct Side {
        std::uint64_t site;
        ThreadId thread;
        bool write;
        bool frees;
    };
    Side a{site, t.id, write, frees}, b{race->site, state.threads[race->thread].id, race->write, false};
    if (std::tie(b.site, b.thread) < std::tie(a.site, a.thread))
        std::swap(a, b);
    auto who = [&](const Side &s) {
        return english(s.frees   ? MessageKind::ThreadFrees
                       : s.write ? MessageKind::ThreadWrites
                                 : MessageKind::ThreadReads,
                       {std::to_string(s.thread), where(m_program, s.site)});
    };
    const program::SourceSpot spot = m_program.sourceMap.spotOf(std::uint32_t(a.site >> 32), std::uint32_t(a.site));
    ProgramFault defect{DefectKind::DataRace, t.id,
                        english(MessageKind::Located,
                                {where(m_program, a.site), english(MessageKind::DataRace, {on, who(a), who(b)})})};
    // One defect per unordered pair of sites: the threads and the racing byte may differ.
    defect.identity = "race " + std::to_string(a.site) + " " + std::to_string(b.site);
    defect.location = m_program.sourceMap.format(spot);
    if (m_options.races == RaceMode::Fatal) {
        m_faults.set(std::move(defect), spot);
        return false;
    }
    m_faults.report(std::move(defect));
    return true;
}

} // namespace weft::interpreter
