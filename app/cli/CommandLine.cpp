// SPDX-License-Identifier: MIT
#include "app/cli/CommandLine.hpp"

#include "engine/action/NondetChoice.hpp"
#include "engine/explorer/ParallelExplorer.hpp"
#include "engine/frontend/CCompiler.hpp"

#include <charconv>

namespace weft::cli {

namespace {

Unexpected usageError(std::string text) {
    Diagnostic d = Diagnostic::error(std::move(text) + " (see weft --help)");
    d.file = "weft";
    return Unexpected(std::move(d));
}

template <typename T> bool parseNumber(const std::string &s, T &out) {
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && end == s.data() + s.size();
}

bool parseSeconds(const std::string &s, double &out) {
    char *end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return !s.empty() && end == s.c_str() + s.size() && out >= 0;
}

} // namespace

Expected<std::string> parseNondet(const std::string &v, interpreter::InterpreterOptions &options) {
    using interpreter::NondetSource;
    std::uint64_t seed = 1;
    const bool random = v == "random" || (v.rfind("random:", 0) == 0 && parseNumber(v.substr(7), seed));
    if (v.rfind("explore:", 0) == 0) {
        const std::string range = v.substr(8);
        const std::size_t dots = range.find("..");
        std::int64_t lo = 0, hi = 0;
        if (dots == std::string::npos || !parseNumber(range.substr(0, dots), lo) ||
            !parseNumber(range.substr(dots + 2), hi) || lo > hi || lo < kNondetRangeMin || hi > kNondetRangeMax)
            return Unexpected(Diagnostic::error("--nondet explore takes a range LO..HI of integers within "
                                                "-32768..32767 with LO <= HI, not '" +
                                                range + "'"));
        options.nondet = NondetSource::Explore;
        options.nondetLo = lo;
        options.nondetHi = hi;
    } else if (v != "zero" && !random) {
        return Unexpected(Diagnostic::error(
            "--nondet takes zero, random, random:SEED (an unsigned integer) or explore:LO..HI, not '" + v + "'"));
    } else {
        options.nondet = random ? NondetSource::Random : NondetSource::Zero;
        options.nondetSeed = seed;
    }
    return nondetText(options);
}

std::string nondetText(const interpreter::InterpreterOptions &options) {
    switch (options.nondet) {
    case interpreter::NondetSource::Zero: return "zero";
    case interpreter::NondetSource::Random: return "random:" + std::to_string(options.nondetSeed);
    case interpreter::NondetSource::Explore:
        return "explore:" + std::to_string(options.nondetLo) + ".." + std::to_string(options.nondetHi);
    }
    return "zero";
}

std::string usageText() {
    return "usage:\n"
           "  weft explore FILE.c [-D NAME[=VALUE]] [-I DIR] [--std STD] [--model sync|sc] [-k N | --optimal | "
           "--sdpor]\n"
           "               [--timeout S] [--max-executions N] [--context-switch-bound N]\n"
           "               [--jobs N | --distributed] [--stop-on-first-defect] [--json OUT] [--dot OUT] [--quiet]\n"
           "               [--races report|fatal|ignore] [--uninit report|ignore]\n"
           "               [--nondet zero|random[:SEED]|explore:LO..HI] [--max-steps N] [--max-memory MIB]\n"
           "  weft replay  FILE.c --schedule S [-D ...] [-I ...] [--std ...] [--races ...] [--uninit ...]\n"
           "               [--nondet ...]\n"
           "  weft svcomp  TASK.yml | FILE.c | FILE.i [--property unreach-call|no-data-race|valid-memsafety|FILE.prp]\n"
           "               [--timeout S] [--witness OUT] [--nondet explore:LO..HI]\n"
           "  weft gui     [FILE.c] [-D NAME[=VALUE]] [-I DIR] [--std STD] [--model sync|sc] [-k N | --optimal |\n"
           "               --sdpor] [--timeout S] [--max-executions N] [--jobs N] [--races ...] [--nondet ...]\n"
           "               [--max-steps N] [--max-memory MIB] [--lang fr] [--size WxH] [--screenshot OUT.png]\n"
           "  weft dap     [--log FILE]\n"
           "  weft --help | --version\n"
           "\n"
           "explore: runs FILE.c under every meaningfully different interleaving (Quasi-Optimal POR).\n"
           "  -k N       alternatives: N >= 1 k-partial (1 = only-last), 0 optimal, -1 source-DPOR-like\n"
           "  --optimal  same as -k 0 (the default): never a redundant (sleep-set blocked) execution\n"
           "  --sdpor    same as -k -1\n"
           "  --jobs N   worker threads, 1 to 1024: the same counts and report as one job (default: the\n"
           "             CPUs, at most 8; 1 with --dot, --distributed, --stop-on-first-defect or\n"
           "             --max-executions)\n"
           "  --distributed  under mpirun -np K: one worker per MPI rank, rank 0 prints the results\n"
           "  --std      the C dialect: gnu17 (default), gnu89 ... gnu23, c89 ... c23; implicit\n"
           "             declarations and implicit int are warnings, as with GCC 12\n"
           "  --model    sync: thread and synchronisation operations are events (default);\n"
           "             sc: also every access to shared memory (sequential consistency)\n"
           "  --races    data races: report and go on (default), fatal (end the execution), ignore\n"
           "  --uninit   a branch, address or call argument computed from memory never written:\n"
           "             report and go on (default), or ignore (no tracking, slightly faster)\n"
           "  --nondet   __VERIFIER_nondet_* values: zero (default), a per-thread pseudo-random\n"
           "             stream from SEED (default 1), or explore:LO..HI: every value explored (bool\n"
           "             and char all of theirs, other types LO..HI, within -32768..32767); replays\n"
           "             need the same --nondet\n"
           "  --max-steps   instructions a thread may run between two visible actions (default 10000000)\n"
           "  --max-memory  MiB of heap and stack one execution may hold (default 1024); explore: also\n"
           "                the most Weft's own memory may grow while exploring (default: half the machine's)\n"
           "  Ctrl-C stops an exploration and reports what it found (incomplete: cancelled)\n"
           "gui: the desktop debugger; the run options given here are shown in its status bar and apply to\n"
           "  the files it opens until changed in Explore > Run Configuration (remembered per file)\n"
           "dap: a Debug Adapter Protocol server on stdin/stdout for editors (VS Code, nvim-dap, dap-mode);\n"
           "  --log FILE appends every message to FILE (docs/dap.md)\n"
           "svcomp: checks one SV-COMP task (format 2.0) or C file with SV-COMP's semantics; the last line is\n"
           "  'weft: verdict true|false|unknown (reason)'; --witness writes a GraphML violation witness;\n"
           "  inputs are explored (bool and char wholly, wider types over --nondet's range, default -1..16)\n"
           "replay: re-runs one schedule (as printed in defect reports, e.g. 0*4,1*4,0*2) and prints it.\n"
           "exit codes: 0 no defect, 1 defect found, 2 bad input or usage, 3 internal error;\n"
           "  svcomp: 0 true, 1 false, 4 unknown, 2 bad input.\n";
}

Expected<CommandLine> parseCommandLine(const std::vector<std::string> &given) {
    CommandLine cl;
    // "--option=value" is the same as "--option value".
    std::vector<std::string> args;
    for (const std::string &a : given) {
        const auto eq = a.find('=');
        if (a.rfind("--", 0) == 0 && eq != std::string::npos) {
            args.push_back(a.substr(0, eq));
            args.push_back(a.substr(eq + 1));
        } else {
            args.push_back(a);
        }
    }
    if (args.empty())
        return usageError("missing command");
    const std::string &command = args[0];
    if (command == "--help" || command == "-h" || command == "help") {
        cl.command = CommandLine::Command::Help;
        return cl;
    }
    if (command == "--version" || command == "-V") {
        cl.command = CommandLine::Command::Version;
        return cl;
    }
    if (command == "explore")
        cl.command = CommandLine::Command::Explore;
    else if (command == "replay")
        cl.command = CommandLine::Command::Replay;
    else if (command == "svcomp")
        cl.command = CommandLine::Command::Svcomp;
    else if (command == "gui")
        cl.command = CommandLine::Command::Gui;
    else if (command == "dap")
        cl.command = CommandLine::Command::Dap;
    else
        return usageError("unknown command '" + command + "'");

    const bool explore = cl.command == CommandLine::Command::Explore;
    const bool svcomp = cl.command == CommandLine::Command::Svcomp;
    const bool replay = cl.command == CommandLine::Command::Replay;
    const bool gui = cl.command == CommandLine::Command::Gui;
    bool policyGiven = false;
    bool jobsGiven = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string &a = args[i];
        // Options with a value accept "--opt VALUE", and -D/-I also "-DVALUE".
        auto value = [&](std::string &out) -> bool {
            if (i + 1 >= args.size())
                return false;
            out = args[++i];
            return true;
        };
        std::string v;
        if ((a == "-D" || a == "-I") && value(v)) {
            (a == "-D" ? cl.defines : cl.includeDirs).push_back(v);
        } else if (a.size() > 2 && (a.rfind("-D", 0) == 0 || a.rfind("-I", 0) == 0)) {
            (a[1] == 'D' ? cl.defines : cl.includeDirs).push_back(a.substr(2));
        } else if ((explore || replay || gui) && a == "--std" && value(v)) {
            if (!frontend::isKnownStandard(v))
                return usageError("unknown C standard '" + v + "' (expected c89 ... c23 or gnu89 ... gnu23)");
            cl.standard = v;
        } else if (a == "--model" && value(v)) {
            if (v != "sync" && v != "sc")
                return usageError("unknown or unsupported model '" + v + "' (supported: sync, sc)");
            cl.model = v;
            cl.interpreter.model = v == "sc" ? interpreter::MemoryModel::Sc : interpreter::MemoryModel::Sync;
        } else if ((explore || gui) && (a == "-k" || a == "--altbound") && value(v)) {
            int k = 0;
            if (!parseNumber(v, k) || k < -1)
                return usageError("-k takes an integer >= -1, not '" + v + "'");
            if (policyGiven)
                return usageError("give only one of -k, --optimal, --sdpor");
            cl.exploration.policy = AltPolicy::fromNumber(k);
            policyGiven = true;
        } else if ((explore || gui) && (a == "--optimal" || a == "--sdpor")) {
            if (policyGiven)
                return usageError("give only one of -k, --optimal, --sdpor");
            cl.exploration.policy = a == "--optimal" ? AltPolicy::optimal() : AltPolicy::sourceDpor();
            policyGiven = true;
        } else if (svcomp && a == "--property" && value(v)) {
            cl.property = v;
        } else if (svcomp && a == "--witness" && value(v)) {
            cl.witnessPath = v;
        } else if ((explore || svcomp || gui) && a == "--timeout" && value(v)) {
            if (!parseSeconds(v, cl.exploration.timeoutSeconds))
                return usageError("--timeout takes seconds (a non-negative number), not '" + v + "'");
        } else if ((explore || gui) && a == "--max-executions" && value(v)) {
            if (!parseNumber(v, cl.exploration.maxExecutions) || cl.exploration.maxExecutions == 0)
                return usageError("--max-executions takes a positive integer, not '" + v + "'");
        } else if (explore && a == "--context-switch-bound" && value(v)) {
            unsigned n = 0;
            if (!parseNumber(v, n))
                return usageError("--context-switch-bound takes a non-negative integer, not '" + v + "'");
            cl.exploration.contextSwitchBound = n;
        } else if ((explore || gui) && a == "--jobs" && value(v)) {
            if (!parseNumber(v, cl.exploration.jobs) || cl.exploration.jobs < 1 || cl.exploration.jobs > 1024)
                return usageError("--jobs must be between 1 and 1024, not '" + v + "'");
            jobsGiven = true;
        } else if (explore && a == "--distributed") {
            cl.distributed = true;
        } else if (explore && a == "--stop-on-first-defect") {
            cl.exploration.stopOnFirstDefect = true;
        } else if (explore && a == "--json" && value(v)) {
            cl.jsonPath = v;
        } else if (explore && a == "--dot" && value(v)) {
            cl.dotPath = v;
        } else if ((explore || replay || gui) && a == "--races" && value(v)) {
            using interpreter::RaceMode;
            if (v != "report" && v != "fatal" && v != "ignore")
                return usageError("--races takes report, fatal or ignore, not '" + v + "'");
            cl.interpreter.races = v == "report" ? RaceMode::Report : v == "fatal" ? RaceMode::Fatal : RaceMode::Ignore;
        } else if ((explore || replay) && a == "--uninit" && value(v)) {
            if (v != "report" && v != "ignore")
                return usageError("--uninit takes report or ignore, not '" + v + "'");
            cl.interpreter.uninit = v == "report" ? interpreter::UninitMode::Report : interpreter::UninitMode::Ignore;
        } else if ((explore || replay || gui || svcomp) && a == "--nondet" && value(v)) {
            Expected<std::string> text = parseNondet(v, cl.interpreter);
            if (!text)
                return usageError(text.error().front().text);
            if (svcomp && cl.interpreter.nondet != interpreter::NondetSource::Explore)
                return usageError("svcomp explores every input: --nondet takes explore:LO..HI there, not '" + v + "'");
            cl.nondet = *text;
        } else if ((explore || replay || gui) && a == "--max-steps" && value(v)) {
            if (!parseNumber(v, cl.interpreter.stepBound) || cl.interpreter.stepBound == 0)
                return usageError("--max-steps takes a positive integer, not '" + v + "'");
        } else if ((explore || replay || gui) && a == "--max-memory" && value(v)) {
            std::uint64_t mib = 0;
            if (!parseNumber(v, mib) || mib == 0 || mib > (std::uint64_t{1} << 20))
                return usageError("--max-memory takes a number of MiB between 1 and 1048576, not '" + v + "'");
            cl.interpreter.maxMemory = mib << 20;
            cl.exploration.memoryBytes = mib << 20;
        } else if ((explore || cl.command == CommandLine::Command::Replay) && a == "--quiet") {
            cl.quiet = true;
        } else if (cl.command == CommandLine::Command::Replay && a == "--schedule" && value(v)) {
            cl.schedule = v;
        } else if (cl.command == CommandLine::Command::Gui && a == "--lang" && value(v)) {
            cl.language = v;
        } else if (gui && a == "--screenshot" && value(v)) {
            cl.screenshotPath = v;
        } else if (gui && a == "--size" && value(v)) {
            const std::size_t x = v.find('x');
            if (x == std::string::npos || !parseNumber(v.substr(0, x), cl.windowWidth) ||
                !parseNumber(v.substr(x + 1), cl.windowHeight) || cl.windowWidth < 320 || cl.windowHeight < 240 ||
                cl.windowWidth > 16384 || cl.windowHeight > 16384)
                return usageError("--size takes WIDTHxHEIGHT in pixels (at least 320x240), not '" + v + "'");
        } else if (cl.command == CommandLine::Command::Dap && a == "--log" && value(v)) {
            cl.logPath = v;
        } else if (cl.command == CommandLine::Command::Dap) {
            return usageError("'dap' takes no file (the client's launch request names it), only --log FILE; not '" + a + "'");
        } else if (!a.empty() && a[0] == '-') {
            return usageError(i + 1 == args.size() && a.size() > 1 && a != "--quiet"
                                  ? "option '" + a + "' is unknown here or needs a value"
                                  : "unknown option '" + a + "' for '" + command + "'");
        } else if (cl.file.empty()) {
            cl.file = a;
        } else {
            return usageError("more than one input file ('" + cl.file + "' and '" + a + "')");
        }
    }
    if (svcomp && cl.file.empty())
        return usageError("'svcomp' needs a TASK.yml, FILE.c or FILE.i");
    if (cl.command != CommandLine::Command::Gui && cl.command != CommandLine::Command::Dap && cl.file.empty())
        return usageError("'" + command + "' needs a FILE.c");
    if (cl.command == CommandLine::Command::Replay && cl.schedule.empty())
        return usageError("'replay' needs --schedule S");
    // --dot draws one unfolding: parallel workers have one each.
    if (explore && !cl.dotPath.empty() && cl.exploration.jobs > 1)
        return usageError("--dot needs --jobs 1 (each parallel worker has its own event structure)");

    if (cl.distributed && cl.exploration.jobs > 1)
        return usageError("--distributed runs one worker per MPI rank: use mpirun -np K instead of --jobs");
    if (cl.distributed && !cl.dotPath.empty())
        return usageError("--dot needs one process (each MPI rank has its own event structure)");

    // Default jobs (README.md, --jobs): the CPUs, up to kDefaultJobsCap, when the result does not depend on
    // which worker runs what; one job where it would (which defect stops the run, which executions fit in the
    // bound) or where one event structure is drawn or one worker per rank runs.
    if (explore && !jobsGiven && cl.dotPath.empty() && !cl.distributed && !cl.exploration.stopOnFirstDefect &&
        cl.exploration.maxExecutions == 0)
        cl.exploration.jobs = defaultJobs();
    if (gui && !jobsGiven) // the desktop app's default too (it explores with one job where explore would)
        cl.exploration.jobs = defaultJobs();
    // A run over within its first 50 ms costs what one job costs (README.md, --jobs).
    if (explore)
        cl.exploration.splitAfterSeconds = 0.05;

    std::vector<Diagnostic> problems = cl.exploration.validate();
    if (!problems.empty())
        return usageError(problems.front().text);
    return cl;
}

} // namespace weft::cli
