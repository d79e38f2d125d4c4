// SPDX-License-Identifier: MIT
#include "engine/program/Builtin.hpp"

#include "engine/base/Message.hpp"

#include <array>
#include <utility>

namespace weft::program {

namespace {

constexpr std::array<std::string_view, std::size_t(Builtin::Count)> kSymbols = {
#define WEFT_BUILTIN(name, symbol) symbol,
#include "engine/program/Builtins.def"
};

/// MathFunctions.def's shapes name pointers with P and strings with S.
constexpr std::array<bool, std::size_t(Builtin::Count)> kNumbersOnlyMath = [] {
    std::array<bool, std::size_t(Builtin::Count)> numbersOnly{};
#define WEFT_MATH(name, symbol, shape)                                                                                 \
    numbersOnly[std::size_t(Builtin::name)] = std::string_view(#shape).find_first_of("PS") == std::string_view::npos;
#include "engine/program/MathFunctions.def"
    return numbersOnly;
}();

/// Prefixes of known functions that a later step will implement, with what they belong to.
constexpr std::pair<std::string_view, MessageKind> kLater[] = {
    {"pthread_mutexattr_", MessageKind::MutexAttributes},
    {"pthread_condattr_", MessageKind::ConditionAttributes},
    {"pthread_barrierattr_", MessageKind::BarrierAttributes},
    {"pthread_cancel", MessageKind::ThreadCancellation},
    {"pthread_kill", MessageKind::Signals},
    {"sem_", MessageKind::NamedSemaphores},
};

/// The functions isSystemFunction names: by prefix, and by exact name (short words that would also
/// start a driver's or a library's own names).
constexpr std::string_view kSystemPrefixes[] = {
    "pthread_",  "sem_",       "thrd_",       "mtx_",        "cnd_",        "tss_",   "call_once", "atomic_",
    "__atomic_", "__sync_",    "__VERIFIER_", "__weft_",     "sig",         "__sig",  "setjmp",    "_setjmp",
    "longjmp",   "_longjmp",   "epoll_",      "sched_",      "clock_",      "timer_", "shm_",      "mq_",
    "aio_",      "getcontext", "setcontext",  "makecontext", "swapcontext", "futex",  "exec"};
constexpr std::string_view kSystemNames[] = {
    "raise",   "kill",      "alarm",  "pause",  "pipe",       "pipe2",         "socket", "close",
    "dup",     "dup2",      "dup3",   "select", "poll",       "mmap",          "munmap", "mprotect",
    "wait",    "waitpid",   "waitid", "wait3",  "wait4",      "system",        "popen",  "pclose",
    "clone",   "vfork",     "_exit",  "_Exit",  "quick_exit", "at_quick_exit", "atexit", "on_exit",
    "syscall", "nanosleep", "sleep",  "usleep", "setitimer",  "getitimer",     "ioctl",  "fcntl"};

} // namespace

bool isSystemFunction(std::string_view symbol) {
    for (std::string_view prefix : kSystemPrefixes)
        if (symbol.starts_with(prefix))
            return true;
    for (std::string_view name : kSystemNames)
        if (symbol == name)
            return true;
    return false;
}

bool isNumbersOnlyMath(Builtin builtin) { return kNumbersOnlyMath[std::size_t(builtin)]; }

std::string_view builtinSymbol(Builtin builtin) { return kSymbols[std::size_t(builtin)]; }

std::optional<Builtin> findBuiltin(std::string_view symbol) {
    for (std::size_t i = 0; i < kSymbols.size(); ++i)
        if (kSymbols[i] == symbol)
            return Builtin(i);
    if (symbol.starts_with("pthread_attr_"))
        return Builtin::AttrOther; // other thread attributes (stack size, scheduling) have no effect
    if (symbol.starts_with("pthread_rwlockattr_"))
        return Builtin::RwlockAttrOther; // the kind (reader or writer preference), process sharing
    return std::nullopt;
}

std::string unsupportedReason(std::string_view symbol) {
    for (const auto &[prefix, what] : kLater)
        if (symbol.starts_with(prefix))
            return english(what, {});
    return {};
}

} // namespace weft::program
