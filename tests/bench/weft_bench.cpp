// SPDX-License-Identifier: MIT
// Benchmark runner: explores the Table-1 programs (docs/algorithms.md, "Oracles") and prints, per instance and
// policy, the oracle quantities and the cost (CPU, memory, CPU and engine time per event, and how the
// cost per event grows from a family's small instance to its large one). Two sources:
// the C++ model programs (tests/model, the default) and, with --c, the real C programs of
// tests/programs end to end: Clang front end -> lowering -> Weft's interpreter -> exploration.
// Reports speed; asserts nothing (the tests do that), but marks counts that differ from the
// program's expected.json or, for the large instances CI does not run, the DPU artifact's Table-1 log.
#include "engine/debugger/ProgramExploration.hpp"
#include "engine/debugger/ProgramLoader.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/interpreter/Interpreter.hpp"
#include "tests/model/ModelExploration.hpp"
#include "tests/model/ModelMachine.hpp"
#include "tests/model/Programs.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
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

/// (maximal configurations, events) from the DPU artifact's Table-1 log; events 0 = not published.
using Counts = std::pair<std::uint64_t, std::uint64_t>;

/// The exact counts of the Table-1 instances, large ones included (tests/bench/large-instances.json; the
/// tests check the small ones through expected.json, the large ones are checked here only, outside CI).
std::optional<Counts> table1Counts(const std::string &name) {
    static const nlohmann::json table = [] {
        std::ifstream in(std::string(WEFT_BENCH_DIR) + "/large-instances.json");
        return in ? nlohmann::json::parse(in) : nlohmann::json();
    }();
    for (const auto &instance : table.value("instances", nlohmann::json::array()))
        if (instance["name"] == name)
            return Counts{instance["maximalConfigurations"].get<std::uint64_t>(),
                          instance["events"].get<std::uint64_t>()};
    return std::nullopt;
}

/// "ok", "DIFFERS" or "-" (no oracle, or an incomplete run).
std::string checkCounts(const std::optional<Counts> &expected, const Statistics &s, bool complete, bool eventsToo = true) {
    if (!expected || !complete)
        return "-";
    if (expected->first != s.maximalConfigurations)
        return "DIFFERS";
    if (!eventsToo || expected->second == 0)
        return "ok (configs)";
    return expected->second == s.events ? "ok" : "DIFFERS";
}

/// CPU µs per event of each instance run (optimal policy), in all and in the engine alone (without
/// running the program), for the growth ratios.
struct PerEvent {
    std::string name;
    double all, engine;
};
std::vector<PerEvent> g_perEvent;
/// --repeat N: each C instance is explored N times and the run with the least CPU is reported.
unsigned g_repeat = 1;

/// Prints how the CPU cost per event grows from the small to the large instance of each family
/// (the target: at most 1.5x).
void printGrowth() {
    static const std::pair<const char *, const char *> families[] = {
        {"MPAT(5)", "MPAT(6)"}, {"MPAT(6)", "MPAT(7)"}, {"MPC(3,5)", "MPC(4,5)"}, {"DISP(5,3)", "DISP(5,4)"}, {"DISP(5,4)", "DISP(5,5)"}};
    auto find = [](const std::string &n) -> std::optional<PerEvent> {
        for (const PerEvent &p : g_perEvent)
            if (p.name == n)
                return p;
        return std::nullopt;
    };
    for (const auto &[small, large] : families) {
        const auto a = find(small), b = find(large);
        if (a && b && a->all > 0 && a->engine > 0)
            std::printf("growth %s -> %s: %.2f -> %.2f us/event, x%.2f (engine alone %.2f -> %.2f, x%.2f)\n", small,
                        large, a->all, b->all, b->all / a->all, a->engine, b->engine, b->engine / a->engine);
    }
}

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
        {"MPAT(7)", [] { return makeMpat(7); }, true},
        {"PI(7)", [] { return makePi(7); }, true},
        {"PI(8)", [] { return makePi(8); }, true},
        {"POL(8,3)", [] { return makePoke(8, 3); }, true},
        {"POL(12,3)", [] { return makePoke(12, 3); }, true},
        {"MPC(4,5)", [] { return makeMultiProdCon(4, 5); }, true},
        {"DISP(5,5)", [] { return makeDispatcher(5, 5); }, true},
        // The sc memory model (racy reads and writes with read-read independence)
        {"SC-FIG1(20)", [] { return makeFig1(20); }, false},
        {"SC-READERS(10)", [] { return makeWriterReaders(10); }, false},
        {"SC-READERS(12)", [] { return makeWriterReaders(12); }, true},
        {"SC-PETERSON(4)", [] { return makePeterson(4); }, false},
        {"SC-DEKKER(4)", [] { return makeDekker(4); }, false},
        {"SC-SWEEP(200)", [] { return makeArraySweep(200); }, false},
        {"SC-SWEEP(500)", [] { return makeArraySweep(500); }, true},
        {"SC-READERS(14)", [] { return makeWriterReaders(14); }, true},
        {"SC-PETERSON(8)", [] { return makePeterson(8); }, true},
    };
}

