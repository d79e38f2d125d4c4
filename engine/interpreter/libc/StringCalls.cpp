// SPDX-License-Identifier: MIT
// string.h builtins (the rest of string.h is runtime C): every byte read or written goes through the
// checked Memory and the race check, so an overflowing strcpy is an out-of-bounds defect at its call.
#include "engine/interpreter/LibcDispatcher.hpp"

#include <cstring>

namespace weft::interpreter {

using program::Builtin;

namespace {

std::uint64_t sign(int r) { return std::uint64_t(std::uint32_t(r < 0 ? -1 : r > 0 ? 1 : 0)); }

/// Up to `limit` bytes of the string at p, stopping after its NUL (which is included if found).
bool readBounded(const Memory &memory, std::uint64_t p, std::uint64_t limit, std::string &out, MemoryFault &fault) {
    out.clear();
    for (std::uint64_t i = 0; i < limit; ++i) {
        const std::uint8_t *byte = memory.read(p + i, 1, 1, fault);
        if (!byte)
            return false;
        out.push_back(char(*byte));
        if (*byte == 0)
            break;
    }
    return true;
}

Continuation memcpyCall(BuiltinCall &c) {
    if (c.copy(c.arg(0), c.arg(1), c.arg(2), c.builtin == Builtin::Memmove) != Continuation::Continue)
        return Continuation::Fault;
    return c.returns(c.arg(0));
}

Continuation memsetCall(BuiltinCall &c) {
    if (c.arg(2) != 0) {
        MemoryFault fault;
        std::uint8_t *to = c.state.memory.write(c.arg(0), c.arg(2), 1, fault);
        if (!to)
            return c.memoryFault(fault);
        if (!c.noteAccess(c.arg(0), c.arg(2), true))
            return Continuation::Fault;
        std::memset(to, int(c.arg(1) & 0xFF), c.arg(2));
    }
    return c.returns(c.arg(0));
}

Continuation memcmpCall(BuiltinCall &c) {
    const std::uint64_t n = c.arg(2);
    if (n == 0)
        return c.returns(0);
    MemoryFault fault;
    const std::uint8_t *a = c.state.memory.read(c.arg(0), n, 1, fault);
    if (!a)
        return c.memoryFault(fault);
    const std::uint8_t *b = c.state.memory.read(c.arg(1), n, 1, fault);
    if (!b)
        return c.memoryFault(fault);
    if (!c.noteAccess(c.arg(0), n, false) || !c.noteAccess(c.arg(1), n, false))
        return Continuation::Fault;
    return c.returns(sign(std::memcmp(a, b, n)));
}

Continuation strlenCall(BuiltinCall &c) {
    std::string s;
    if (!c.readString(c.arg(0), s))
        return Continuation::Fault;
    return c.returns(s.size());
}

Continuation strcmpCall(BuiltinCall &c) {
    const std::uint64_t limit = c.builtin == Builtin::Strncmp ? c.arg(2) : ~std::uint64_t{0};
    std::string a, b;
    MemoryFault fault;
    if (!readBounded(c.state.memory, c.arg(0), limit, a, fault) ||
        !readBounded(c.state.memory, c.arg(1), limit, b, fault))
        return c.memoryFault(fault);
    return c.returns(sign(std::strncmp(a.c_str(), b.c_str(), std::max(a.size(), b.size()))));
}

Continuation strcpyCall(BuiltinCall &c) {
    std::string source, existing;
    if (!c.readString(c.arg(1), source))
        return Continuation::Fault;
    std::uint64_t dst = c.arg(0);
    if (c.builtin == Builtin::Strcat) {
        if (!c.readString(c.arg(0), existing))
            return Continuation::Fault;
        dst += existing.size();
    }
    MemoryFault fault;
    std::uint8_t *to = c.state.memory.write(dst, source.size() + 1, 1, fault);
    if (!to)
        return c.memoryFault(fault);
    if (!c.noteAccess(c.arg(1), source.size() + 1, false) || !c.noteAccess(dst, source.size() + 1, true))
        return Continuation::Fault;
    std::memcpy(to, source.c_str(), source.size() + 1);
    return c.returns(c.arg(0));
}

Continuation strncpyCall(BuiltinCall &c) {
    const std::uint64_t n = c.arg(2);
    std::string source;
    MemoryFault fault;
    if (!readBounded(c.state.memory, c.arg(1), n, source, fault))
        return c.memoryFault(fault);
    if (n) {
        std::uint8_t *to = c.state.memory.write(c.arg(0), n, 1, fault);
        if (!to)
            return c.memoryFault(fault);
        if (!c.noteAccess(c.arg(0), n, true))
            return Continuation::Fault;
        std::memset(to, 0, n);
        std::memcpy(to, source.data(), std::min<std::uint64_t>(source.size(), n));
    }
    return c.returns(c.arg(0));
}

} // namespace

void addStringCalls(LibcDispatcher &table) {
    table.add(Builtin::Memcpy, &memcpyCall);
    table.add(Builtin::Memmove, &memcpyCall);
    table.add(Builtin::Memset, &memsetCall);
    table.add(Builtin::Memcmp, &memcmpCall);
    table.add(Builtin::Strlen, &strlenCall);
    table.add(Builtin::Strcmp, &strcmpCall);
    table.add(Builtin::Strncmp, &strcmpCall);
    table.add(Builtin::Strcpy, &strcpyCall);
    table.add(Builtin::Strcat, &strcpyCall);
    table.add(Builtin::Strncpy, &strncpyCall);
}

} // namespace weft::interpreter
