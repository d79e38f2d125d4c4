// SPDX-License-Identifier: MIT
// GUI benchmarks (issue 4, performance): reports, never asserts.
//  1. The worst (and 99th percentile) event-loop latency of the main window while it explores a
//     program with ≥ 100,000 executions (lock_pairs.c, LPAIRS(4,3): 160,000); target ≤ 50 ms.
//  2. The same exploration through the GUI session vs. as `weft explore` runs it (target: GUI ≤ 10%
//     slower).
//  3. The same two for DISP(5,4) (15,282 executions but 185,330 events: a large event structure).
//  4. Time to first paint of DISP(5,3)'s event structure (~17,600 events) from its final snapshot.
//  5. LONG: one execution of 40k, 400k and 4M events (long_execution.c, N = 10^4, 10^5, 10^6): `weft explore`'s
//     time and peak memory, the window's exploration time, then opening its defect at the failing step
//     (load time, peak memory growth, worst event-loop gap while loading), stepping back / forwards
//     latency, Restart and F8 across the whole trace.
// Usage: weft-gui-bench [--quick] [--only NAME] [--jobs N] (NAME: LPAIRS, DISP, PAINT or LONG; headless:
// QT_QPA_PLATFORM=offscreen is set if unset). --jobs N (default 1): the window and the CLI reference of 2 and 3
// explore with N jobs (the CLI's 50-ms rule for both).
#include "app/gui/MainWindow.hpp"
#include "app/gui/ReplayController.hpp"
#include "engine/debugger/ProgramExploration.hpp"
#include "engine/debugger/ProgramLoader.hpp"
#include "engine/debugger/Replay.hpp"
#include "engine/execution/ScheduledExecutor.hpp"
#include "engine/explorer/Explorer.hpp"
#include "engine/interpreter/Interpreter.hpp"
#include "views/eventstructure/EventStructureScene.hpp"
#include "views/eventstructure/EventStructureView.hpp"
#include "views/progress/CountersBar.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <vector>

using namespace weft;

namespace {

const QString kDispatcher = QStringLiteral(WEFT_TEST_PROGRAMS "/dispatcher/dispatcher.c");
const QString kLockPairs = QStringLiteral(WEFT_TEST_PROGRAMS "/lock_pairs/lock_pairs.c");
const QString kLongExecution = QStringLiteral(WEFT_TEST_PROGRAMS "/long_execution/long_execution.c");

unsigned g_jobs = 1; // --jobs

std::vector<std::string> params(int first, int second) {
    return {"PARAM1=" + std::to_string(first), "PARAM2=" + std::to_string(second)};
}

struct Instance {
    const char *name;
    QString file;
    std::vector<std::string> defines;
};

/// CPU time of the calling thread, in milliseconds.
double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

/// CPU time of the whole process (every thread), in milliseconds.
double processCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

/// `weft explore` without output: compile, then explore as it does (ProgramExploration, --jobs N).
double cliSeconds(const Instance &instance, std::uint64_t &executions, double &cpuMs) {
    auto loaded = debugger::loadProgram(instance.file.toStdString(), instance.defines, {});
    if (!loaded)
        return -1;
    QElapsedTimer clock;
    clock.start();
    const double cpu = processCpuMs();
    ExplorationOptions options;
    options.jobs = g_jobs;
    options.splitAfterSeconds = 0.05;
    debugger::ProgramExploration exploration(loaded->program, {}, options);
    const ExplorationResult r = exploration.run();
    executions = r.statistics.executions;
    cpuMs = processCpuMs() - cpu;
    return clock.nsecsElapsed() / 1e9;
}


struct GuiRun {
    double seconds = 0;
    qint64 worstGapMs = 0;
    double p99GapMs = 0;
    /// The same gaps in CPU time of the GUI thread: what it spent working between two ticks, without
    /// the time it waited for a core (this machine may be shared).
    double worstCpuGapMs = 0;
    double p99CpuGapMs = 0;
    double worstGapAtSeconds = 0; ///< when the worst (wall clock) gap ended
    double workerCpuMs = 0; ///< CPU time of every thread but the GUI thread: the exploration worker
    std::uint64_t executions = 0;
    std::size_t events = 0;
};

/// Explores in a shown main window while a 5 ms timer records the gaps between its ticks.
GuiRun guiExploration(const Instance &instance) {
    gui::MainWindow window;
    gui::RunConfiguration configuration;
    configuration.defines = instance.defines;
    configuration.exploration.jobs = g_jobs;
    window.setCommandLineConfiguration(configuration);
    window.resize(1600, 960);
    window.show();
    GuiRun out;
    if (!window.openFile(instance.file))
        return out;
    QApplication::processEvents();
    std::vector<qint64> gaps;
    std::vector<double> cpuGaps;
    QElapsedTimer clock;
    qint64 last = 0;
    double lastCpu = threadCpuMs();
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        const double cpu = threadCpuMs();
        if (gaps.empty() || now - last > *std::max_element(gaps.begin(), gaps.end()))
            out.worstGapAtSeconds = now / 1e3;
        gaps.push_back(now - last);
        cpuGaps.push_back(cpu - lastCpu);
        last = now;
        lastCpu = cpu;
    });
    QEventLoop loop;
    QObject::connect(&window.session(), &session::ExplorationSession::finished, &loop, &QEventLoop::quit);
    clock.start();
    const double processCpu = processCpuMs(), guiCpu = threadCpuMs();
    ticker.start();
    window.explore();
    loop.exec();
    out.seconds = clock.nsecsElapsed() / 1e9;
    out.workerCpuMs = (processCpuMs() - processCpu) - (threadCpuMs() - guiCpu);
    // Let the views catch up with the last snapshot (counted in the latency too).
    auto *structure = window.eventStructureView()->structure();
    while (!structure->isUpToDate())
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    ticker.stop();
    std::sort(gaps.begin(), gaps.end());
    std::sort(cpuGaps.begin(), cpuGaps.end());
    out.worstGapMs = gaps.empty() ? 0 : gaps.back();
    out.p99GapMs = gaps.empty() ? 0 : double(gaps[std::min(gaps.size() - 1, gaps.size() * 99 / 100)]);
    out.worstCpuGapMs = cpuGaps.empty() ? 0 : cpuGaps.back();
    out.p99CpuGapMs = cpuGaps.empty() ? 0 : cpuGaps[std::min(cpuGaps.size() - 1, cpuGaps.size() * 99 / 100)];
    if (const auto s = window.session().snapshot()) {
        out.executions = s->statistics.executions;
        out.events = s->events.size();
    }
    return out;
}

