// SPDX-License-Identifier: MIT
// sprintf and snprintf for the interpreted program: formatted by formatPrintf (Printf.cpp) and
// written into the program's buffer through the checked Memory (bounds, lifetime, races), so an
// overflowing sprintf is an out-of-bounds defect at its call.
#include "engine/interpreter/Stepper.hpp"
#include "engine/interpreter/libc/Printf.hpp"

#include <cstring>

namespace weft::interpreter {

Stepper::Next Stepper::sprintf(InterpreterState &state, ThreadState &t, program::Builtin b, std::uint64_t &result) {
    Memory &memory = state.memory;
    MemoryFault fault;
    const bool bounded = b == program::Builtin::Snprintf;
    const std::size_t formatArg = bounded ? 2 : 1;
    auto arg = [&](std::size_t i) { return i < m_args.size() ? m_args[i] : 0; };
    std::string format;
    if (!memory.readString(arg(formatArg), format, fault))
        return memoryFault(t, fault);
    std::string text;
    PrintfError error;
    if (!formatPrintf(memory, format, m_args, formatArg + 1, text, error)) {
        if (error.memory)
            return memoryFault(t, error.fault);
        raise(t, DefectKind::UndefinedBehaviour, (bounded ? "sn" : "s") + error.text);
        return Next::Fault;
    }
    // snprintf writes at most n - 1 characters and a NUL (nothing when n is 0).
    const std::uint64_t capacity = bounded ? arg(1) : std::uint64_t(text.size()) + 1;
    if (capacity > 0) {
        const std::uint64_t written = std::min<std::uint64_t>(text.size(), capacity - 1);
        std::uint8_t *to = memory.write(arg(0), written + 1, 1, fault);
        if (!to)
            return memoryFault(t, fault);
        if (!noteAccess(state, t, arg(0), written + 1, true))
            return Next::Fault;
        std::memcpy(to, text.data(), written);
        to[written] = 0;
    }
    result = std::uint64_t(std::uint32_t(text.size()));
    return Next::Continue;
}

} // namespace weft::interpreter