/// A C program of tests/programs with its -D defines (expected.json's "defines" of an instance).
struct CInstance {
    std::string name;    ///< Table-1 name, e.g. "DISP(5,3)"
    std::string program; ///< directory under tests/programs (holding <dir>.c and expected.json)
    std::vector<std::string> defines;
    bool large;
};

std::vector<CInstance> cInstances() {
    return {
        {"DISP(5,2)", "dispatcher", {"PARAM1=5", "PARAM2=2"}, false},
        {"DISP(5,3)", "dispatcher", {"PARAM1=5", "PARAM2=3"}, false},
        {"MPAT(4)", "mpat", {"K=4"}, false},
        {"MPAT(5)", "mpat", {"K=5"}, false},
        {"MPC(2,5)", "multiprodcon", {"PARAM1=2", "PARAM2=5"}, false},
        {"MPC(3,5)", "multiprodcon", {"PARAM1=3", "PARAM2=5"}, false},
        {"PI(5)", "pi", {"PARAM1=5"}, false},
        {"PI(6)", "pi", {"PARAM1=6"}, false},
        {"POL(7,3)", "poke", {"PARAM1=7", "PARAM2=3"}, false},
        {"SSB(20)", "ssbexp", {"PARAM1=20"}, false},
        {"DISP(5,4)", "dispatcher", {"PARAM1=5", "PARAM2=4"}, true},
        {"MPAT(6)", "mpat", {"K=6"}, true},
        {"MPAT(7)", "mpat", {"K=7"}, true},
        {"PI(7)", "pi", {"PARAM1=7"}, true},
        {"PI(8)", "pi", {"PARAM1=8"}, true},
        {"POL(8,3)", "poke", {"PARAM1=8", "PARAM2=3"}, true},
        {"POL(12,3)", "poke", {"PARAM1=12", "PARAM2=3"}, true},
        {"MPC(4,5)", "multiprodcon", {"PARAM1=4", "PARAM2=5"}, true},
        {"DISP(5,5)", "dispatcher", {"PARAM1=5", "PARAM2=5"}, true},
    };
}

const std::string kPrograms = WEFT_TEST_PROGRAMS;

/// expected.json of tests/programs/<program>, or null when absent.
nlohmann::json expectedOf(const std::string &program) {
    std::ifstream in(kPrograms + "/" + program + "/expected.json");
    return in ? nlohmann::json::parse(in) : nlohmann::json();
}

/// Every instance of every tests/programs/*/expected.json (--c-all), named "<dir> <defines>".
std::vector<CInstance> allCInstances() {
    std::vector<std::string> dirs;
    for (const auto &entry : std::filesystem::directory_iterator(kPrograms))
        if (entry.is_directory() && std::filesystem::exists(entry.path() / "expected.json"))
            dirs.push_back(entry.path().filename().string());
    std::sort(dirs.begin(), dirs.end());
    std::vector<CInstance> out;
    for (const std::string &dir : dirs) {
        const nlohmann::json oracle = expectedOf(dir);
        for (const auto &instance : oracle.value("instances", nlohmann::json::array())) {
            CInstance c{dir, dir, instance["defines"].get<std::vector<std::string>>(), false};
            for (const std::string &d : c.defines)
                c.name += " " + d;
            out.push_back(std::move(c));
        }
    }
    return out;
}

