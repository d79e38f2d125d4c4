// SPDX-License-Identifier: MIT
// sscanf for the interpreted program: the input and format are read through the checked Memory,
// parsed by scanString (Scanf.cpp), and each conversion stored through its pointer argument with
// the same checks (bounds, lifetime, races) as the program's own stores.
#include "engine/interpreter/Stepper.hpp"
#include "engine/interpreter/libc/Scanf.hpp"

#include <cstring>

namespace weft::interpreter {

Stepper::Next Stepper::scan(InterpreterState &state, ThreadState &t, std::uint64_t &result) {
    Memory &memory = state.memory;
    MemoryFault fault;
    std::string input, format;
    if (m_args.size() < 2 || !memory.readString(m_args[0], input, fault) || !memory.readString(m_args[1], format, fault))
        return memoryFault(t, fault);
    const ScanResult scanned = scanString(input, format, m_args.size() - 2);
    if (!scanned.error.empty()) {
        raise(t, DefectKind::UndefinedBehaviour, scanned.error);
        return Next::Fault;
    }
    for (const ScanStore &store : scanned.stores) {
        const std::uint64_t p = m_args[2 + store.argument];
        std::uint8_t *to = memory.write(p, store.bytes.size(), 1, fault);
        if (!to)
            return memoryFault(t, fault);
        if (!noteAccess(state, t, p, store.bytes.size(), true))
            return Next::Fault;
        std::memcpy(to, store.bytes.data(), store.bytes.size());
    }
    result = std::uint64_t(std::uint32_t(scanned.assigned));
    return Next::Continue;
}

} // namespace weft::interpreter
