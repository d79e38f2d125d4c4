// SPDX-License-Identifier: MIT
#include "app/dap/DapMain.hpp"

#include "app/dap/Server.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <unistd.h>

namespace weft::dap {

int runDap(const std::string &logPath) {
    std::signal(SIGPIPE, SIG_IGN); // a vanished client is a failed write, handled, not a signal
    std::shared_ptr<std::ofstream> log;
    if (!logPath.empty()) {
        log = std::make_shared<std::ofstream>(logPath, std::ios::app);
        if (!*log) {
            std::fprintf(stderr, "weft: error: cannot write the protocol log '%s'\n", logPath.c_str());
            return 2;
        }
    }
    // The protocol owns the real stdout; anything else printing to fd 1 goes to stderr instead of
    // corrupting the message stream.
    std::fflush(stdout);
    const int protocolOut = ::dup(STDOUT_FILENO);
    if (protocolOut < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        std::fprintf(stderr, "weft: error: cannot set up the protocol's output\n");
        return 3;
    }
    ProtocolLog writeLog;
    if (log)
        writeLog = [log](const std::string &line) {
            const auto now = std::chrono::system_clock::now();
            const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
            const auto millis =
                std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
            char stamp[32];
            std::strftime(stamp, sizeof stamp, "%H:%M:%S", std::gmtime(&seconds));
            *log << stamp << '.' << (millis < 100 ? millis < 10 ? "00" : "0" : "") << millis << ' ' << line << '\n';
            log->flush();
        };
    Server server(STDIN_FILENO, protocolOut, std::move(writeLog));
    const int code = server.run();
    ::close(protocolOut);
    return code;
}

} // namespace weft::dap