/// The expected (configurations, events) of this instance, when expected.json lists it.
std::optional<std::pair<std::uint64_t, std::uint64_t>> oracleOf(const CInstance &c) {
    const nlohmann::json oracle = expectedOf(c.program);
    for (const auto &instance : oracle.value("instances", nlohmann::json::array()))
        if (instance["defines"].get<std::vector<std::string>>() == c.defines)
            return std::pair{instance["maximalConfigurations"].get<std::uint64_t>(), instance["events"].get<std::uint64_t>()};
    return table1Counts(c.name);
}

/// The C programs end to end; one line per instance and policy. Returns false when one did not load.
/// Whether to run an instance: the names given with --only (or --growth), else the small ones (and
/// the large ones with --large).
bool selected(const std::string &name, bool isLarge, bool large, const std::vector<std::string> &only) {
    if (!only.empty())
        return std::find(only.begin(), only.end(), name) != only.end();
    return large || !isLarge;
}

/// "12.34", or "-" for a time not measured (the program's share with several jobs).
std::string seconds(double s) {
    if (s < 0)
        return "-";
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", s);
    return text;
}

bool runC(const std::vector<CInstance> &list, bool large, const std::vector<std::string> &only,
          const std::vector<int> &policies, double timeout, const std::vector<std::string> &models, unsigned jobs) {
    bool ok = true;
    std::printf("%-26s %-5s %-12s %9s %8s %9s %9s %8s %8s %8s %8s %8s %9s %9s  %s\n", "instance", "model", "policy",
                "configs", "SSB", "events", "execs", "load s", "wall s", "cpu s", "prog s", "us/ev", "eng us/ev",
                "RSS MB", "oracle");
    for (const CInstance &inst : list) {
        if (!selected(inst.name, inst.large, large, only))
            continue;
        const std::string dir = kPrograms + "/" + inst.program;
        const nlohmann::json oracle = expectedOf(inst.program);
        const std::string file = dir + "/" + oracle.value("program", inst.program + ".c");
        const double loadStart = threadCpuSeconds();
        auto loaded = debugger::loadProgram(file, inst.defines, {});
        const double loadSeconds = threadCpuSeconds() - loadStart;
        if (!loaded) {
            std::printf("%-26s cannot load %s: %s\n", inst.name.c_str(), file.c_str(),
                        loaded.error().empty() ? "?" : loaded.error().front().format().c_str());
            ok = false;
            continue;
        }
        const auto expected = oracleOf(inst);
        const std::string oracleModel = oracle.value("model", "sync");
        for (const std::string &model : models) {
            if (oracleModel == "sc" && model != "sc")
                continue; // an sc program has no sync counts
            interpreter::InterpreterOptions interpreterOptions;
            interpreterOptions.model = model == "sc" ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;
            for (int policy : policies) {
                ExplorationOptions options;
                options.policy = AltPolicy::fromNumber(policy);
                options.timeoutSeconds = timeout;
                options.jobs = jobs;
                double programSeconds = -1; // the program's share is measured with one job only
                ExplorationResult r;
                ParallelExplorer::Figures figures;
                // --repeat: the run with the least CPU (on a loaded machine, the one least disturbed).
                for (unsigned run = 0; run < g_repeat; ++run) {
                    double runProgramSeconds = -1;
                    ExplorationResult runResult;
                    ParallelExplorer::Figures runFigures;
                    if (jobs > 1) {
                        debugger::ProgramExploration exploration(loaded->program, interpreterOptions, options);
                        runResult = exploration.run();
                        runFigures = exploration.parallelFigures();
                    } else {
                        interpreter::Interpreter machine(loaded->program, interpreterOptions);
                        ScheduledExecutor scheduled(machine);
                        TimedExecutor timed(scheduled);
                        Explorer explorer(timed, options);
                        runResult = explorer.run();
                        runProgramSeconds = timed.seconds;
                    }
                    if (run == 0 || runResult.statistics.cpuSeconds < r.statistics.cpuSeconds) {
                        r = std::move(runResult);
                        programSeconds = runProgramSeconds;
                        figures = runFigures;
                    }
                }
                const Statistics &s = r.statistics;
                const double engineSeconds = s.cpuSeconds - std::max(0.0, programSeconds);
                // Under sc a sync program keeps its configurations (it is race free) but has more events.
                const std::string check = checkCounts(expected, s, r.isComplete(), model == oracleModel);
                const double perEvent = s.events ? s.cpuSeconds * 1e6 / double(s.events) : 0.0;
                const double enginePerEvent = s.events ? engineSeconds * 1e6 / double(s.events) : 0.0;
                if (policy == 0 && model == "sync" && r.isComplete())
                    g_perEvent.push_back({inst.name, perEvent, enginePerEvent});
                std::printf("%-26s %-5s %-12s %9llu %8llu %9llu %9llu %8.2f %8.2f %8.2f %8s %8.2f %9.2f %9.0f  %s%s\n",
                            inst.name.c_str(), model.c_str(), options.policy.name().c_str(),
                            (unsigned long long)s.maximalConfigurations, (unsigned long long)s.sleepSetBlocked,
                            (unsigned long long)s.events, (unsigned long long)s.executions, loadSeconds, s.wallSeconds,
                            s.cpuSeconds, seconds(programSeconds).c_str(), perEvent, enginePerEvent,
                            double(s.peakRssBytes) / (1 << 20), check.c_str(), r.isComplete() ? "" : " (incomplete)");
                if (jobs > 1 && s.events > 0)
                    // engine/explorer/README.md, "Benchmark plan": how the work was split.
                    std::printf("%-26s %u jobs: %llu items, %llu re-check rounds, %llu late clues, events held %.2fx "
                                "the union\n",
                                "", jobs, (unsigned long long)figures.items, (unsigned long long)figures.rechecks,
                                (unsigned long long)figures.lateClues, double(figures.workerEvents) / double(s.events));
                std::fflush(stdout);
            }
        }
    }
    return ok;
}

