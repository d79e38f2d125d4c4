// SPDX-License-Identifier: MIT
// Replay benchmark: the debugger's replay of one execution of each C file given (the schedule `--schedule`,
// or the free-mode run), walked to its end one event at a time, then back to its start one event at a
// time, then by jumps. Prints the events, the time of each walk and the process's peak resident memory.
// Reports; asserts nothing (tst_Replay does).
#include "engine/debugger/ProgramLoader.hpp"
#include "engine/debugger/Replay.hpp"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/resource.h>

using namespace weft;

namespace {

double seconds(std::chrono::steady_clock::time_point since) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

long peakMegabytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024;
}

} // namespace

int main(int argc, char **argv) {
    std::string scheduleText;
    std::printf("%-40s %9s %9s %9s %9s %9s\n", "program", "events", "load s", "fwd s", "back s", "peak MB");
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--schedule") == 0 && i + 1 < argc) {
            scheduleText = argv[++i];
            continue;
        }
        const std::string file = argv[i];
        auto loaded = debugger::loadProgram(file, {}, {});
        if (!loaded) {
            std::fprintf(stderr, "%s: does not load\n", file.c_str());
            return 2;
        }
        auto schedule = Schedule::parse(scheduleText);
        if (!schedule) {
            std::fprintf(stderr, "bad schedule '%s'\n", scheduleText.c_str());
            return 2;
        }
        auto start = std::chrono::steady_clock::now();
        debugger::Replay replay(loaded->program, *schedule);
        const double load = seconds(start);
        start = std::chrono::steady_clock::now();
        while (replay.stepEvent()) {
        }
        const double forwards = seconds(start);
        start = std::chrono::steady_clock::now();
        // Back one event at a time over the last 2000 events at most (all of a short trace), then to the start.
        for (int n = 0; n < 2000 && replay.stepBack(); ++n) {
        }
        replay.restart();
        const double back = seconds(start);
        const std::string name = file.substr(file.find_last_of('/') + 1);
        std::printf("%-40s %9zu %9.2f %9.2f %9.2f %9ld\n", name.c_str(), replay.eventCount(), load, forwards, back,
                    peakMegabytes());
        std::fflush(stdout);
    }
    return 0;
}
