// SPDX-License-Identifier: MIT
#include "app/cli/Commands.hpp"

#include "engine/debugger/ProgramExploration.hpp"
#include "engine/debugger/ProgramLoader.hpp"
#include "engine/debugger/ResultsJson.hpp"
#include "engine/debugger/SourceText.hpp"
#include "engine/debugger/TracedExecution.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/DistributedExplorer.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/frontend/CCompiler.hpp"
#include "engine/interpreter/Interpreter.hpp"
#include "engine/results/DotExport.hpp"

#include <atomic>
#include <chrono>
#include <csignal>
#include <fstream>
#include <mutex>
#include <unistd.h>

namespace weft::cli {

namespace {

/// Live progress on a terminal: executions and events, at most four times a second. Thread-safe (parallel
/// workers all report to it; their events are counted as each creates them, so the live count may
/// exceed the final one).
class ProgressLine final : public ExplorationObserver {
public:
    explicit ProgressLine(std::FILE *err) : m_err(err) {}
    ~ProgressLine() override {
        if (m_shown)
            std::fputs("\r\033[K", m_err);
    }
    void onNewEvent(EventId) override { m_events.fetch_add(1, std::memory_order_relaxed); }
    void onExecution(const ExecutionSummary &s) override {
        std::lock_guard lock(m_mutex);
        const auto now = std::chrono::steady_clock::now();
        if (now - m_last < std::chrono::milliseconds(250))
            return;
        m_last = now;
        m_shown = true;
        std::fprintf(m_err, "\rweft: %llu executions, %llu events...", (unsigned long long)s.index,
                     (unsigned long long)m_events.load(std::memory_order_relaxed));
        std::fflush(m_err);
    }

private:
    std::FILE *m_err;
    std::atomic<std::uint64_t> m_events = 0;
    std::mutex m_mutex;
    bool m_shown = false;
    std::chrono::steady_clock::time_point m_last = std::chrono::steady_clock::now();
};

/// While alive, Ctrl-C (SIGINT) or SIGTERM asks the exploration to stop and keep what it found; a
/// second signal gets the default action (the user insists). One at a time.
class CancelOnInterruptSignal {
public:
    CancelOnInterruptSignal() {
        s_source = &m_source;
        for (int signal : {SIGINT, SIGTERM})
            std::signal(signal, &CancelOnInterruptSignal::onSignal);
    }
    ~CancelOnInterruptSignal() {
        for (int signal : {SIGINT, SIGTERM})
            std::signal(signal, SIG_DFL);
        s_source = nullptr;
    }
    CancelOnInterruptSignal(const CancelOnInterruptSignal &) = delete;
    CancelOnInterruptSignal &operator=(const CancelOnInterruptSignal &) = delete;
    std::stop_token token() const { return m_source.get_token(); }

private:
    static void onSignal(int signal) {
        std::signal(signal, SIG_DFL);
        // No callbacks are registered on this source, so request_stop is a lone atomic update.
        if (s_source)
            s_source->request_stop();
    }
    std::stop_source m_source;
    static inline std::stop_source *s_source = nullptr;
};

void printDiagnostics(const std::vector<Diagnostic> &diagnostics, std::FILE *err) {
    std::fputs(frontend::formatDiagnostics(diagnostics).c_str(), err);
}

} // namespace

using debugger::defectLocation;
using debugger::ProgramExploration;
using debugger::SourceText;
using debugger::TracedExecution;
using debugger::TraceStep;

std::string shortened(std::string text) { return debugger::relativeToWorkingDirectory(std::move(text)); }
std::string location(const program::Program &p, program::SourceSpot spot) { return debugger::spotText(p, spot); }

std::string faultText(const std::string &message, const std::string &where) {
    std::string text = shortened(message);
    if (!where.empty() && text.find(where) == std::string::npos)
        text += " (at " + where + ")";
    return text;
}

/// The program's output after `heading`, whole (a NUL byte it wrote included), ending with a newline.
static void printOutput(const char *heading, const std::string &output, std::FILE *out) {
    std::fputs(heading, out);
    std::fwrite(output.data(), 1, output.size(), out);
    if (!output.empty() && output.back() != '\n')
        std::fputc('\n', out);
}

void printTrace(const TracedExecution &t, const program::Program &p, SourceText &source, std::FILE *out) {
    // A long trace (a spin of millions of steps) shows its start and its end; --json has it all.
    constexpr std::size_t kHead = 40, kTail = 160;
    const std::size_t n = t.steps.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (n > kHead + kTail && i == kHead) {
            std::fprintf(out, "    ... %zu steps not shown (--json lists them all) ...\n", n - kHead - kTail);
            i = n - kTail;
        }
        const TraceStep &s = t.steps[i];
        const std::string where = location(p, s.spot);
        const std::string &text = s.spot.line ? source.line(p.sourceMap.fileName(s.spot.file), s.spot.line)
                                              : std::string();
        std::fprintf(out, "    T%-3u %-28s %-22s %s\n", s.action.thread, describeStep(s).c_str(), where.c_str(),
                     text.c_str());
    }
}