void usage() {
    std::puts(
        "usage: weft-bench [--c | --c-all] [--models sync,sc] [--large] [--policies -1,0,1,2,3] [--only NAME]...\n"
        "                  [--growth] [--timeout S] [--jobs N] [--repeat N]\n"
        "  Explores the Table-1 programs (docs/algorithms.md, Oracles) and prints counts and costs.\n"
        "  Default: the C++ model programs (tests/model), small instances, optimal policy.\n"
        "  --c      the C programs of tests/programs end to end (compile, lower, interpret, explore);\n"
        "           'load s' is the compile + lowering CPU time, 'cpu s' the exploration's, 'prog s'\n"
        "           the part spent running the program; 'oracle' compares with expected.json.\n"
        "  --c-all  every instance of every tests/programs/*/expected.json, as --c.\n"
        "  --models the event models to run the C programs in (default sync; sc programs run in sc only).\n"
        "  --large  adds the big instances. --policies: -1 source-DPOR, 0 optimal, k >= 1 k-partial.\n"
        "  --only NAME runs this instance (repeatable), e.g. --only 'DISP(5,3)'.\n"
        "  --growth runs the three families' small and large instances (MPAT(5), MPAT(6), MPC(3,5),\n"
        "           MPC(4,5), DISP(5,3), DISP(5,4)); every run ends with the growth of the CPU cost\n"
        "           per event from small to large, for the families it ran.\n"
        "  --jobs N explores with N worker threads (default 1); 'prog s' is then not measured ('-')\n"
        "           and 'cpu s' is the workers' total (engine/explorer/README.md, \"Design of --jobs N\");\n"
        "           with --c, a second line gives the items, re-check rounds, late clues and the events the\n"
        "           workers held over the union. Work is shared from the start (the CLI's 50-ms rule is off).\n"
        "  --repeat N (with --c) explores each instance N times and reports the run with the least CPU: the\n"
        "           small instances of --growth take ~0.1 s, so one run moves a ratio by +-0.1 on a busy machine.");
}

} // namespace

