// SPDX-License-Identifier: MIT
// setjmp and longjmp within one thread. setjmp stores in the jmp_buf a token of the thread's record
// of where it was called (the frame and instruction); longjmp unwinds the frames above that one,
// ending their locals, and returns from that setjmp call again with its value (1 for 0). A jmp_buf
// never set, set by another thread, or whose function has returned is a defect at the longjmp.
#include "engine/interpreter/LibcDispatcher.hpp"

#include "engine/base/Message.hpp"

#include <cstring>

namespace weft::interpreter {

using program::Builtin;

namespace {

/// sizeof(jmp_buf) on x86-64 glibc; Weft uses its first 8 bytes.
constexpr std::uint64_t kJmpBufSize = 200;

Continuation setjmpCall(BuiltinCall &c) {
    ThreadState &t = c.thread;
    MemoryFault fault;
    std::uint8_t *buffer = c.state.memory.write(c.arg(0), 8, 8, fault);
    if (!buffer)
        return c.memoryFault(fault);
    if (!c.noteAccess(c.arg(0), 8, true))
        return Continuation::Fault;
    const Frame &f = t.stack.top();
    const JumpTarget here{std::uint32_t(t.stack.frames.size()), f.function, f.base, f.pc};
    std::size_t index = 0; // a setjmp in a loop reuses its record
    while (index < t.jumps.size() && !(t.jumps[index] == here))
        ++index;
    if (index == t.jumps.size())
        t.jumps.push_back(here);
    const std::uint64_t token = (std::uint64_t(t.id) << 32) | (index + 1);
    std::memcpy(buffer, &token, 8);
    return c.returns(0);
}

Continuation longjmpCall(BuiltinCall &c) {
    ThreadState &t = c.thread;
    MemoryFault fault;
    const std::uint8_t *buffer = c.state.memory.read(c.arg(0), 8, 8, fault);
    if (!buffer)
        return c.memoryFault(fault);
    if (!c.noteAccess(c.arg(0), 8, false))
        return Continuation::Fault;
    std::uint64_t token = 0;
    std::memcpy(&token, buffer, 8);
    const auto owner = ThreadId(token >> 32);
    const auto index = std::uint32_t(token);
    const std::string name(program::builtinSymbol(c.builtin));
    if (index == 0 || (owner == t.id && index > t.jumps.size()))
        return c.fail(DefectKind::UndefinedBehaviour, english(MessageKind::JumpNotSet, {name}));
    if (owner != t.id)
        return c.fail(DefectKind::UnsupportedOperation,
                      english(MessageKind::JumpOtherThread, {name, std::to_string(owner)}));
    const JumpTarget target = t.jumps[index - 1];
    if (t.stack.frames.size() < target.depth || t.stack.frames[target.depth - 1].function != target.function ||
        t.stack.frames[target.depth - 1].base != target.base)
        return c.fail(DefectKind::UndefinedBehaviour, english(MessageKind::JumpReturned, {name}));
    std::vector<std::uint64_t> dead;
    while (t.stack.frames.size() > target.depth)
        t.stack.pop(dead);
    for (std::uint64_t p : dead)
        c.state.memory.endLifetime(p);
    t.stack.top().pc = target.pc; // the setjmp call returns again, with the value
    const std::uint64_t value = c.arg(1) & 0xFFFFFFFFu;
    return c.returns(value == 0 ? 1 : value);
}

} // namespace

void addJumpCalls(LibcDispatcher &table) {
    table.add(Builtin::Setjmp, &setjmpCall);
    table.add(Builtin::SigSetjmp, &setjmpCall);
    table.add(Builtin::Longjmp, &longjmpCall);
    table.add(Builtin::SigLongjmp, &longjmpCall);
}

} // namespace weft::interpreter