/// From the final snapshot of DISP(5,3) to the event structure fully drawn and painted once.
double firstPaintMs(std::size_t &events) {
    session::ExplorationSession session;
    if (!session.load(kDispatcher, params(5, 3)))
        return -1;
    QEventLoop loop;
    QObject::connect(&session, &session::ExplorationSession::finished, &loop, &QEventLoop::quit);
    session.start();
    loop.exec();
    const session::SnapshotPtr snapshot = session.snapshot();
    events = snapshot->events.size();
    views::EventStructureView view;
    view.resize(1200, 800);
    view.show();
    QApplication::processEvents();
    QElapsedTimer clock;
    clock.start();
    view.structure()->setSnapshot(snapshot);
    while (!view.structure()->isUpToDate())
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    view.fitAll();
    view.grab(); // one full paint
    return clock.nsecsElapsed() / 1e6;
}

/// A line of /proc/self/status ("VmRSS", "VmHWM") in MB.
double statusMB(const std::string &key) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(key + ":", 0) == 0) {
            std::istringstream fields(line.substr(key.size() + 1));
            double kb = 0;
            fields >> kb;
            return kb / 1024.0;
        }
    return 0;
}

/// Starts a new peak-memory measurement (VmHWM back to the current RSS).
void resetPeak() { std::ofstream("/proc/self/clear_refs") << "5"; }

/// Waits in the event loop for `signal` of `sender` while a 5 ms timer records the worst gap.
template <typename Sender, typename Signal> qint64 waitMeasuringGaps(Sender *sender, Signal signal, double &seconds) {
    QEventLoop loop;
    QObject::connect(sender, signal, &loop, &QEventLoop::quit);
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, worst = 0;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        worst = std::max(worst, clock.elapsed() - last);
        last = clock.elapsed();
    });
    ticker.start();
    loop.exec();
    seconds = clock.nsecsElapsed() / 1e9;
    return std::max(worst, clock.elapsed() - last);
}