int main(int argc, char **argv) {
    bool large = false;
    std::vector<int> policies{0};
    std::vector<std::string> only;
    double timeout = 0;
    unsigned jobs = 1;
    enum class Source { Model, C, CAll } source = Source::Model;
    std::vector<std::string> models{"sync"};
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--c") {
            source = Source::C;
        } else if (arg == "--c-all") {
            source = Source::CAll;
        } else if (arg == "--large") {
            large = true;
        } else if (arg == "--policies" && i + 1 < argc) {
            policies.clear();
            for (char *tok = std::strtok(argv[++i], ","); tok; tok = std::strtok(nullptr, ","))
                policies.push_back(std::atoi(tok));
        } else if (arg == "--models" && i + 1 < argc) {
            models.clear();
            for (char *tok = std::strtok(argv[++i], ","); tok; tok = std::strtok(nullptr, ","))
                models.emplace_back(tok);
        } else if (arg == "--only" && i + 1 < argc) {
            only.emplace_back(argv[++i]);
        } else if (arg == "--growth") {
            only.insert(only.end(), {"MPAT(5)", "MPAT(6)", "MPC(3,5)", "MPC(4,5)", "DISP(5,3)", "DISP(5,4)"});
        } else if (arg == "--timeout" && i + 1 < argc) {
            timeout = std::atof(argv[++i]);
        } else if (arg == "--repeat" && i + 1 < argc) {
            g_repeat = static_cast<unsigned>(std::clamp(std::atoi(argv[++i]), 1, 1000));
        } else if (arg == "--jobs" && i + 1 < argc) {
            jobs = static_cast<unsigned>(std::clamp(std::atoi(argv[++i]), 1, 1024));
        } else {
            usage();
            return arg == "--help" || arg == "-h" ? 0 : 2;
        }
    }

    if (source != Source::Model) {
        const bool ok =
            runC(source == Source::C ? cInstances() : allCInstances(), large, only, policies, timeout, models, jobs);
        printGrowth();
        return ok ? 0 : 1;
    }

    std::printf("%-10s %-12s %9s %8s %9s %9s %8s %8s %8s %8s %9s %9s  %s\n", "instance", "policy", "configs", "SSB",
                "events", "execs", "wall s", "cpu s", "prog s", "us/ev", "eng us/ev", "RSS MB", "oracle");
    for (const Instance &inst : instances()) {
        if (!selected(inst.name, inst.large, large, only))
            continue;
        for (int policy : policies) {
            ExplorationOptions options;
            options.policy = AltPolicy::fromNumber(policy);
            options.timeoutSeconds = timeout;
            options.jobs = jobs;
            double programSeconds = -1;
            ExplorationResult r;
            if (jobs > 1) {
                r = exploreModelInParallel(inst.make, options);
            } else {
                auto program = inst.make();
                ModelMachine machine(*program);
                ScheduledExecutor scheduled(machine);
                TimedExecutor timed(scheduled);
                Explorer explorer(timed, options);
                r = explorer.run();
                programSeconds = timed.seconds;
            }
            const Statistics &s = r.statistics;
            const double engineSeconds = s.cpuSeconds - std::max(0.0, programSeconds);
            const double perEvent = s.events ? s.cpuSeconds * 1e6 / double(s.events) : 0.0;
            const double enginePerEvent = s.events ? engineSeconds * 1e6 / double(s.events) : 0.0;
            if (policy == 0 && r.isComplete())
                g_perEvent.push_back({inst.name, perEvent, enginePerEvent});
            std::printf("%-10s %-12s %9llu %8llu %9llu %9llu %8.2f %8.2f %8s %8.2f %9.2f %9.0f  %s%s\n", inst.name,
                        options.policy.name().c_str(), (unsigned long long)s.maximalConfigurations,
                        (unsigned long long)s.sleepSetBlocked, (unsigned long long)s.events,
                        (unsigned long long)s.executions, s.wallSeconds, s.cpuSeconds, seconds(programSeconds).c_str(),
                        perEvent, enginePerEvent, double(s.peakRssBytes) / (1 << 20),
                        checkCounts(table1Counts(inst.name), s, r.isComplete()).c_str(),
                        r.isComplete() ? "" : " (incomplete)");
            std::fflush(stdout);
        }
    }
    printGrowth();
    return 0;
}
