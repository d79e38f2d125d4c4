// SPDX-License-Identifier: MIT
// The `weft` executable: parses the command line and runs a command (`gui`: the weft-gui executable;
// `dap`: the Debug Adapter Protocol server).
// Any stray exception is an internal error (exit code 3), never a crash without a message.
#include "app/cli/CommandLine.hpp"
#include "app/cli/Commands.hpp"
#include "app/cli/GuiLauncher.hpp"
#include "app/dap/DapMain.hpp"
#include "engine/base/Version.hpp"

#include <cstdio>
#include <exception>

int main(int argc, char **argv) {
    using namespace weft::cli;
    try {
        setLeaveMemoryAtExit(true); // the verdict is printed: exit at once (Commands.hpp)
        const std::vector<std::string> args(argv + 1, argv + argc);
        auto cl = parseCommandLine(args);
        if (!cl) {
            for (const auto &d : cl.error())
                std::fprintf(stderr, "%s\n", d.format().c_str());
            return kBadInput;
        }
        switch (cl->command) {
        case CommandLine::Command::Help: std::fputs(usageText().c_str(), stdout); return kNoDefect;
        case CommandLine::Command::Version: std::printf("weft %s\n", weft::kVersion); return kNoDefect;
        case CommandLine::Command::Explore: return runExplore(*cl, stdout, stderr);
        case CommandLine::Command::Replay: return runReplay(*cl, stdout, stderr);
        case CommandLine::Command::Svcomp: return runSvcomp(*cl, stdout, stderr);
        case CommandLine::Command::Gui: return launchGui(argv);
        case CommandLine::Command::Dap: return weft::dap::runDap(cl->logPath);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "weft: internal error: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "weft: internal error\n");
    }
    return kInternalError;
}