void longExecution(const char *name, int n) {
    const Instance instance{name, kLongExecution, {"N=" + std::to_string(n)}};
    resetPeak();
    const double cliBase = statusMB("VmRSS");
    std::uint64_t executions = 0;
    double cpuMs = 0;
    const double cli = cliSeconds(instance, executions, cpuMs);
    std::printf("%s `weft explore`: %.2f s, peak memory +%.0f MB\n", name, cli, statusMB("VmHWM") - cliBase);

    gui::MainWindow window;
    window.setCompileFlags(instance.defines, {});
    window.resize(1600, 960);
    window.show();
    if (!window.openFile(instance.file))
        return;
    QApplication::processEvents();
    double explored = 0;
    window.explore();
    waitMeasuringGaps(&window.session(), &session::ExplorationSession::finished, explored);
    auto *structure = window.eventStructureView()->structure();
    while (!structure->isUpToDate())
        QApplication::processEvents(QEventLoop::AllEvents, 20);
    std::printf("%s window exploration: %.2f s (GUI/CLI = %.2f), resident %.0f MB\n", name, explored,
                cli > 0 ? explored / cli : 0.0, statusMB("VmRSS"));

    gui::ReplayController *replay = window.replay();
    resetPeak();
    const double before = statusMB("VmRSS");
    double loadSeconds = 0;
    window.showDefect(0);
    qint64 worstGap = 0;
    if (replay->isLoading())
        worstGap = waitMeasuringGaps(replay, &gui::ReplayController::loaded, loadSeconds);
    const debugger::Replay *r = replay->replay();
    if (!r) {
        std::printf("%s: no replay\n", name);
        return;
    }
    window.grab(); // one full paint of the loaded panes
    std::printf("%s open at the failing step: %.2f s for %zu events, peak memory +%.0f MB (%.0f bytes per event), "
                "worst event-loop gap while loading %lld ms, %zu checkpoints of %.0f MB\n",
                name, loadSeconds, r->eventCount(), statusMB("VmHWM") - before,
                (statusMB("VmHWM") - before) * 1048576.0 / double(r->eventCount()), worstGap, r->checkpoints().count(),
                double(r->checkpoints().bytes()) / 1048576.0);

    // Stepping latency as the user sees it: the step and the repaint it causes.
    auto timed = [&](auto &&step) {
        QElapsedTimer clock;
        clock.start();
        step();
        QApplication::processEvents();
        return clock.nsecsElapsed() / 1e6;
    };
    std::vector<double> back, forwards;
    for (int i = 0; i < 100; ++i)
        back.push_back(timed([&] { replay->stepBack(); }));
    for (int i = 0; i < 100; ++i)
        forwards.push_back(timed([&] { replay->stepEvent(); }));
    std::sort(back.begin(), back.end());
    std::sort(forwards.begin(), forwards.end());
    const double restart = timed([&] { replay->restart(); });
    const double first = timed([&] { replay->stepEvent(); });
    // F8 that far ahead runs on the worker: until it arrives, the window is responsive (worst gap).
    double toEnd = 0;
    qint64 toEndGap = 0;
    {
        QElapsedTimer clock;
        clock.start();
        replay->runToEnd();
        if (replay->isLoading()) {
            double unused = 0;
            toEndGap = waitMeasuringGaps(replay, &gui::ReplayController::jumpFinished, unused);
        }
        QApplication::processEvents();
        toEnd = clock.nsecsElapsed() / 1e6;
    }
    std::printf("%s stepping: back median %.2f ms (worst %.2f), forwards median %.2f ms (worst %.2f); Restart %.0f ms, "
                "F10 from the start %.2f ms, F8 across the trace %.0f ms (worst event-loop gap meanwhile %lld ms)\n",
                name, back[back.size() / 2], back.back(), forwards[forwards.size() / 2], forwards.back(), restart,
                first, toEnd, toEndGap);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bool quick = false;
    std::string only; // run only the measurements whose name starts with this
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--quick")
            quick = true;
        else if (std::string(argv[i]) == "--only" && i + 1 < argc)
            only = argv[++i];
        else if (std::string(argv[i]) == "--jobs" && i + 1 < argc)
            g_jobs = unsigned(std::max(1, std::atoi(argv[++i])));
    }
    auto selected = [&](const std::string &name) { return name.rfind(only, 0) == 0; };
    std::vector<Instance> instances;
    if (quick)
        instances = {{"LPAIRS(3,3)", kLockPairs, params(3, 3)}, {"DISP(4,3)", kDispatcher, params(4, 3)}};
    else
        instances = {{"LPAIRS(4,3)", kLockPairs, params(4, 3)}, {"DISP(5,4)", kDispatcher, params(5, 4)}};
    for (const Instance &instance : instances) {
        if (!selected(instance.name))
            continue;
        std::uint64_t cliExecutions = 0;
        double cliCpuMs = 0;
        const double cli = cliSeconds(instance, cliExecutions, cliCpuMs);
        std::printf("%s CLI exploration: %.2f s, %llu executions\n", instance.name, cli,
                    (unsigned long long)cliExecutions);
        const GuiRun gui = guiExploration(instance);
        std::printf("%s GUI exploration: %.2f s, %llu executions, %zu events; GUI/CLI = %.2f\n", instance.name,
                    gui.seconds, (unsigned long long)gui.executions, gui.events, cli > 0 ? gui.seconds / cli : 0.0);
        std::printf("%s CPU time: CLI %.2f s, GUI worker threads %.2f s; worker/CLI = %.2f\n", instance.name,
                    cliCpuMs / 1e3, gui.workerCpuMs / 1e3, cliCpuMs > 0 ? gui.workerCpuMs / cliCpuMs : 0.0);
        std::printf("%s event-loop latency while exploring: worst %lld ms (at %.2f s), p99 %.0f ms (target <= 50 ms); "
                    "GUI thread busy between ticks: worst %.0f ms, p99 %.0f ms\n",
                    instance.name, gui.worstGapMs, gui.worstGapAtSeconds, gui.p99GapMs, gui.worstCpuGapMs,
                    gui.p99CpuGapMs);
        std::fflush(stdout);
    }
    if (selected("LONG")) {
        longExecution("LONG 40k", 10000);
        longExecution("LONG 400k", 100000);
        if (!quick)
            longExecution("LONG 4M", 1000000);
    }
    if (!selected("PAINT"))
        return 0;
    std::size_t events = 0;
    const double paint = firstPaintMs(events);
    std::printf("DISP(5,3) event structure, first paint: %.0f ms for %zu events\n", paint, events);
    return 0;
}
