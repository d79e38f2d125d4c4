// SPDX-License-Identifier: MIT
#include "engine/execution/Interrupt.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace weft {

Interrupt::Interrupt(std::stop_token stop, double timeoutSeconds, std::uint64_t memoryBytes)
    : m_stop(std::move(stop)), m_hasDeadline(timeoutSeconds > 0), m_memoryBound(memoryBytes),
      m_baseline(memoryBytes ? baselineBytes() : 0), m_nextMemoryCheck(Clock::now()) {
    if (m_hasDeadline)
        m_deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(timeoutSeconds));
}

Interrupt::Reason Interrupt::poll() {
    if (m_reason != Reason::None)
        return m_reason;
    if (m_stop.stop_requested())
        return m_reason = Reason::Cancelled;
    if (!m_hasDeadline && !m_memoryBound)
        return Reason::None;
    const Clock::time_point now = Clock::now();
    if (m_hasDeadline && now >= m_deadline)
        return m_reason = Reason::Timeout;
    if (m_memoryBound && now >= m_nextMemoryCheck) {
        m_nextMemoryCheck = now + std::chrono::milliseconds(50);
        const std::uint64_t rss = residentBytes();
        if (rss > m_baseline && rss - m_baseline > m_memoryBound)
            return m_reason = Reason::MemoryLimit;
    }
    return Reason::None;
}

std::uint64_t Interrupt::baselineBytes() {
    // Memory an earlier job of this process freed (a compile, a previous exploration in the desktop
    // app or a test) stays resident in the heap, and the new exploration would grow into it unseen:
    // hand it back first, so the bound counts what this exploration adds.
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
    return residentBytes();
}

std::uint64_t Interrupt::residentBytes() {
    // statm: size, resident pages, resident pages backed by files. One small read, cheap enough
    // every 50 ms.
    std::FILE *f = std::fopen("/proc/self/statm", "r");
    if (!f)
        return 0;
    unsigned long long size = 0, resident = 0, fileBacked = 0;
    const int n = std::fscanf(f, "%llu %llu %llu", &size, &resident, &fileBacked);
    std::fclose(f);
    if (n != 3 || fileBacked > resident)
        return 0;
    return (resident - fileBacked) * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

std::uint64_t Interrupt::defaultMemoryBound() {
    const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    std::uint64_t machine = pages > 0 && pageSize > 0 ? std::uint64_t(pages) * std::uint64_t(pageSize) : 0;
    // A container's limit (cgroup v2) is what the kernel enforces, whatever the machine has.
    std::ifstream cgroup("/sys/fs/cgroup/memory.max");
    std::string limit;
    if (cgroup >> limit && limit != "max") {
        std::uint64_t bytes = 0;
        const auto [end, error] = std::from_chars(limit.data(), limit.data() + limit.size(), bytes);
        if (error == std::errc() && bytes > 0)
            machine = machine ? std::min(machine, bytes) : bytes;
    }
    return machine / 2;
}

} // namespace weft
