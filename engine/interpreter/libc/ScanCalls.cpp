// SPDX-License-Identifier: MIT
// sscanf for the interpreted program: the input and format are read through the checked Memory,
// parsed by scanString (Scanf.cpp), and each conversion stored through its pointer argument with
// the same checks (bounds, lifetime, races) as the program's own stores.
#include "engine/interpreter/LibcDispatcher.hpp"
#include "engine/interpreter/libc/Scanf.hpp"

#include <cstring>

namespace weft::interpreter {

namespace {

Continuation sscanfCall(BuiltinCall &c) {
    Memory &memory = c.state.memory;
    MemoryFault fault;
    std::string input, format;
    if (c.args.size() < 2 || !memory.readString(c.args[0], input, fault) ||
        !memory.readString(c.args[1], format, fault))
        return c.memoryFault(fault);
    const ScanResult scanned = scanString(input, format, c.args.size() - 2);
    if (!scanned.error.empty())
        return c.fail(DefectKind::UndefinedBehaviour, scanned.error);
    for (const ScanStore &store : scanned.stores) {
        const std::uint64_t p = c.args[2 + store.argument];
        std::uint8_t *to = memory.write(p, store.bytes.size(), 1, fault);
        if (!to)
            return c.memoryFault(fault);
        if (!c.noteAccess(p, store.bytes.size(), true))
            return Continuation::Fault;
        std::memcpy(to, store.bytes.data(), store.bytes.size());
    }
    return c.returns(std::uint64_t(std::uint32_t(scanned.assigned)));
}

} // namespace

void addScanCalls(LibcDispatcher &table) {
    table.add(program::Builtin::Sscanf, &sscanfCall);
    table.add(program::Builtin::IsocSscanf, &sscanfCall);
}

} // namespace weft::interpreter
