// SPDX-License-Identifier: MIT
// The model executor's Machine: runs a ModelProgram's coroutines one visible action at a time,
// with pthread-like semantics (a lock waits for a free mutex, join waits for exit, main's end is a
// pthread_exit) and a small sequentially consistent shared memory of integer variables. Misuse (unlock of a mutex not held, join of an unknown thread) is a defect.
#pragma once

#include "engine/execution/Machine.hpp"
#include "tests/model/ModelProgram.hpp"

#include "engine/action/SyncObjectState.hpp"

#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace weft::model {

class ModelMachine final : public Machine {
public:
    explicit ModelMachine(ModelProgram &program) : m_program(program) {}
    ~ModelMachine() override;

    void restart(ThreadNaming &naming) override;
    std::size_t threadCount() const override { return m_threads.size(); }
    ThreadId threadAt(std::size_t index) const override { return m_threads[index]->id; }
    std::optional<PendingAction> pending(ThreadId t) override;
    void execute(ThreadId t) override;
    std::optional<ProgramFault> fault() const override { return m_fault; }
    bool spinsForever(ThreadId t) const override;
    void choose(ThreadId t, std::int64_t value) override;

    /// What a suspended coroutine asks for (ModelThread::Awaiter::kind).
    enum Request {
        Lock,
        Unlock,
        Create,
        Join,
        Check,
        CheckInSection,
        Trylock,
        Destroy,
        SemInit,
        SemWait,
        SemTrywait,
        SemPost,
        CondWait,
        CondSignal,
        CondBroadcast,
        BarrierInit,
        BarrierWait,
        Read,
        Write,
        CompareExchange,
        Exchange,
        Assume,
        SpinUntil,
        EndSpin,
        Nondet,
        Rdlock,
        Tryrdlock,
        Rdunlock,
        Wrlock,
        Trywrlock,
        Wrunlock,
        RwDestroy
    };
    /// The lock a failing checkInSection takes and never releases (an atomic section in the sync reading).
    static constexpr std::uint64_t kSectionLock = 0x5EC7;
    /// The access size reported in the action's value for the model's shared variables.
    static constexpr std::int64_t kVariableSize = 4;

private:
    friend struct ModelThread::Awaiter;
    friend class ModelThread;

    struct ThreadRecord {
        ThreadId id;
        ThreadBody body;
        ModelThread self;
        ModelTask task{};
        std::vector<Action> pending{}; // the next visible actions, from `next`; the coroutine resumes after the last
        std::size_t next = 0;
        std::uint32_t barrierRound = 0; // the round of the thread's last barrier arrival
        bool exited = false;
        std::uint32_t created = 0;
        ThreadBody childBody{}; // body of the thread a pending create will start
        std::uint64_t result = 0;
        std::int64_t toWrite = 0; // value of a pending write
        enum class Exchange : std::uint8_t { None, Always, IfExpected } exchange = Exchange::None;
        std::int64_t expected = 0; // a pending compare-exchange's expected value
        std::optional<std::int64_t> spinTarget{}; // a pending spinUntil's read: the value that ends it
        bool inSpin = false;                      // between beginSpin and endSpin
        std::vector<std::pair<std::uint64_t, std::int64_t>> spinReads{}; // the iteration's reads
        std::vector<std::pair<std::uint64_t, std::int64_t>> awaited{};   // AwaitBlocked: what it read
        std::optional<ProgramFault> endingFault{}; // a failed check: raised when its ProgramEnd runs
    };

    ThreadRecord *find(ThreadId t);
    ThreadRecord &addThread(ThreadId id, ThreadBody body);
    void resume(ThreadRecord &thread);
    void suspendOn(ModelThread::Awaiter &awaiter);

    ModelProgram &m_program;
    ThreadNaming *m_naming = nullptr;
    std::vector<std::unique_ptr<ThreadRecord>> m_threads;
    std::unordered_map<ThreadId, ThreadRecord *> m_byId;
    std::unordered_map<std::uint64_t, SyncObjectState> m_objects;
    std::unordered_map<std::uint64_t, std::int64_t> m_memory; // shared variables (sc model)
    std::optional<ProgramFault> m_fault;
    bool m_ended = false; ///< a ProgramEnd ran: nothing is enabled any more
};

} // namespace weft::model
