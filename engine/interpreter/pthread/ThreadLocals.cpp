// SPDX-License-Identifier: MIT
// _Thread_local and __thread variables: Clang reaches them through llvm.threadlocal.address, which
// the lowering turns into Builtin::ThreadLocalAddress. The main thread uses the global itself (so the
// variables pane shows main's value); any other thread gets, on first use, an object of its own
// holding the variable's initial value, which ends with the thread.
#include "engine/interpreter/LibcDispatcher.hpp"

#include <algorithm>
#include <cstring>

namespace weft::interpreter {

namespace {

Continuation threadLocalCall(BuiltinCall &c) {
    const std::vector<program::Global> &globals = c.services.program.globals;
    const ThreadState &t = c.thread;
    const std::uint64_t variable = c.arg(0);
    const program::DecodedPointer d = program::decodePointer(variable);
    const std::uint32_t index = d.object - 1;
    if (t.id == ThreadNaming::kMain || d.owner != program::kGlobalOwner || d.object == 0 || index >= globals.size() ||
        !globals[index].threadLocal)
        return c.returns(variable);
    if (auto it = t.threadLocals.find(index); it != t.threadLocals.end())
        return c.returns(it->second);
    const program::Global &g = globals[index];
    MemoryFault fault;
    auto copy = c.state.memory.allocate(program::threadOwner(t.id), ObjectKind::Global, g.size, index, fault);
    if (!copy)
        return c.memoryFault(fault);
    if (g.size > 0) {
        std::uint8_t *bytes = c.state.memory.write(*copy, g.size, 1, fault);
        if (!bytes)
            return c.memoryFault(fault);
        std::memcpy(bytes, g.initialBytes.data(), std::min<std::size_t>(g.size, g.initialBytes.size()));
    }
    c.thread.threadLocals.emplace(index, *copy);
    return c.returns(*copy);
}

} // namespace

void addThreadLocalCalls(LibcDispatcher &table) { table.add(program::Builtin::ThreadLocalAddress, &threadLocalCall); }

} // namespace weft::interpreter
