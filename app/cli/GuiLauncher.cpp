// SPDX-License-Identifier: MIT
#include "app/cli/GuiLauncher.hpp"

#include "app/cli/CommandLine.hpp"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>

namespace weft::cli {

namespace {

/// The directory of the running executable ("" if unknown).
std::string executableDirectory() {
    char path[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0)
        return {};
    const std::string self(path, std::size_t(n));
    const auto slash = self.rfind('/');
    return slash == std::string::npos ? std::string() : self.substr(0, slash + 1);
}

} // namespace

int launchGui(char **argv) {
    const std::string sibling = executableDirectory() + "weft-gui";
    argv[0] = const_cast<char *>("weft-gui");
    if (access(sibling.c_str(), X_OK) == 0)
        execv(sibling.c_str(), argv);
    else
        execvp("weft-gui", argv);
    std::fprintf(stderr, "weft: error: cannot start the desktop app 'weft-gui' (%s); is it installed next to weft?\n",
                 std::strerror(errno));
    return kInternalError;
}

} // namespace weft::cli
