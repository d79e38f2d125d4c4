// SPDX-License-Identifier: MIT
// The steps many builtins share: allocating at the call, copying and reading program memory.
#include "engine/interpreter/BuiltinCall.hpp"

#include "engine/base/Message.hpp"

#include <cstring>

namespace weft::interpreter {

std::optional<std::uint64_t> BuiltinCall::allocateHeap(std::uint64_t size, bool zeroed) {
    if (size >= program::kMaxObjectSize)
        return std::uint64_t{0}; // like a failing malloc: NULL
    MemoryFault fault;
    const bool undefined = !zeroed && services.options.uninit == UninitMode::Report;
    auto p = state.memory.allocate(program::threadOwner(thread.id), ObjectKind::Heap, size, site(), fault, undefined);
    if (!p)
        memoryFault(fault);
    return p;
}

Continuation BuiltinCall::copy(std::uint64_t dst, std::uint64_t src, std::uint64_t n, bool overlapOk) {
    if (n == 0)
        return Continuation::Continue;
    MemoryFault fault;
    const std::uint8_t *from = state.memory.read(src, n, 1, fault);
    if (!from)
        return memoryFault(fault);
    const std::vector<RegisterShadow> undefined = state.memory.undefinedBytes(src, n); // before dst is written
    std::uint8_t *to = state.memory.write(dst, n, 1, fault);
    if (!to)
        return memoryFault(fault);
    if (!noteAccess(src, n, false) || !noteAccess(dst, n, true))
        return Continuation::Fault;
    // Exactly equal ranges are allowed: Clang lowers a struct assignment (even `s = s;`) to
    // llvm.memcpy, whose contract is "equal or disjoint", and a call to memcpy to the same
    // intrinsic, so the two cannot be told apart here.
    if (!overlapOk && to != from && to < from + n && from < to + n)
        return fail(DefectKind::UndefinedBehaviour, english(MessageKind::OverlappingCopy, {}));
    std::memmove(to, from, n);
    state.memory.markUndefinedBytes(dst, undefined);
    return Continuation::Continue;
}

bool BuiltinCall::readString(std::uint64_t p, std::string &out) {
    MemoryFault fault;
    if (state.memory.readString(p, out, fault))
        return true;
    memoryFault(fault);
    return false;
}

} // namespace weft::interpreter
