// SPDX-License-Identifier: MIT
// Why a long exploration must stop early: a cancel request, its deadline, or its memory bound.
// Polled between executions, inside one execution (every few hundred actions, and every 2^20
// instructions of a thread's local code, Machine::setInterrupt) and while backtracking, so a single
// huge execution cannot outlive --timeout or --max-memory. One per run.
#pragma once

#include <chrono>
#include <cstdint>
#include <stop_token>

namespace weft {

class Interrupt {
public:
    enum class Reason : std::uint8_t { None, Cancelled, Timeout, MemoryLimit };

    /// `timeoutSeconds` 0: no deadline. `memoryBytes` 0: no bound; otherwise the growth of the
    /// process's anonymous resident memory from now on (what the exploration itself uses) may not
    /// exceed it.
    Interrupt(std::stop_token stop, double timeoutSeconds, std::uint64_t memoryBytes);

    /// Checks the stop token and the clock every call, the resident memory at most every 50 ms.
    /// Once a reason is found it stays.
    Reason poll();
    Reason reason() const { return m_reason; }

    /// Anonymous resident memory of this process now (heap, stacks), in bytes (0 where unknown).
    /// Pages mapped from files (the binary, LLVM's shared libraries) are left out: the kernel drops
    /// and reloads them under memory pressure, which would hide the exploration's own growth.
    static std::uint64_t residentBytes();
    /// The exploration memory bound used when none is given: half of the physical memory, or of
    /// the control group's limit when that is smaller.
    static std::uint64_t defaultMemoryBound();

private:
    /// residentBytes() once the heap has given back what earlier work freed.
    static std::uint64_t baselineBytes();

    using Clock = std::chrono::steady_clock;
    std::stop_token m_stop;
    Clock::time_point m_deadline;
    bool m_hasDeadline;
    std::uint64_t m_memoryBound;
    std::uint64_t m_baseline;
    Clock::time_point m_nextMemoryCheck;
    Reason m_reason = Reason::None;
};

} // namespace weft
