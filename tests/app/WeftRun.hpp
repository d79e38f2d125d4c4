// SPDX-License-Identifier: MIT
// Test helpers for the `weft` command: run it in-process with captured stdout/stderr, read files.
// Shared by the CLI, examples and documentation suites.
#pragma once

#include "app/cli/CommandLine.hpp"
#include "app/cli/Commands.hpp"

#include <QtGlobal>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace weft::testing {

struct WeftRun {
    int code = 0;
    std::string out, err;
};

/// Everything written to `f` (a tmpfile), which is closed.
inline std::string slurp(std::FILE *f) {
    std::rewind(f);
    std::string text;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
        text.append(buffer, n);
    std::fclose(f);
    return text;
}

/// Runs `weft explore`, `weft replay` or `weft svcomp` with `args` (without argv[0]).
inline WeftRun runWeft(const std::vector<std::string> &args) {
    auto cl = cli::parseCommandLine(args);
    if (!cl)
        qFatal("bad test arguments");
    std::FILE *out = std::tmpfile(), *err = std::tmpfile();
    WeftRun r;
    switch (cl->command) {
    case cli::CommandLine::Command::Explore: r.code = cli::runExplore(*cl, out, err); break;
    case cli::CommandLine::Command::Svcomp: r.code = cli::runSvcomp(*cl, out, err); break;
    default: r.code = cli::runReplay(*cl, out, err); break;
    }
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

inline std::string readText(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

} // namespace weft::testing
