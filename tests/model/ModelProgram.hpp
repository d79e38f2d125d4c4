// SPDX-License-Identifier: MIT
// Model programs: concurrent programs written in C++ for the tests, each thread a C++20 coroutine that
// co_awaits its visible operations (create/join/lock/unlock, shared reads and writes, assertions); plain C++
// in between is local computation. Lets every oracle of docs/algorithms.md run without a C compiler.
#pragma once

#include "engine/base/Ids.hpp"

#include <coroutine>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <utility>

namespace weft::model {

class ModelMachine;
class ModelThread;

/// The coroutine type of a thread body. Lazily started (the machine resumes it at ThreadStart).
class ModelTask {
public:
    struct promise_type {
        ModelTask get_return_object() { return ModelTask{Handle::from_promise(*this)}; }
        std::suspend_always initial_suspend() noexcept { return {}; }
        std::suspend_always final_suspend() noexcept { return {}; }
        void return_void() {}
        void unhandled_exception() { std::terminate(); }
    };
    using Handle = std::coroutine_handle<promise_type>;

    ModelTask() = default;
    explicit ModelTask(Handle h) : m_handle(h) {}
    ModelTask(ModelTask &&o) noexcept : m_handle(std::exchange(o.m_handle, {})) {}
    ModelTask &operator=(ModelTask &&o) noexcept {
        if (this != &o) {
            reset();
            m_handle = std::exchange(o.m_handle, {});
        }
        return *this;
    }
    ~ModelTask() { reset(); }

    Handle handle() const { return m_handle; }

private:
    void reset() {
        if (m_handle)
            m_handle.destroy();
        m_handle = {};
    }
    Handle m_handle;
};

/// A thread body; stored by the machine for the thread's lifetime (lambda captures stay valid).
using ThreadBody = std::function<ModelTask(ModelThread &)>;

/// What a thread's coroutine uses to perform visible operations: `co_await self.lock(m)`.
class ModelThread {
public:
    struct Awaiter;

    ThreadId id() const { return m_id; }

    Awaiter lock(int mutex);
    Awaiter unlock(int mutex);
    /// co_await yields 1 if the mutex was taken, 0 if it was held.
    Awaiter trylock(int mutex);
    /// pthread_mutex_destroy: an operation on the mutex that never blocks and changes nothing (the
    /// model checks no misuse).
    Awaiter destroy(int mutex);
    Awaiter semInit(int sem, int value);
    Awaiter semWait(int sem);
    /// co_await yields 1 if the count was decremented, 0 if it was zero.
    Awaiter semTrywait(int sem);
    Awaiter semPost(int sem);
    /// pthread_cond_wait: releases `mutex`, waits for a signal or broadcast, re-acquires `mutex`.
    Awaiter condWait(int cond, int mutex);
    Awaiter condSignal(int cond);
    Awaiter condBroadcast(int cond);
    Awaiter barrierInit(int barrier, int parties);
    /// co_await yields 1 for the thread whose arrival completed the round.
    Awaiter barrierWait(int barrier);
    /// Creates a thread running `body`; co_await yields the new thread's id.
    Awaiter create(ThreadBody body);
    Awaiter join(ThreadId thread);
    /// Read-write lock operations (no writer preference); co_await on a try yields 1 if it was taken.
    Awaiter rdlock(int rwlock);
    Awaiter tryrdlock(int rwlock);
    Awaiter rdunlock(int rwlock);
    Awaiter wrlock(int rwlock);
    Awaiter trywrlock(int rwlock);
    Awaiter wrunlock(int rwlock);
    /// pthread_rwlock_destroy: a writer-side operation that never blocks and changes nothing (no misuse
    /// checks in the model).
    Awaiter rwDestroy(int rwlock);
    /// A shared-memory read of variable `var` (the sc model): co_await yields its value (initially 0).
    Awaiter read(int var);
    /// A shared-memory write of `value` to variable `var`.
    Awaiter write(int var, std::int64_t value);
    /// atomic_compare_exchange_strong on `var`: a write event even when it fails (as Weft runs one in
    /// C); co_await yields the value it found; it stores `desired` iff that was `expected`.
    Awaiter compareExchange(int var, std::int64_t expected, std::int64_t desired);
    /// atomic_exchange: a write event storing `value`; co_await yields the value it replaced.
    Awaiter exchange(int var, std::int64_t value);
    /// A spin loop `while (x[var] != value) {}` as Weft runs one (README "Spin loops"): one read of
    /// `var`; if it is not `value`, the thread awaits for good (AwaitBlocked: the run is a cut path if
    /// another thread later changes `var`, a livelock if nothing can move and `var` is unchanged).
    Awaiter spinUntil(int var, std::int64_t value);
    /// A general spin loop, one iteration: beginSpin(), the condition's reads (co_await read), then
    /// co_await endSpin(loops). When `loops`, the thread awaits for good on every variable the
    /// iteration read (with the values read); otherwise it leaves the loop. An iteration with a write
    /// is no spin: end it with endSpin(false) before writing.
    void beginSpin();
    Awaiter endSpin(bool loops);
    /// __VERIFIER_nondet_int under --nondet explore:lo..hi: a nondet choice event; co_await yields
    /// the value the scheduler chose (NondetDomain::first unless told otherwise: Machine::choose).
    Awaiter nondet(std::int64_t lo, std::int64_t hi);
    /// An assertion: when `condition` is false the execution ends with an assertion-failure defect.
    Awaiter check(bool condition, std::string message);
    /// The same inside an atomic section in the sync reading: a failure takes ModelMachine::kSectionLock (the
    /// section's event) and ends there, holding it; a pass has no event (a section touching nothing shared).
    Awaiter checkInSection(bool condition, std::string message);
    /// __VERIFIER_assume: when `condition` is false the thread stops for good (never moves again);
    /// the other threads go on.
    Awaiter assume(bool condition);

private:
    friend class ModelMachine;
    ModelThread(ModelMachine &machine, ThreadId id) : m_machine(&machine), m_id(id) {}
    ModelMachine *m_machine;
    ThreadId m_id;
};

struct ModelThread::Awaiter {
    Awaiter(ModelThread *t, int k, std::uint64_t o, ThreadBody b = {}, bool r = false, std::string m = {})
        : thread(t), kind(k), object(o), body(std::move(b)), ready(r), message(std::move(m)) {}
    ModelThread *thread;
    int kind; // see ModelMachine::Request
    std::uint64_t object;
    std::uint64_t other = 0; // cond_wait's mutex; a compare-exchange's expected value
    std::int64_t value = 0;  // sem_init's count, barrier_init's parties, the value written
    ThreadBody body;
    bool ready;
    std::string message;

    bool await_ready() const noexcept { return ready; }
    void await_suspend(std::coroutine_handle<>) noexcept;
    std::uint64_t await_resume() const noexcept;
};

/// A whole program: shared state (members of the subclass), reset before every execution, and main.
class ModelProgram {
public:
    virtual ~ModelProgram() = default;
    virtual std::string name() const = 0;
    /// Back to the initial values of every shared variable.
    virtual void reset() {}
    virtual ModelTask main(ModelThread &self) = 0;
};

} // namespace weft::model
