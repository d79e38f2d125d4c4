// SPDX-License-Identifier: MIT
// _Thread_local and __thread variables: Clang reaches them through llvm.threadlocal.address, which
// the lowering turns into Builtin::ThreadLocalAddress. The main thread uses the global itself (so the
// variables pane shows main's value); any other thread gets, on first use, an object of its own
// holding the variable's initial value, which ends with the thread. Also the thread end that runs
// the runtime library's pthread key destructors (engine/runtime/pthread.c, __weft_thread_end).
#include "engine/interpreter/Stepper.hpp"

#include <algorithm>
#include <cstring>

namespace weft::interpreter {

Stepper::Next Stepper::threadLocal(InterpreterState &state, ThreadState &t, std::uint64_t &result) {
    const std::uint64_t variable = m_args.empty() ? 0 : m_args[0];
    const program::DecodedPointer d = program::decodePointer(variable);
    const std::uint32_t index = d.object - 1;
    if (t.id == ThreadNaming::kMain || d.owner != program::kGlobalOwner || d.object == 0 ||
        index >= m_program.globals.size() || !m_program.globals[index].threadLocal) {
        result = variable;
        return Next::Continue;
    }
    if (auto it = t.threadLocals.find(index); it != t.threadLocals.end()) {
        result = it->second;
        return Next::Continue;
    }
    const program::Global &g = m_program.globals[index];
    MemoryFault fault;
    auto copy = state.memory.allocate(program::threadOwner(t.id), ObjectKind::Global, g.size, index, fault);
    if (!copy)
        return memoryFault(t, fault);
    if (g.size > 0) {
        std::uint8_t *bytes = state.memory.write(*copy, g.size, 1, fault);
        if (!bytes)
            return memoryFault(t, fault);
        std::memcpy(bytes, g.initialBytes.data(), std::min<std::size_t>(g.size, g.initialBytes.size()));
    }
    t.threadLocals.emplace(index, *copy);
    result = *copy;
    return Next::Continue;
}

bool Stepper::runsThreadEnd(const ThreadState &t) const {
    return t.id != ThreadNaming::kMain && !t.endRan && m_program.threadEndFunction != program::Program::kNoFunction;
}

Stepper::Next Stepper::enterThreadEnd(InterpreterState &state, ThreadState &t) {
    // The thread's frames end here (pthread_exit unwinds them); its thread-local variables live on
    // until it exits: the destructors' values are in them.
    t.endRan = true;
    m_dead.clear();
    while (!t.stack.empty())
        t.stack.pop(m_dead);
    for (std::uint64_t p : m_dead)
        state.memory.endLifetime(p);
    m_args.clear();
    return call(state, t, m_program.threadEndFunction);
}

} // namespace weft::interpreter