namespace {

/// Writes `text` to `path` ("-": to `out`).
bool writeFile(const std::string &path, const std::string &text, std::FILE *out, std::FILE *err) {
    if (path == "-") {
        std::fputs(text.c_str(), out);
        return true;
    }
    std::ofstream file(path);
    file << text;
    if (!file) {
        std::fprintf(err, "weft: error: cannot write '%s'\n", path.c_str());
        return false;
    }
    return true;
}

} // namespace

/// The file's bytes and the options that change what is explored, which every rank of a distributed run must share.
std::string runIdentity(const CommandLine &cl) {
    std::ifstream file(cl.file, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::vector<std::string> options{cl.file, cl.standard, cl.model, cl.nondet, cl.exploration.policy.name()};
    options.insert(options.end(), cl.defines.begin(), cl.defines.end());
    options.insert(options.end(), cl.includeDirs.begin(), cl.includeDirs.end());
    for (const std::string &o : options)
        text += '\0' + o;
    return text;
}

namespace {
bool leaveMemoryAtExit = false;
} // namespace

void setLeaveMemoryAtExit(bool on) { leaveMemoryAtExit = on; }

ExplorationKeeper::~ExplorationKeeper() {
    if (!leaveMemoryAtExit || !m_allowed || !m_exploration)
        return;
    static auto *const kept = new std::vector<std::unique_ptr<ProgramExploration>>(); // never freed: see above
    kept->push_back(std::move(m_exploration));
}

int runExplore(const CommandLine &cl, std::FILE *out, std::FILE *err) {
    // --distributed: every rank loads and explores; only rank 0 prints and writes files.
    std::unique_ptr<MpiSession> session;
    if (cl.distributed) {
        if (!mpiAvailable() || !launchedByMpirun()) {
            std::fprintf(err, "weft: error: %s\n",
                         mpiAvailable() ? "--distributed needs mpirun: mpirun -np K weft explore FILE.c --distributed"
                                        : "this weft was built without MPI: --distributed is not available");
            return kBadInput;
        }
        auto started = MpiSession::start();
        if (!started) {
            printDiagnostics(started.error(), err);
            return kInternalError;
        }
        session = std::move(*started);
        if (!session->sameOnEveryRank(runIdentity(cl)))
            session->abort(
                "error: the ranks were given different files or options (each rank must run the same command)",
                kBadInput);
    }
    const bool printing = !session || session->rank() == 0;
    auto loaded = debugger::loadProgram(cl.file, cl.defines, cl.includeDirs, cl.standard);
    if (!loaded) {
        if (printing)
            printDiagnostics(loaded.error(), err);
        return frontend::isCompilerFailure(loaded.error()) ? kInternalError : kBadInput;
    }
    if (printing)
        printDiagnostics(loaded->warnings, err);
    const program::Program &program = loaded->program;
    auto exploration = std::make_unique<ProgramExploration>(program, cl.interpreter, cl.exploration);
    const ExplorationKeeper keeper(exploration, !session);
    ProgramExploration &explorer = *exploration;
    explorer.distributeOver(session.get());
    ProgressLine progress(err);
    if (!cl.quiet && printing && isatty(fileno(err)))
        explorer.setObserver(&progress);
    const CancelOnInterruptSignal cancel;
    const ExplorationResult result = explorer.run(cancel.token());
    explorer.setObserver(nullptr);
    if (!printing)
        return kNoDefect; // rank 0 says how the run ended (mpirun's status is its)
    if (session && !cl.quiet) {
        // How the work was split: what an HPC user tunes the rank count by. On standard output, before the
        // defects and the summary: mpirun forwards each stream through its own pipe, so a line on standard
        // error could show after them.
        const DistributedExplorer::Figures f = explorer.distributedFigures();
        const double held = result.statistics.events ? double(f.rankEvents) / double(result.statistics.events) : 0;
        std::fprintf(out,
                     "weft: %d ranks: %llu items, %llu re-check rounds, %llu messages (%.1f MB), events held %.2fx "
                     "the union, largest rank %.0f MB\n",
                     session->size(), (unsigned long long)f.items, (unsigned long long)f.rechecks,
                     (unsigned long long)f.messages, double(f.bytes) / 1e6, held, double(f.maxRankRss) / 1048576.0);
    }
    const interpreter::InterpreterOptions &interpreterOptions = explorer.interpreterOptions();

    SourceText source;
    // Tracing re-runs each defect's execution: only when something shows it.
    const bool traced = !cl.quiet || !cl.jsonPath.empty();
    const std::vector<TracedExecution> traces =
        traced ? debugger::traceDefects(result, program, interpreterOptions) : std::vector<TracedExecution>();
    for (std::size_t i = 0; !cl.quiet && i < traces.size(); ++i) {
        const Defect &d = result.defects[i];
        const TracedExecution &t = traces[i];
        std::fprintf(out, "weft: defect %zu: %s: %s", i + 1, std::string(defectKindName(d.kind)).c_str(),
                     faultText(d.message, defectLocation(d, program, t)).c_str());
        // The replay hint repeats the options that change how the program runs.
        const std::string runOptions = (cl.model == "sync" ? "" : " --model " + cl.model) +
                                       (cl.nondet == "zero" ? "" : " --nondet " + cl.nondet) +
                                       (cl.standard == "gnu17" ? "" : " --std " + cl.standard);
        std::fprintf(out, "\n  seen in %llu execution%s; replay with: weft replay %s --schedule %s%s\n",
                     (unsigned long long)d.occurrences, d.occurrences == 1 ? "" : "s", cl.file.c_str(),
                     d.schedule.toString().c_str(), runOptions.c_str());
        printTrace(t, program, source, out);
        if (!t.output.empty())
            printOutput("  output:\n", t.output, out);
    }
    for (const Diagnostic &d : result.diagnostics)
        std::fprintf(err, "weft: %s\n", d.format().c_str());

    if (!cl.jsonPath.empty()) {
        const RunDescription run = debugger::describeRun(cl.file, interpreterOptions, cl.exploration.policy.name());
        if (!writeFile(cl.jsonPath, debugger::resultsJson(result, program, run, traces), out, err))
            return kBadInput;
    }
    if (!cl.dotPath.empty() && !writeFile(cl.dotPath, toDot(explorer.unfolding()), out, err))
        return kBadInput;

    std::string summary = "weft: " + result.statistics.summary();
    if (!result.isComplete())
        summary += std::string(" (incomplete: ") + stopReasonName(result.stopReason) + ")";
    std::fprintf(out, "%s\n", summary.c_str());
    return result.statistics.defects > 0 ? kDefectFound : kNoDefect;
}

int runReplay(const CommandLine &cl, std::FILE *out, std::FILE *err) {
    auto schedule = Schedule::parse(cl.schedule);
    if (!schedule) {
        printDiagnostics(schedule.error(), err);
        return kBadInput;
    }
    auto loaded = debugger::loadProgram(cl.file, cl.defines, cl.includeDirs, cl.standard);
    if (!loaded) {
        printDiagnostics(loaded.error(), err);
        return frontend::isCompilerFailure(loaded.error()) ? kInternalError : kBadInput;
    }
    printDiagnostics(loaded->warnings, err);
    const program::Program &program = loaded->program;
    SourceText source;
    const TracedExecution t = debugger::traceSchedule(program, cl.interpreter, *schedule);
    std::fprintf(out, "weft: replaying %s --schedule %s\n", cl.file.c_str(), schedule->toString().c_str());
    printTrace(t, program, source, out);
    if (!t.output.empty())
        printOutput("output:\n", t.output, out);
    const Execution &e = t.execution;
    for (const auto &[performed, report] : e.reports)
        std::fprintf(out, "weft: %s after step %zu: %s\n", std::string(defectKindName(report.kind)).c_str(), performed,
                     report.message.c_str());
    switch (e.end) {
    case ExecutionEnd::Finished:
        if (!e.reports.empty())
            return kDefectFound;
        std::fprintf(out, "weft: the execution finished without a defect\n");
        return kNoDefect;
    case ExecutionEnd::Diverged:
        std::fprintf(err, "weft: error: the schedule does not fit this program: %s\n", e.fault->message.c_str());
        return kBadInput;
    default: break;
    }
    if (e.fault) {
        std::fprintf(out, "weft: %s: %s\n", std::string(defectKindName(e.fault->kind)).c_str(),
                     faultText(e.fault->message, location(program, t.faultSpot)).c_str());
        return kDefectFound;
    }
    if (e.end == ExecutionEnd::AssumeBlocked) {
        std::fprintf(out, "weft: the execution ended: a false assumption blocked a thread and nothing else could move\n");
        return kNoDefect;
    }
    std::fprintf(out, "weft: the execution ended (%s)\n", e.end == ExecutionEnd::SleepBlocked ? "sleep-set blocked" : "stopped");
    return kNoDefect;
}

} // namespace weft::cli
