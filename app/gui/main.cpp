// SPDX-License-Identifier: MIT
// The `weft-gui` executable, which `weft gui ...` runs with its own arguments: the desktop debugger.
// `weft-gui FILE.c ...` is the same as `weft gui FILE.c ...`. A stray exception is an internal error
// (exit code 3).
#include "app/cli/CommandLine.hpp"
#include "app/gui/GuiMain.hpp"

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    using namespace weft::cli;
    try {
        std::vector<std::string> args(argv + 1, argv + argc);
        if (args.empty() || args[0] != "gui")
            args.insert(args.begin(), "gui");
        auto cl = parseCommandLine(args);
        if (!cl) {
            for (const auto &d : cl.error())
                std::fprintf(stderr, "%s\n", d.format().c_str());
            return kBadInput;
        }
        if (cl->command != CommandLine::Command::Gui)
            return kBadInput;
        return weft::gui::runGui(*cl, argc, argv);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "weft: internal error: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "weft: internal error\n");
    }
    return kInternalError;
}
