// SPDX-License-Identifier: MIT
// stdlib.h builtins: the heap (malloc, calloc, realloc, free; the rest of the allocation functions
// are runtime C over these) and the integer helpers the runtime does not provide in C.
#include "engine/interpreter/LibcDispatcher.hpp"

#include <cstdlib>

namespace weft::interpreter {

using program::Builtin;

namespace {

std::uint64_t asInt(std::int64_t v) { return std::uint64_t(v) & 0xFFFFFFFFu; }

Continuation mallocCall(BuiltinCall &c) {
    const auto p = c.allocateHeap(c.arg(0));
    return p ? c.returns(*p) : Continuation::Fault;
}

Continuation callocCall(BuiltinCall &c) {
    const unsigned __int128 total = (unsigned __int128)c.arg(0) * c.arg(1);
    const auto p =
        c.allocateHeap(total >= program::kMaxObjectSize ? program::kMaxObjectSize : std::uint64_t(total), true);
    return p ? c.returns(*p) : Continuation::Fault;
}

Continuation reallocCall(BuiltinCall &c) {
    Memory &memory = c.state.memory;
    MemoryFault fault;
    const std::uint64_t old = c.arg(0), size = c.arg(1);
    std::uint64_t oldSize = 0;
    if (old != 0) {
        const MemoryObject *o = memory.objectAt(old);
        if (!o || o->kind != ObjectKind::Heap || !o->alive || program::decodePointer(old).offset != 0) {
            memory.release(old, fault); // classifies the misuse
            return c.memoryFault(fault);
        }
        oldSize = o->size;
    }
    if (size == 0 && old != 0) {
        if (!c.noteFree(old))
            return Continuation::Fault;
        memory.release(old, fault);
        return c.returns(0);
    }
    const auto p = c.allocateHeap(size);
    if (!p)
        return Continuation::Fault;
    if (*p == 0) // too large: the old block stays
        return c.returns(0);
    if (old != 0) {
        if (c.copy(*p, old, std::min(oldSize, size), true) != Continuation::Continue || !c.noteFree(old))
            return Continuation::Fault;
        if (!memory.release(old, fault))
            return c.memoryFault(fault);
    }
    return c.returns(*p);
}

Continuation freeCall(BuiltinCall &c) {
    MemoryFault fault;
    if (!c.noteFree(c.arg(0)))
        return Continuation::Fault;
    if (!c.state.memory.release(c.arg(0), fault))
        return c.memoryFault(fault);
    return Continuation::Continue;
}

Continuation absCall(BuiltinCall &c) {
    return c.returns(asInt(std::abs(std::int64_t(std::int32_t(std::uint32_t(c.arg(0)))))));
}

Continuation labsCall(BuiltinCall &c) {
    const std::int64_t v = std::int64_t(c.arg(0));
    return c.returns(std::uint64_t(v < 0 ? -v : v));
}

Continuation atoiCall(BuiltinCall &c) {
    std::string text;
    if (!c.readString(c.arg(0), text))
        return Continuation::Fault;
    return c.returns(asInt(std::int64_t(std::int32_t(std::strtol(text.c_str(), nullptr, 10)))));
}

} // namespace

void addStdlibCalls(LibcDispatcher &table) {
    table.add(Builtin::Malloc, &mallocCall);
    table.add(Builtin::Calloc, &callocCall);
    table.add(Builtin::Realloc, &reallocCall);
    table.add(Builtin::Free, &freeCall);
    table.add(Builtin::Abs, &absCall);
    table.add(Builtin::Labs, &labsCall);
    table.add(Builtin::Llabs, &labsCall);
    table.add(Builtin::Atoi, &atoiCall);
}

} // namespace weft::interpreter
