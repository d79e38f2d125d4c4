// SPDX-License-Identifier: MIT
#include "engine/frontend/CrashGuard.hpp"

#include <clang/Basic/Stack.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/ErrorHandling.h>

#include <alloca.h>
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <vector>

namespace weft::frontend {

namespace {

/// The signals llvm::CrashRecoveryContext turns into a failed RunSafely.
constexpr int kRecoveredSignals[] = {SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIGTRAP};

/// Where a guarded thread's LLVM fatal error message goes (null on every other thread).
thread_local std::string *t_fatalError = nullptr;

/// LLVM ends the process after a fatal error (report_fatal_error) unless its handler does not return:
/// on a guarded thread this one leaves through the crash recovery context instead, keeping the message.
void onFatalError(void *, const char *reason, bool) {
    llvm::CrashRecoveryContext *context = llvm::CrashRecoveryContext::GetCurrent();
    if (!context || !t_fatalError) {
        std::fprintf(stderr, "LLVM ERROR: %s\n", reason);
        return; // and LLVM exits, as without a handler
    }
    *t_fatalError = reason;
    context->HandleExit(1);
}

/// CrashRecoveryContext installs its handlers without SA_ONSTACK. A stack overflow, the crash deep input
/// causes, leaves no stack to run such a handler on, and the kernel kills the process; with the flag
/// the handler runs on the alternate stack runGuarded gives its thread. A signal outside any guarded
/// run still ends the process as before (the handler restores the previous ones and re-raises).
void enableCrashRecovery() {
    static std::once_flag once;
    std::call_once(once, [] {
        llvm::CrashRecoveryContext::Enable();
        llvm::install_fatal_error_handler(onFatalError);
        for (int signal : kRecoveredSignals) {
            struct sigaction action {};
            if (sigaction(signal, nullptr, &action) == 0) {
                action.sa_flags |= SA_ONSTACK;
                sigaction(signal, &action, nullptr);
            }
        }
    });
}

/// What a failed run's return code means: 128 + the signal, or an exit code (a fatal error, or
/// llvm::sys::Process::Exit).
std::string describeCrash(int retCode, const std::string &fatalError) {
    if (!fatalError.empty())
        return "it stopped with a fatal error: " + fatalError;
    if (retCode <= 128)
        return "it stopped with a fatal error (exit code " + std::to_string(retCode) + ")";
    const int signal = retCode - 128;
    std::string what = "it crashed (signal " + std::to_string(signal) + ", " + strsignal(signal) + ")";
    if (signal == SIGSEGV || signal == SIGBUS)
        what += ", most likely out of stack on deeply nested code";
    return what;
}

/// Runs `work` past the first DesiredStackSize (8 MiB) of this thread's stack. Clang's own guard
/// (runWithSufficientStackSpace) assumes a stack of that size: near its end it warns "stack nearly
/// exhausted" and moves on to a new 8 MiB thread, which has no alternate signal stack, so an overflow
/// there would kill Weft. Clang skips the guard when the stack in use is larger than it expects.
void runPastClangsStackMark(const std::function<void()> &work) {
    clang::noteBottomOfStack(); // the first call on a thread wins: Clang's later calls keep this mark
    volatile char *skipped = static_cast<char *>(alloca(clang::DesiredStackSize + (std::size_t(1) << 20)));
    skipped[0] = 0; // keeps the allocation
    work();
}

} // namespace

std::optional<std::string> runGuarded(const std::function<void()> &work, std::size_t stackSize) {
    enableCrashRecovery();
    // The signal handler's stack: when the thread's own stack overflows, nothing is left of it.
    std::vector<char> signalStack(std::max<std::size_t>(SIGSTKSZ, 64 * 1024));
    std::string fatalError;
    llvm::CrashRecoveryContext context;
    const bool completed = context.RunSafelyOnThread(
        [&] {
            t_fatalError = &fatalError;
            // A thread may have an alternate stack already (AddressSanitizer gives every thread one and
            // unmaps it when the thread ends): keep it, as it must stay registered.
            stack_t current{};
            const bool own = sigaltstack(nullptr, &current) != 0 || (current.ss_flags & SS_DISABLE);
            if (own) {
                stack_t alternate{};
                alternate.ss_sp = signalStack.data();
                alternate.ss_size = signalStack.size();
                sigaltstack(&alternate, nullptr);
            }
            runPastClangsStackMark(work);
            if (own) {
                stack_t off{};
                off.ss_flags = SS_DISABLE;
                sigaltstack(&off, nullptr);
            }
        },
        unsigned(std::clamp<std::size_t>(stackSize, 64 * 1024, std::size_t(1) << 31) + clang::DesiredStackSize +
                 (std::size_t(1) << 20)));
    // The thread has ended (joined): signalStack is no longer registered anywhere, even after a crash.
    if (completed)
        return std::nullopt;
    return describeCrash(context.RetCode, fatalError);
}

} // namespace weft::frontend
