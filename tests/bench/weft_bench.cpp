// SPDX-License-Identifier: MIT
// Benchmark runner: explores the Table-1 model programs of spec/qpor.md §6 and prints, per instance
// and policy, the oracle quantities and the cost (CPU, memory, engine time per event). Reports speed;
// asserts nothing (the tests do that).
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "tests/model/ModelMachine.hpp"
#include "tests/model/Programs.hpp"

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace weft;
using namespace weft::model;

namespace {

/// Measures the CPU time spent running the program, to separate it from the engine's own cost.
class TimedExecutor final : public Executor {
public:
    explicit TimedExecutor(Executor &inner) : m_inner(inner) {}
    Execution run(const Schedule &s) override {
        const double start = threadCpuSeconds();
        Execution e = m_inner.run(s);
        seconds += threadCpuSeconds() - start;
        actions += e.actions.size();
        return e;
    }
    ThreadNaming &naming() override { return m_inner.naming(); }
    double seconds = 0;
    std::uint64_t actions = 0;

private:
    Executor &m_inner;
};

struct Instance {
    const char *name;
    std::function<std::unique_ptr<ModelProgram>()> make;
    bool large;
};

std::vector<Instance> instances() {
    return {
        {"DISP(5,2)", [] { return makeDispatcher(5, 2); }, false},
        {"DISP(5,3)", [] { return makeDispatcher(5, 3); }, false},
        {"MPAT(4)", [] { return makeMpat(4); }, false},
        {"MPAT(5)", [] { return makeMpat(5); }, false},
        {"MPC(2,5)", [] { return makeMultiProdCon(2, 5); }, false},
        {"MPC(3,5)", [] { return makeMultiProdCon(3, 5); }, false},
        {"PI(5)", [] { return makePi(5); }, false},
        {"PI(6)", [] { return makePi(6); }, false},
        {"POL(7,3)", [] { return makePoke(7, 3); }, false},
        {"DISP(5,4)", [] { return makeDispatcher(5, 4); }, true},
        {"MPAT(6)", [] { return makeMpat(6); }, true},
        {"PI(7)", [] { return makePi(7); }, true},
        {"PI(8)", [] { return makePi(8); }, true},
        {"POL(8,3)", [] { return makePoke(8, 3); }, true},
        {"POL(12,3)", [] { return makePoke(12, 3); }, true},
        {"MPC(4,5)", [] { return makeMultiProdCon(4, 5); }, true},
        {"DISP(5,5)", [] { return makeDispatcher(5, 5); }, true},
    };
}

void usage() {
    std::puts("usage: weft-bench [--large] [--policies -1,0,1,2,3] [--only NAME] [--timeout S]\n"
              "  Explores the Table-1 model programs (spec/qpor.md §6) and prints counts and costs.\n"
              "  Default: the small instances, optimal policy. --large adds the big ones.");
}

} // namespace

int main(int argc, char **argv) {
    bool large = false;
    std::vector<int> policies{0};
    std::string only;
    double timeout = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--large") {
            large = true;
        } else if (arg == "--policies" && i + 1 < argc) {
            policies.clear();
            for (char *tok = std::strtok(argv[++i], ","); tok; tok = std::strtok(nullptr, ","))
                policies.push_back(std::atoi(tok));
        } else if (arg == "--only" && i + 1 < argc) {
            only = argv[++i];
        } else if (arg == "--timeout" && i + 1 < argc) {
            timeout = std::atof(argv[++i]);
        } else {
            usage();
            return arg == "--help" || arg == "-h" ? 0 : 2;
        }
    }

    std::printf("%-10s %-12s %9s %8s %9s %9s %8s %8s %9s %9s\n", "instance", "policy", "configs", "SSB",
                "events", "execs", "cpu s", "prog s", "eng us/ev", "RSS MB");
    for (const Instance &inst : instances()) {
        if ((inst.large && !large && only.empty()) || (!only.empty() && only != inst.name))
            continue;
        for (int policy : policies) {
            auto program = inst.make();
            ModelMachine machine(*program);
            ScheduledExecutor scheduled(machine);
            TimedExecutor timed(scheduled);
            ExplorationOptions options;
            options.policy = AltPolicy::fromNumber(policy);
            options.timeoutSeconds = timeout;
            Explorer explorer(timed, options);
            const ExplorationResult r = explorer.run();
            const Statistics &s = r.statistics;
            const double engineSeconds = s.cpuSeconds - timed.seconds;
            std::printf("%-10s %-12s %9llu %8llu %9llu %9llu %8.2f %8.2f %9.2f %9.0f%s\n", inst.name,
                        options.policy.name().c_str(), (unsigned long long)s.maximalConfigurations,
                        (unsigned long long)s.sleepSetBlocked, (unsigned long long)s.events,
                        (unsigned long long)s.executions, s.cpuSeconds, timed.seconds,
                        s.events ? engineSeconds * 1e6 / double(s.events) : 0.0,
                        double(s.peakRssBytes) / (1 << 20), r.isComplete() ? "" : " (incomplete)");
            std::fflush(stdout);
        }
    }
    return 0;
}
