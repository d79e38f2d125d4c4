// SPDX-License-Identifier: MIT
#include "engine/results/Statistics.hpp"

#include <cstdio>
#include <ctime>
#include <sys/resource.h>

namespace weft {

std::string Statistics::summary() const {
    char blocked[64] = "";
    if (assumeBlocked)
        std::snprintf(blocked, sizeof blocked, ", %llu assume-blocked", static_cast<unsigned long long>(assumeBlocked));
    char buffer[320];
    std::snprintf(buffer, sizeof buffer,
                  "%llu defect%s, %llu maximal configuration%s, %llu SSB%s, %llu events, %.2f s, %llu MB",
                  static_cast<unsigned long long>(defects), defects == 1 ? "" : "s",
                  static_cast<unsigned long long>(maximalConfigurations),
                  maximalConfigurations == 1 ? "" : "s", static_cast<unsigned long long>(sleepSetBlocked),
                  blocked, static_cast<unsigned long long>(events), cpuSeconds,
                  static_cast<unsigned long long>(peakRssBytes >> 20));
    return buffer;
}

std::uint64_t peakResidentBytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024; // Linux reports KiB
}

double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

} // namespace weft
