// SPDX-License-Identifier: MIT
// weft-dap-bench: response times of `weft dap` (issue 13's benchmark) on one long interleaving
// (dap_long_interleaving.c, >= 10,000 events): every `next` from the start to the end, `stackTrace`
// and `variables` (the globals and the running thread's locals) at every 10th step, and every
// `stepBack` from the end to the start. Prints the median and the worst of each; nothing is asserted.
// The time is from writing the request to reading its response through the pipes, JSON included.
#include "tests/app/dap/DapPipeClient.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>

using weft::dap::Json;
using weft::dap::test::DapPipeClient;
using Clock = std::chrono::steady_clock;

namespace {

struct Timings {
    std::vector<double> ms;
    void add(Clock::duration d) { ms.push_back(std::chrono::duration<double, std::milli>(d).count()); }
};

Json timed(DapPipeClient &c, Timings &t, const std::string &command, const Json &args = Json::object()) {
    const auto start = Clock::now();
    Json r = c.call(command, args);
    t.add(Clock::now() - start);
    if (!r.value("success", false))
        std::fprintf(stderr, "weft-dap-bench: %s failed: %s\n", command.c_str(), r.value("message", "").c_str());
    return r;
}

} // namespace

int main(int argc, char **argv) {
    const std::string program = argc > 1 ? argv[1] : WEFT_BENCH_DIR "/dap_long_interleaving.c";
    DapPipeClient c;
    c.call("initialize");
    const Json launched = c.call("launch", {{"program", program}, {"maxExecutions", 1}});
    if (!launched.value("success", false)) {
        std::fprintf(stderr, "weft-dap-bench: launch failed: %s\n", launched.value("message", "").c_str());
        return 1;
    }
    c.call("configurationDone");
    Json stopped = c.event("stopped")["body"];
    std::map<std::string, Timings> timings;
    std::size_t events = 0;
    auto inspect = [&](std::int64_t thread) {
        const Json trace = timed(c, timings["stackTrace"], "stackTrace", {{"threadId", thread}});
        const Json frames = trace["body"]["stackFrames"];
        if (frames.empty())
            return;
        const Json scopes = c.call("scopes", {{"frameId", frames[0]["id"]}})["body"]["scopes"];
        for (const Json &scope : scopes)
            timed(c, timings["variables"], "variables", {{"variablesReference", scope["variablesReference"]}});
    };
    const auto started = Clock::now();
    for (;; ++events) {
        if (events % 10 == 0)
            inspect(stopped["threadId"]);
        timed(c, timings["next"], "next");
        stopped = c.event("stopped")["body"];
        if (stopped["reason"] != "step")
            break;
    }
    ++events;
    for (std::size_t back = 0; back < events; ++back) {
        timed(c, timings["stepBack"], "stepBack");
        if (c.event("stopped")["body"]["reason"] == "entry")
            break;
    }
    const double total = std::chrono::duration<double>(Clock::now() - started).count();
    c.call("disconnect");
    c.wait();
    std::printf("weft-dap-bench: %s, one interleaving of %zu events (%.1f s in all)\n", program.c_str(), events, total);
    for (auto &[command, t] : timings) {
        std::sort(t.ms.begin(), t.ms.end());
        std::printf("  %-10s %6zu requests  median %7.3f ms  worst %7.3f ms\n", command.c_str(), t.ms.size(),
                    t.ms[t.ms.size() / 2], t.ms.back());
    }
    return 0;
}
