// SPDX-License-Identifier: MIT
// The table from each builtin (libc, math.h, pthreads, SV-COMP's __VERIFIER_*) to its handler. Each
// group of handlers (libc/, pthread/) adds its own entries; a builtin without one is an internal error.
#pragma once

#include "engine/interpreter/BuiltinCall.hpp"

#include <array>

namespace weft::interpreter {

class LibcDispatcher {
public:
    /// The table, built on first use.
    static const LibcDispatcher &instance();

    BuiltinHandler handler(program::Builtin b) const { return m_handlers[std::size_t(b)]; }
    /// Whether `b` has a handler of its own (for tests: every builtin should).
    bool implements(program::Builtin b) const;
    void add(program::Builtin b, BuiltinHandler handler) { m_handlers[std::size_t(b)] = handler; }

private:
    LibcDispatcher();

    std::array<BuiltinHandler, std::size_t(program::Builtin::Count)> m_handlers{};
};

/// The groups of handlers, one per file.
void addStdlibCalls(LibcDispatcher &table);   ///< libc/StdlibCalls.cpp: allocation, numbers
void addStringCalls(LibcDispatcher &table);   ///< libc/StringCalls.cpp: memory and string functions
void addOutputCalls(LibcDispatcher &table);   ///< libc/OutputCalls.cpp: printf family, puts, putchar
void addScanCalls(LibcDispatcher &table);     ///< libc/ScanCalls.cpp: sscanf
void addMathCalls(LibcDispatcher &table);     ///< libc/MathCalls.cpp: math.h
void addClockCalls(LibcDispatcher &table);    ///< libc/ClockCalls.cpp: virtual clock, sleeps, yields
void addVerifierCalls(LibcDispatcher &table); ///< libc/VerifierCalls.cpp: assert, abort, __VERIFIER_*
void addVariadicCalls(LibcDispatcher &table); ///< libc/VariadicCalls.cpp: va_start, va_copy
void addJumpCalls(LibcDispatcher &table);     ///< libc/JumpCalls.cpp: setjmp, longjmp
void addThreadCalls(LibcDispatcher &table);   ///< pthread/ThreadCalls.cpp: threads, attributes, exit()
void addMutexCalls(LibcDispatcher &table);    ///< pthread/MutexCalls.cpp: mutexes and their attributes
void addSyncCalls(LibcDispatcher &table);     ///< pthread/SyncCalls.cpp: semaphores, condition variables, barriers
void addRwlockCalls(LibcDispatcher &table);   ///< pthread/RwlockCalls.cpp: read-write locks
void addThreadLocalCalls(LibcDispatcher &table); ///< pthread/ThreadLocals.cpp: _Thread_local variables

} // namespace weft::interpreter
